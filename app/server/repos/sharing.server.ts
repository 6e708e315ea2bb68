import { sql } from "kysely";
import type { Database } from "../platform/db.server";

export async function setLinkPublic(db: Database, { id, userId, isPublic }: { id: string; userId: string; isPublic: boolean }) {
  return db
    .updateTable("links")
    .set({ is_public: isPublic, shared_at: isPublic ? new Date() : null })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

/** A public link with its owner's role (Free shares carry a watermark). */
export async function getPublicLink(db: Database, id: string) {
  return db
    .selectFrom("links")
    .innerJoin("users", "users.id", "links.user_id")
    .select(["links.id", "links.title", "links.description", "links.url", "links.tags", "links.summary", "links.favicon", "users.role as owner_role"])
    .where("links.id", "=", id)
    .where("links.is_public", "=", true)
    .executeTakeFirst();
}

/** One view per visitor per day; a repeat is ignored. */
export async function insertShareView(db: Database, view: { linkId: string; visitor: string; day: string }): Promise<void> {
  await db
    .insertInto("share_views")
    .values({ link_id: view.linkId, visitor: view.visitor, day: view.day })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function listSharedLinks(db: Database, userId: string) {
  return db
    .selectFrom("links")
    .leftJoin("share_views", "share_views.link_id", "links.id")
    .select(["links.id", "links.title", "links.url", "links.shared_at", sql<number>`count(share_views.link_id)::int`.as("views")])
    .where("links.user_id", "=", userId)
    .where("links.is_public", "=", true)
    .groupBy("links.id")
    .orderBy("links.shared_at", "desc")
    .execute();
}

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
      where l.is_public and sv.day >= ${since}::date ${categoryFilter}
      group by l.normalized_url
    ),
    represented as (
      select distinct on (l.normalized_url) l.id, l.title, l.description, l.url, l.favicon, l.category, c.views
      from counted c join links l on l.normalized_url = c.normalized_url and l.is_public ${categoryFilter}
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
    where l.is_public and sv.day >= ${since}::date ${categoryFilter}`.execute(db);
  return row.rows[0]?.total ?? 0;
}

export async function getStats(db: Database) {
  const row = await sql<{ total_stored_urls: number; total_users: number; total_enriched: number; enriched_today: number }>`
    select
      (select count(*)::int from links) as total_stored_urls,
      (select count(*)::int from users) as total_users,
      (select count(*)::int from links where status = 'enriched') as total_enriched,
      (select count(*)::int from links where enriched_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc') as enriched_today`.execute(db);
  return row.rows[0]!;
}
