import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("links")
    .addColumn("is_public", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("shared_at", "timestamptz")
    .addColumn("is_demo", "boolean", (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex("links_public_idx").on("links").columns(["is_public", "normalized_url"]).where(sql.ref("is_public"), "=", true).execute();
  await db.schema.alterTable("users").addColumn("is_demo", "boolean", (col) => col.notNull().defaultTo(false)).execute();

  // One row per visitor per day per shared link (the visitor is a keyed hash, not an address).
  await db.schema
    .createTable("share_views")
    .addColumn("link_id", "uuid", (col) => col.notNull().references("links.id").onDelete("cascade"))
    .addColumn("visitor", "text", (col) => col.notNull())
    .addColumn("day", "date", (col) => col.notNull())
    .addColumn("viewed_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("share_views_pkey", ["link_id", "visitor", "day"])
    .execute();
  await db.schema.createIndex("share_views_day_idx").on("share_views").columns(["day", "link_id"]).execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("user_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
  await db.schema.dropTable("share_views").execute();
  await db.schema.alterTable("users").dropColumn("is_demo").execute();
  await db.schema.alterTable("links").dropColumn("is_demo").dropColumn("shared_at").dropColumn("is_public").execute();
}
