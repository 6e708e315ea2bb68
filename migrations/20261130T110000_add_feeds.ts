import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
// Feeds (issue #37, decision 070): a user's subscriptions to RSS, Atom and JSON feeds, polled by
// the worker with their validators, and each feed's entries seen so far, so an item the user
// deleted is never saved again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("feeds")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("site_url", "text")
    .addColumn("title", "text")
    .addColumn("tags", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("paused", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("etag", "text")
    .addColumn("last_modified", "text")
    .addColumn("next_poll_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("last_polled_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("feeds_url_check", sql`char_length(url) between 1 and 2000`)
    .addUniqueConstraint("feeds_user_url_key", ["user_id", "url"])
    .execute();
  // The sweep's look-up: live feeds by when they are due.
  await db.schema.createIndex("feeds_due_idx").on("feeds").column("next_poll_at").where(sql.ref("paused"), "=", false).execute();

  await db.schema
    .createTable("feed_items")
    .addColumn("feed_id", "uuid", (col) => col.notNull().references("feeds.id").onDelete("cascade"))
    // The entry's guid (RSS), id (Atom, JSON Feed) or, without one, its address.
    .addColumn("item_key", "text", (col) => col.notNull())
    // The link saved for it; null when it was only seen (older entries on a first poll, or the
    // page already in the library) or once that link is purged.
    .addColumn("link_id", "uuid", (col) => col.references("links.id").onDelete("set null"))
    .addColumn("seen_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("feed_items_pkey", ["feed_id", "item_key"])
    .execute();
  // Deleting (purging) a link sets its feed items' link_id to null: found by index, not a scan.
  await db.schema.createIndex("feed_items_link_idx").on("feed_items").column("link_id").where("link_id", "is not", null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("feed_items").execute();
  await db.schema.dropTable("feeds").execute();
}
