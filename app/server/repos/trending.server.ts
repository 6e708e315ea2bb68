import { sql } from "kysely";
import type { Database } from "../platform/db.server";

/**
 * Public links ranked by views since `since`, one row per page (normalised URL) however many
 * users shared it: the views of every copy add up, the most recently shared copy speaks for it.
 */
export async function listTrending(
  db: Database,
  { since, category, limit, offset }: { since: string; category: string | null; limit: number; offset: number },
) {
  const categoryFilter = category ? sql`and l.category = ${category}` : sql``;
  const ranked = sql<{
    id: string;
    title: string | null;
    description: string | null;
    url: string;
    favicon: string | null;
    category: string | null;
    views: number;
    total: number;
  }>`
    with counted as (
      select l.normalized_url, count(*)::int as views
      from share_views sv join links l on l.id = sv.link_id
      where l.is_public and l.deleted_at is null and sv.day >= ${since}::date ${categoryFilter}
      group by l.normalized_url
    ),
    represented as (
      select distinct on (l.normalized_url) l.id, l.title, l.description, l.url, l.favicon, l.category, c.views
      from counted c join links l on l.normalized_url = c.normalized_url and l.is_public and l.deleted_at is null ${categoryFilter}
      order by l.normalized_url, l.shared_at desc nulls last
    )
    select r.*, count(*) over ()::int as total
    from represented r
    order by r.views desc, r.id
    limit ${limit} offset ${offset}`;
  return (await ranked.execute(db)).rows;
}

export async function countTrending(db: Database, { since, category }: { since: string; category: string | null }): Promise<number> {
  const categoryFilter = category ? sql`and l.category = ${category}` : sql``;
  const row = await sql<{ total: number }>`
    select count(distinct l.normalized_url)::int as total
    from share_views sv join links l on l.id = sv.link_id
    where l.is_public and l.deleted_at is null and sv.day >= ${since}::date ${categoryFilter}`.execute(db);
  return row.rows[0]?.total ?? 0;
}

export async function getStats(db: Database) {
  const row = await sql<{ total_stored_urls: number; total_users: number; total_enriched: number; enriched_today: number }>`
    select
      (select count(*)::int from links where deleted_at is null) as total_stored_urls,
      (select count(*)::int from users) as total_users,
      (select count(*)::int from links where status = 'enriched' and deleted_at is null) as total_enriched,
      (select count(*)::int from links where enriched_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc' and deleted_at is null) as enriched_today`.execute(db);
  return row.rows[0]!;
}
