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

/**
 * The admin console's benchmark data, in SQL so a million rows take seconds: `users` accounts
 * (a few unconfirmed, a few deactivated, joined over 400 days, each with its sign-up event) and
 * `links` links spread evenly over the last 365 days (1 in 40 failed, 1 in 997 pending), one
 * usage row per enriched link (a third by the openai engine), and a failed quiz for 1 link in
 * 100. Then VACUUM ANALYZE, as autovacuum leaves a table that has settled, and 1% more links
 * saved in the last hour with their usage rows, not vacuumed yet: what an index-only scan meets
 * just before autovacuum comes by again (links and enrichment_usage are vacuumed after 1% new
 * rows).
 */
export async function loadAdminBenchData(db: Database, { users, links }: { users: number; links: number }): Promise<void> {
  await sql`
    insert into users (email, password_hash, role, email_confirmed, is_active, created_at)
    select 'bench-user-' || i || '@bench.test', 'x',
      (array['FreeUser', 'FreeUser', 'FreeUser', 'LiteUser', 'ProUser'])[1 + i % 5],
      i % 7 <> 0, i % 50 <> 0, now() - (i % 400) * interval '1 day'
    from generate_series(1, ${users}::int) i`.execute(db);
  await sql`
    insert into audit_events (kind, action, actor_id, actor_label, target_type, target_id, target_label, after, created_at)
    select 'account', 'account.signed-up', id, email, 'user', id::text, email, jsonb_build_object('role', role), created_at
    from users where email like 'bench-user-%' order by created_at`.execute(db);
  await sql`
    insert into links (user_id, url, normalized_url, status, error, title, summary, enrichment_engine, enriched_at, created_at, updated_at, saved_at)
    select u.id, 'https://bench.test/p/' || i, 'https://bench.test/p/' || i,
      case when i % 40 = 0 then 'error' when i % 997 = 0 then 'pending' else 'enriched' end,
      case when i % 40 = 0 then 'The page could not be fetched' end,
      'Page ' || i, 'A short summary of page ' || i,
      case when i % 40 <> 0 and i % 997 <> 0 then 'local/extractive-v1' end,
      case when i % 40 <> 0 and i % 997 <> 0 then t end,
      t, t, t
    from generate_series(1, ${links}::int) i
    cross join lateral (select now() - (i::float8 / ${links}::int) * interval '365 days' as t) at_time
    join (select id, row_number() over (order by id) - 1 as n from users where email like 'bench-user-%') u on u.n = i % ${users}::int`.execute(db);
  await sql`
    insert into enrichment_usage (user_id, link_id, kind, source, provider, model, created_at)
    select user_id, id, 'link', 'allowance',
      case when n % 3 = 0 then 'openai' else 'local' end,
      case when n % 3 = 0 then 'gpt-4o-mini' else 'extractive-v1' end,
      enriched_at
    from (select user_id, id, enriched_at, row_number() over () as n from links where status = 'enriched') enriched`.execute(db);
  await sql`
    insert into link_artifacts (link_id, user_id, kind, status, error, created_at, updated_at)
    select id, user_id, 'quiz', 'error', 'The model did not answer', created_at, created_at
    from links where status = 'enriched' and substr(url, 22)::int % 100 = 1`.execute(db);
  await sql`vacuum analyze`.execute(db);
  const recent = Math.ceil(links / 100);
  await sql`
    with added as (
      insert into links (user_id, url, normalized_url, status, title, summary, enrichment_engine, enriched_at, created_at, updated_at, saved_at)
      select u.id, 'https://bench.test/recent/' || i, 'https://bench.test/recent/' || i, 'enriched', 'Recent page ' || i, 'A recent page', 'local/extractive-v1', t, t, t, t
      from generate_series(1, ${recent}::int) i
      cross join lateral (select now() - (i::float8 / ${recent}::int) * interval '1 hour' as t) at_time
      join (select id, row_number() over (order by id) - 1 as n from users where email like 'bench-user-%') u on u.n = i % ${users}::int
      returning id, user_id, enriched_at
    )
    insert into enrichment_usage (user_id, link_id, kind, source, provider, model, created_at)
    select user_id, id, 'link', 'allowance', 'local', 'extractive-v1', enriched_at from added`.execute(db);
}

