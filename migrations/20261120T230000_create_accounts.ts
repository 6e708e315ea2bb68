import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // Cookie sessions and API bearer tokens alike: only a hash of the token is stored.
  await db.schema
    .createTable("auth_sessions")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('web', 'api')`))
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("auth_sessions_user_idx").on("auth_sessions").column("user_id").execute();

  // Single-use links mailed to the user: email confirmation and password reset.
  await db.schema
    .createTable("email_tokens")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (col) => col.notNull().check(sql`purpose in ('confirm_email', 'reset_password')`))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("email_tokens_user_idx").on("email_tokens").columns(["user_id", "purpose"]).execute();

  // Failed sign-ins, for throttling by email and by address.
  await db.schema
    .createTable("auth_failures")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("auth_failures_email_idx").on("auth_failures").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("auth_failures_ip_idx").on("auth_failures").columns(["ip", "created_at"]).execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("link", "text")
    .addColumn("read_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("notifications_user_created_idx")
    .on("notifications")
    .columns(["user_id", "created_at desc"])
    .execute();

  // Mail that was not sent over SMTP (none configured): readable at /dev/outbox.
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("to_address", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text_body", "text", (col) => col.notNull())
    .addColumn("html_body", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("mail_outbox_created_idx").on("mail_outbox").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["mail_outbox", "notifications", "auth_failures", "email_tokens", "auth_sessions"]) {
    await db.schema.dropTable(table).execute();
  }
}
