import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Personal API tokens (apiAccess): long-lived, named, scoped bearer tokens a user creates for
// their own tools. Kept apart from auth_sessions, which sign-in creates and which carry no scopes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("scopes", sql`text[]`, (col) => col.notNull())
    .addColumn("expires_at", "timestamptz")
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("api_tokens_name_check", sql`char_length(name) between 1 and 80`)
    .addCheckConstraint("api_tokens_scopes_check", sql`cardinality(scopes) >= 1 and scopes <@ array['read', 'write']::text[]`)
    .execute();
  await db.schema.createIndex("api_tokens_user_idx").on("api_tokens").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_tokens").execute();
}
