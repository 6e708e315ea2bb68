import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) =>
      col.notNull().defaultTo("FreeUser").check(sql`role in ('FreeUser', 'LiteUser', 'ProUser', 'Admin')`),
    )
    .addColumn("email_confirmed", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("is_active", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("last_active_at", "timestamptz")
    .execute();
  // Emails are stored normalised (trimmed, lower-case); the index makes that unique.
  await db.schema.createIndex("users_email_key").on("users").column("email").unique().execute();
  await db.schema.createIndex("users_role_idx").on("users").column("role").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("users").execute();
}