/**
 * The admin data's failures (1 failed link in 40, a failed quiz for 1 link in 100) and pending
 * links (1 in 997) turned into successes, so the operations part measures exactly the failures it
 * inserts (the workers' reconciler would queue the pending ones, whose addresses do not resolve).
 */
export async function clearBenchFailures(db: Database): Promise<void> {
  await sql`
    update links set status = 'enriched', error = null, enrichment_engine = 'local/extractive-v1', enriched_at = updated_at
    where status in ('error', 'pending')`.execute(db);
  await sql`delete from link_artifacts where status = 'error'`.execute(db);
}

/**
 * `count` failed links, spread over the active Pro accounts of the admin data (unlimited, so a
 * replay is never skipped for quota) and over the last 7 days, each failed with one of
 * `reasons`; their URLs point at `pagesBase` so a replay can succeed. Returns their ids and how
 * many accounts own them.
 */
export async function insertFailedLinks(
  db: Database,
  { count, reasons, pagesBase }: { count: number; reasons: string[]; pagesBase: string },
): Promise<{ ids: string[]; users: number }> {
  const { owners } = await db
    .selectFrom("users")
    .select(sql<number>`count(*)::int`.as("owners"))
    .where("email", "like", "bench-user-%")
    .where("role", "=", "ProUser")
    .where("is_active", "=", true)
    .executeTakeFirstOrThrow();
  if (owners === 0) throw new Error("no active Pro bench users to own the failed links");
  const { rows } = await sql<{ id: string }>`
    insert into links (user_id, url, normalized_url, status, error, created_at, updated_at, saved_at)
    select u.id, ${pagesBase} || '/page/' || i || '?replay=' || i, ${pagesBase} || '/page/' || i || '?replay=' || i,
      'error', (${reasons}::text[])[1 + i % ${reasons.length}::int], t, t, t
    from generate_series(1, ${count}::int) i
    cross join lateral (select now() - (i::float8 / ${count}::int) * interval '7 days' as t) at_time
    join (select id, row_number() over (order by id) - 1 as n from users
          where email like 'bench-user-%' and role = 'ProUser' and is_active) u on u.n = i % ${owners}::int
    returning id`.execute(db);
  await sql`vacuum analyze links, link_artifacts`.execute(db);
  return { ids: rows.map((row) => row.id), users: Math.min(owners, count) };
}

/** How the given links stand: enriched, failed, or still pending. */
export async function countLinkStates(db: Database, ids: string[]): Promise<{ enriched: number; failed: number; pending: number }> {
  return db
    .selectFrom("links")
    .select([
      sql<number>`count(*) filter (where status = 'enriched')::int`.as("enriched"),
      sql<number>`count(*) filter (where status = 'error')::int`.as("failed"),
      sql<number>`count(*) filter (where status = 'pending')::int`.as("pending"),
    ])
    .where("id", "=", sql<string>`any(${ids}::uuid[])`)
    .executeTakeFirstOrThrow();
}

/**
 * One user's library for the dashboard part: `links` links saved over the last year (1 in 40
 * failed, 1 in 200 pending, the rest enriched with a summary of about 400 characters, tags, a
 * category and two code snippets), a ready quiz and mini-course on 1 enriched link in 10, then
 * VACUUM ANALYZE.
 */
