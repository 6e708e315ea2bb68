import type { Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // How the link's page was last fetched: plain, cache (the shared fetch cache) or browser; in
  // how long; and why, when it was not a plain fetch. Columns on links rather than a table of
  // fetches: one answer per link, written in the same statement as the enrichment and read with
  // the link's details, with no extra row or join on the hot path.
  await db.schema
    .alterTable("links")
    .addColumn("fetch_method", "text")
    .addColumn("fetch_ms", "integer")
    .addColumn("fetch_reason", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").dropColumn("fetch_method").dropColumn("fetch_ms").dropColumn("fetch_reason").execute();
}
