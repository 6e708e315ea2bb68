import { sql } from "kysely";
import type { Database } from "../platform/db.server";

// For `npm run bench` alone, on its throwaway database: whole-table reads over every user's
// links and a wipe, which no request or job may run.

/** Links the worker has finished with (enriched or failed), and how many of them failed. */
export async function countFinishedLinks(db: Database): Promise<{ done: number; failed: number }> {
  return db
    .selectFrom("links")
    .select([sql<number>`count(*) filter (where status <> 'pending')::int`.as("done"), sql<number>`count(*) filter (where status = 'error')::int`.as("failed")])
    .executeTakeFirstOrThrow();
}

/** The first and last enrichment since `since`, and how many happened in between. */
export async function getEnrichmentSpan(db: Database, since: Date): Promise<{ first: Date; last: Date; count: number }> {
  return db
    .selectFrom("links")
    .select([sql<Date>`min(enriched_at)`.as("first"), sql<Date>`max(enriched_at)`.as("last"), sql<number>`count(enriched_at)::int`.as("count")])
    .where("enriched_at", ">=", since)
    .executeTakeFirstOrThrow();
}

/** Milliseconds from adding to enriched, for each link added since `since`. */
export async function listEnrichmentLatencies(db: Database, since: Date): Promise<number[]> {
  const rows = await db
    .selectFrom("links")
    .select(sql<number>`extract(epoch from (enriched_at - created_at)) * 1000`.as("ms"))
    .where("created_at", ">=", since)
    .where("status", "=", "enriched")
    .execute();
  return rows.map((r) => Number(r.ms));
}

export async function deleteAllLinks(db: Database): Promise<void> {
  await db.deleteFrom("links").execute();
}
