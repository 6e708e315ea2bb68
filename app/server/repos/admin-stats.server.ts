import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { Role } from "../platform/db-schema.server";

// The admin console's figures. Each reads an index (see the migration that adds the admin
// stats indexes) or one pass over users, so the page stays fast with millions of links.

export interface UserCounts {
  by_role: Partial<Record<Role, number>>;
  new_since: number;
  unconfirmed_before: number;
  deactivated: number;
}

/**
 * Accounts per role (an index-only scan of users_role_idx), and of all accounts: created since
 * `since`, active with the email still unconfirmed though created before `since` (the user
 * list's "unconfirmed"), and deactivated; each a small range of an index, partial where it can be.
 */
export async function countUsers(db: Database, since: Date): Promise<UserCounts> {
  const result = await sql<UserCounts>`
    select
      (select coalesce(json_object_agg(role, n), '{}') from (select role, count(*)::int as n from users group by role) per_role) as by_role,
      (select count(*)::int from users where created_at >= ${since}) as new_since,
      (select count(*)::int from users where email_confirmed = false and is_active = true and created_at < ${since}) as unconfirmed_before,
      (select count(*)::int from users where is_active = false) as deactivated`.execute(db);
  return result.rows[0]!;
}

/**
 * Every live link (exact: an index-only scan of the partial list index, whose predicate is
 * `deleted_at is null`), and those created since `since` (a short range of links_created_at_idx).
 * Links deleted and awaiting their purge are not counted.
 */
export async function countLinks(db: Database, since: Date): Promise<{ total: number; since: number }> {
  const result = await sql<{ total: number; since: number }>`
    select
      (select count(*)::int from links where deleted_at is null) as total,
      (select count(*)::int from links where created_at >= ${since} and deleted_at is null) as since`.execute(db);
  return result.rows[0]!;
}

export interface EngineCountsRow {
  provider: string | null;
  model: string | null;
  month: number;
  day: number;
}

/** Counted enrichments (links and on-demand results) per engine since `monthStart`, and of those since `dayStart`. */
export async function countEnrichmentsByEngine(db: Database, { monthStart, dayStart }: { monthStart: Date; dayStart: Date }): Promise<EngineCountsRow[]> {
  return db
    .selectFrom("enrichment_usage")
    .select([
      "provider",
      "model",
      sql<number>`count(*)::int`.as("month"),
      sql<number>`(count(*) filter (where created_at >= ${dayStart}))::int`.as("day"),
    ])
    .where("created_at", ">=", monthStart)
    .groupBy(["provider", "model"])
    .orderBy(sql`count(*)`, "desc")
    .orderBy("provider")
    .orderBy("model")
    .execute();
}

/**
 * Work that ended in failure since `since` (links and on-demand results whose failure was
 * recorded then), and enrichments counted since then. The literal `status = 'error'` matches
 * the partial indexes' predicate.
 */
export async function countOutcomes(db: Database, since: Date): Promise<{ failed_links: number; failed_results: number; succeeded: number }> {
  const result = await sql<{ failed_links: number; failed_results: number; succeeded: number }>`
    select
      (select count(*)::int from links where status = 'error' and updated_at >= ${since} and deleted_at is null) as failed_links,
      (select count(*)::int from link_artifacts where status = 'error' and updated_at >= ${since}) as failed_results,
      (select count(*)::int from enrichment_usage where created_at >= ${since}) as succeeded`.execute(db);
  return result.rows[0]!;
}