export async function loadLibraryBenchData(db: Database, { userId, links }: { userId: string; links: number }): Promise<void> {
  await sql`
    insert into links (user_id, url, normalized_url, status, error, title, description, tags, category, summary, code_snippets,
      reading_minutes, enrichment_engine, enriched_at, created_at, updated_at, saved_at)
    select ${userId}, 'https://library.bench.test/post/' || i, 'https://library.bench.test/post/' || i,
      s.status, case when s.status = 'error' then 'The page answered 404 Not Found' end,
      'Library page ' || i || ': indexes, queries and the plans between them',
      'What page ' || i || ' says about Postgres indexes and query plans.',
      array['postgres', 'indexes', 'performance'],
      case when s.status = 'enriched' then 'programming' end,
      case when s.status = 'enriched' then 'Page ' || i || ' explains how B-tree indexes speed up lookups, when the planner prefers a sequential scan, and how to read EXPLAIN ANALYZE output. ' || repeat('It walks through one more worked example. ', 6) end,
      case when s.status = 'enriched' then jsonb_build_array(
        jsonb_build_object('language', 'sql', 'code', 'CREATE INDEX links_user_idx ON links (user_id, saved_at DESC);'),
        jsonb_build_object('language', 'sql', 'code', 'EXPLAIN ANALYZE SELECT * FROM links WHERE user_id = $1 ORDER BY saved_at DESC LIMIT 50;'))
        else '[]'::jsonb end,
      case when s.status = 'enriched' then 6 end,
      case when s.status = 'enriched' then 'local/extractive-v1' end,
      case when s.status = 'enriched' then t end,
      t, t, t
    from generate_series(1, ${links}::int) i
    cross join lateral (select now() - (i::float8 / ${links}::int) * interval '365 days' as t) at_time
    cross join lateral (select case when i % 40 = 0 then 'error' when i % 200 = 0 then 'pending' else 'enriched' end as status) s`.execute(db);
  await sql`
    insert into link_artifacts (link_id, user_id, kind, variant, status, payload, engine, created_at, updated_at)
    select l.id, l.user_id, k.kind, '', 'ready', k.payload, 'local/extractive-v1', l.enriched_at, l.enriched_at
    from (select id, user_id, enriched_at, row_number() over (order by saved_at desc) as n from links where user_id = ${userId} and status = 'enriched') l
    cross join (values
      ('quiz', (select jsonb_build_object('questions', jsonb_agg(jsonb_build_object('question', 'Question ' || q || '?', 'options', jsonb_build_array('A', 'B', 'C', 'D'), 'answerIndex', 0, 'explanation', 'Because the page says so.'))) from generate_series(1, 5) q)),
      ('course', (select jsonb_build_object('title', 'A short course', 'lessons', jsonb_agg(jsonb_build_object('title', 'Lesson ' || q, 'objective', 'Learn part ' || q, 'content', repeat('Lesson text. ', 80), 'checkQuestion', 'What did lesson ' || q || ' teach?'))) from generate_series(1, 4) q))
    ) as k(kind, payload)
    where l.n % 10 = 1`.execute(db);
  await sql`vacuum analyze links, link_artifacts`.execute(db);
}

/** One link's status, for timing a link added by hand (bench part 7). */
export async function getLinkStatus(db: Database, id: string): Promise<string | undefined> {
  const row = await db.selectFrom("links").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status;
}

/**
 * The fetch cache's benchmark (part 8): `users` ProUser accounts that each save every one of
 * `urls`, pending, ordered page by page (every user's save of the first page, then the second's),
 * as a page shared widely is saved by many at once. The shared fetches are emptied too.
 */
export async function loadSharedPageLinks(db: Database, { users, urls }: { users: number; urls: string[] }): Promise<string[]> {
  await sql`
    insert into users (email, password_hash, role, email_confirmed)
    select 'cache-bench-' || i || '@bench.test', 'x', 'ProUser', true
    from generate_series(1, ${users}::int) i
    on conflict do nothing`.execute(db);
  await db.deleteFrom("fetch_cache").execute();
  const rows = await sql<{ id: string }>`
    insert into links (user_id, url, normalized_url)
    select u.id, p.url, p.url
    from unnest(${urls}::text[]) with ordinality p(url, n)
    cross join (select id from users where email like 'cache-bench-%' order by email limit ${users}::int) u
    order by p.n
    returning id`.execute(db);
  return rows.rows.map((row) => row.id);
}
