import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // Fetch once for everyone (issue 17): a public page's parse, shared by every user who saves
  // the same address within the freshness window. Only what the page itself says is kept here
  // (fetched without credentials); each user's summary and tags stay on their own link.
  // Keyed by a hash of the normalised address: addresses may be longer than a b-tree entry.
  await db.schema
    .createTable("fetch_cache")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("url", "text", (col) => col.notNull())
    // ok: `parse` holds the page; failed: `failure` says why, for a short while only.
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("final_url", "text")
    .addColumn("content_type", "text")
    .addColumn("bytes", "integer")
    .addColumn("parse", "jsonb")
    // The parse's shape: an entry of another version is fetched again, not reused.
    .addColumn("parse_version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("method", "text", (col) => col.notNull().defaultTo("plain"))
    .addColumn("etag", "text")
    .addColumn("last_modified", "text")
    .addColumn("failure", "text")
    .addColumn("failure_kind", "text")
    .addColumn("fetched_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("fresh_until", "timestamptz", (col) => col.notNull())
    .addCheckConstraint("fetch_cache_outcome_check", sql`outcome in ('ok', 'failed')`)
    .execute();
  // The hourly cleanup removes entries long past their freshness.
  await db.schema.createIndex("fetch_cache_fresh_until_idx").on("fetch_cache").column("fresh_until").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("fetch_cache").execute();
}
