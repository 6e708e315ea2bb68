import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // A plan or role an admin set by hand. Kept apart from users.role so that a subscription
  // sync can tell a manual grant (which wins until revoked) from a role it derived itself.
  // Revoked grants stay as history; at most one grant per user is live.
  await db.schema
    .createTable("role_grants")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull().check(sql`role in ('LiteUser', 'ProUser', 'Admin')`))
    .addColumn("granted_by_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("granted_by_label", "text")
    .addColumn("granted_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("revoked_at", "timestamptz")
    .addColumn("revoked_by_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("revoked_by_label", "text")
    .execute();
  await db.schema
    .createIndex("role_grants_live_key")
    .on("role_grants")
    .column("user_id")
    .unique()
    .where(sql.ref("revoked_at"), "is", null)
    .execute();
  await db.schema.createIndex("role_grants_user_idx").on("role_grants").columns(["user_id", "granted_at"]).execute();
  // The granting and revoking admins' foreign keys need their own indexes, or deleting any
  // user scans the whole table twice.
  await db.schema.createIndex("role_grants_granted_by_idx").on("role_grants").column("granted_by_id").execute();
  await db.schema.createIndex("role_grants_revoked_by_idx").on("role_grants").column("revoked_by_id").execute();

  // A session ended by someone else (an admin deactivating the account) is kept, marked,
  // until it would have expired, so its next request can be told why it no longer works.
  await db.schema.alterTable("auth_sessions").addColumn("revoked_at", "timestamptz").execute();

  // The admin user list: substring search on email (pg_trgm ships with Postgres' contrib, in
  // the official images and the embedded server alike, and is a trusted extension) and
  // keyset pages in each sort order.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`.execute(db);
  await db.schema.createIndex("users_created_idx").on("users").columns(["created_at", "id"]).execute();
  await sql`create index users_last_active_idx on users ((coalesce(last_active_at, '-infinity'::timestamptz)), id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_last_active_idx").execute();
  await db.schema.dropIndex("users_created_idx").execute();
  await db.schema.dropIndex("users_email_trgm_idx").execute();
  // The pg_trgm extension stays: it may have been there before, and other objects may use it.
  await db.schema.alterTable("auth_sessions").dropColumn("revoked_at").execute();
  await db.schema.dropTable("role_grants").execute();
}
