import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // Sites' icons, fetched by the worker through the safe fetcher and served from our origin, so
  // visitors' browsers never ask third-party sites. Keyed by a hash of the icon's address: one
  // row per icon however many links point at it. No data means "looked, found none".
  await db.schema
    .createTable("favicons")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("source_url", "text", (col) => col.notNull())
    .addColumn("content_type", "text")
    .addColumn("data", "bytea")
    .addColumn("fetched_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("favicons_data_size_check", sql`data is null or octet_length(data) <= 102400`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("favicons").execute();
}
