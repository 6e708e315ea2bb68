import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// A Creator's affiliate rules: on their public share pages, a link to `domain` (or one of its
// subdomains) goes out with `param=value` set in its query string.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("affiliate_rules")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("domain", "text", (col) => col.notNull())
    .addColumn("param", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("affiliate_rules_user_domain_param_key", ["user_id", "domain", "param"])
    .addCheckConstraint("affiliate_rules_lengths_check", sql`char_length(domain) between 1 and 253 and char_length(param) between 1 and 100 and char_length(value) between 1 and 500`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("affiliate_rules").execute();
}
