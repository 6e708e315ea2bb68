import { sql } from "kysely";
import type { Database } from "../../app/server/platform/db.server";

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

/** When each of these links was enriched (epoch ms); a link not enriched is left out. */
export async function listEnrichedTimes(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("links")
    .select(["id", sql<number>`extract(epoch from enriched_at) * 1000`.as("ms")])
    .where("id", "in", ids)
    .where("enriched_at", "is not", null)
    .execute();
  return new Map(rows.map((row) => [String(row.id), Number(row.ms)]));
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
 * The search part's data, in SQL so a million rows take minutes: `users` other accounts and one
 * searcher (`userId`) owning `userLinks` of the `links` links. Text comes from `words` (a small
 * corpus, drawn with Zipf's skew, the k-th word about 1/k as often as the first, so a few words
 * are everywhere and most are rare): 20,000
 * sentences of 12 words, then each link takes a 6-word title, a sentence of description, two of
 * summary and eight of page text (about 150 words), three of `tags`, a category, and a
 * language (1 in 10 French, the rest English); saved over the last two years. The GIN index is
 * dropped for the load and built after (as a restore would), then VACUUM ANALYZE.
 */
export async function loadSearchBenchData(
  db: Database,
  { userId, users, links, userLinks, words, tags, categories, onProgress }: {
    userId: string;
    users: number;
    links: number;
    userLinks: number;
    words: string[];
    tags: string[];
    categories: string[];
    onProgress?: (done: number) => void;
  },
): Promise<void> {
  await sql`
    insert into users (email, password_hash, role, email_confirmed, created_at)
    select 'bench-search-' || i || '@bench.test', 'x', 'ProUser', true, now() - interval '800 days'
    from generate_series(1, ${users}::int) i`.execute(db);
  await sql`create unlogged table bench_sentences (id int primary key, short text not null, long text not null)`.execute(db);
  await sql`
    insert into bench_sentences (id, short, long)
    select s, string_agg(w.word, ' ' order by k) filter (where k <= 6), initcap(string_agg(w.word, ' ' order by k)) || '.'
    from generate_series(0, 19999) s
    cross join generate_series(1, 12) k
    cross join lateral (select (${words}::text[])[least(${words.length}::int, floor(exp(random() * ln(${words.length}::int + 1)))::int + 0 * s + 0 * k)] as word) w
    group by s`.execute(db);
  await sql`drop index if exists links_user_search_idx`.execute(db);
  const others = Math.max(0, links - userLinks);
  const batch = 100_000;
  // The searcher's links first, then the others' round-robin over the other accounts; two
  // batches at a time (the trigger's to_tsvector is most of the cost, one core each).
  const batches = Array.from({ length: Math.ceil(links / batch) }, (_, k) => k * batch);
  let done = 0;
  const insertBatch = async (from: number) => {
    const to = Math.min(links, from + batch);
    await sql`
      insert into links (user_id, url, normalized_url, status, title, description, summary, content_text, tags, category, language,
        enrichment_engine, enriched_at, created_at, updated_at, saved_at)
      select case when i < ${userLinks}::int then ${userId}::uuid else o.id end,
        'https://' || h.host || '/post/' || i, 'https://' || h.host || '/post/' || i,
        'enriched', t.short, d.long, s1.long || ' ' || s2.long,
        concat_ws(' ', p1.long, p2.long, p3.long, p4.long, p5.long, p6.long, p7.long, p8.long),
        array[(${tags}::text[])[1 + i % ${tags.length}::int], (${tags}::text[])[1 + (i / 7) % ${tags.length}::int], (${tags}::text[])[1 + (i / 49) % ${tags.length}::int]],
        (${categories}::text[])[1 + i % ${categories.length}::int],
        case when i % 10 = 3 then 'fr' else 'en' end,
        'local/extractive-v1', at_time.t, at_time.t, at_time.t, at_time.t
      from generate_series(${from}::int, ${to - 1}::int) i
      cross join lateral (select now() - (((i::bigint * 7919) % 100003)::float8 / 100003) * interval '730 days' as t) at_time
      cross join lateral (select (array['blog.example.com', 'docs.example.org', 'news.example.net', 'example.dev', 'www.bench.test'])[1 + i % 5] as host) h
      left join (select id, row_number() over (order by id) - 1 as n from users where email like 'bench-search-%') o on o.n = (i - ${userLinks}::int) % greatest(${users}::int, 1)
      join bench_sentences t on t.id = (i::bigint * 7919) % 20000
      join bench_sentences d on d.id = (i::bigint * 104729 + 1) % 20000
      join bench_sentences s1 on s1.id = (i::bigint * 13 + 2) % 20000
      join bench_sentences s2 on s2.id = (i::bigint * 31 + 3) % 20000
      join bench_sentences p1 on p1.id = (i::bigint * 17 + 5) % 20000
      join bench_sentences p2 on p2.id = (i::bigint * 19 + 7) % 20000
      join bench_sentences p3 on p3.id = (i::bigint * 23 + 11) % 20000
      join bench_sentences p4 on p4.id = (i::bigint * 29 + 13) % 20000
      join bench_sentences p5 on p5.id = (i::bigint * 37 + 17) % 20000
      join bench_sentences p6 on p6.id = (i::bigint * 41 + 19) % 20000
      join bench_sentences p7 on p7.id = (i::bigint * 43 + 23) % 20000
      join bench_sentences p8 on p8.id = (i::bigint * 47 + 29) % 20000
      where i < ${userLinks}::int or ${others}::int > 0`.execute(db);
    done += to - from;
    onProgress?.(done);
  };
  await Promise.all(
    [0, 1].map(async (lane) => {
      for (let k = lane; k < batches.length; k += 2) await insertBatch(batches[k]!);
    }),
  );
  await sql`drop table bench_sentences`.execute(db);
  await db.connection().execute(async (connection) => {
    await sql`set maintenance_work_mem = '256MB'`.execute(connection);
    // As migration 20261127T010100_index_search_by_user defines it.
    await sql`create index links_user_search_idx on links using gin (user_id, search_vector) where deleted_at is null`.execute(connection);
  });
  await sql`vacuum analyze links`.execute(db);
}

/** The searcher's lexemes with the share of their links holding each, most frequent first (ts_stat). */
export async function listSearchWordFrequencies(db: Database, userId: string): Promise<Array<{ word: string; share: number }>> {
  const { rows } = await sql<{ word: string; share: number }>`
    select word, ndoc::float8 / (select count(*) from links where user_id = ${userId}) as share
    from ts_stat(${`select search_vector from links where user_id = '${userId.replace(/[^0-9a-f-]/g, "")}' and language = 'en'`})
    where length(word) >= 4 and word ~ '^[a-z]+$'
    order by ndoc desc`.execute(db);
  return rows;
}

/** Two adjacent, different words (5 letters or more) of one of the searcher's titles: a phrase that is there. */
export async function getSearchPhrase(db: Database, userId: string): Promise<string> {
  const { rows } = await sql<{ phrase: string }>`
    select split_part(title, ' ', 2) || ' ' || split_part(title, ' ', 3) as phrase from links
    where user_id = ${userId} and language = 'en' and split_part(title, ' ', 2) <> split_part(title, ' ', 3)
      and length(split_part(title, ' ', 2)) >= 5 and length(split_part(title, ' ', 3)) >= 5
    limit 1 offset 100`.execute(db);
  if (rows[0]) return rows[0].phrase;
  const { rows: any } = await sql<{ phrase: string }>`
    select split_part(title, ' ', 2) || ' ' || split_part(title, ' ', 3) as phrase from links where user_id = ${userId} limit 1`.execute(db);
  return any[0]?.phrase ?? "query plan";
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

/** The process id of the Postgres backend serving this connection (the bench finds its server's processes from it). */
export async function getBackendPid(db: Database): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return rows[0]!.pid;
}

/** The links an import brought in, with what the user gave (to count what survived enrichment). */
export async function listImportedLinks(db: Database, importId: string): Promise<Array<{ url: string; status: string; tags: string[]; title: string | null }>> {
  return db.selectFrom("links").select(["url", "status", "tags", "title"]).where("import_id", "=", importId).execute();
}

/**
 * A library that reads like a person's for the screenshots and Lighthouse (`npm run
 * screenshots`, `npm run lighthouse -- --library N`), on their throwaway account: `links` links
 * older than `before`, one an hour back from it, each a variation on one of `pages` (the title
 * with ", part k", its site, category, tags and summary); 1 in 40 failed, as a real import's
 * dead addresses are. Then VACUUM ANALYZE, as the bench's library.
 */
export async function loadShowcaseLibrary(
  db: Database,
  { userId, links, before, pages }: { userId: string; links: number; before: Date; pages: Array<{ title: string; host: string; category: string; tags: string[]; summary: string }> },
): Promise<void> {
  await sql`
    insert into links (user_id, url, normalized_url, status, error, title, description, tags, category, summary,
      reading_minutes, enrichment_engine, enriched_at, created_at, updated_at, saved_at)
    select ${userId}, u.url, u.url, s.status, case when s.status = 'error' then 'The page answered 404 Not Found' end,
      case when s.status = 'enriched' then p.title || ', part ' || (i / ${pages.length}::int + 2) end,
      case when s.status = 'enriched' then substring(p.summary from '^[^.]*\\.') end,
      case when s.status = 'enriched' then string_to_array(p.tags, ',') else '{}' end,
      case when s.status = 'enriched' then p.category end,
      case when s.status = 'enriched' then p.summary end,
      case when s.status = 'enriched' then 3 + i % 12 end,
      case when s.status = 'enriched' then 'local/extractive-v1' end,
      case when s.status = 'enriched' then t.at end,
      t.at, t.at, t.at
    from generate_series(0, ${links}::int - 1) i
    join unnest(${pages.map((page) => page.title)}::text[], ${pages.map((page) => page.host)}::text[], ${pages.map((page) => page.category)}::text[],
      ${pages.map((page) => page.tags.join(","))}::text[], ${pages.map((page) => page.summary)}::text[]) with ordinality as p(title, host, category, tags, summary, k)
      on p.k = i % ${pages.length}::int + 1
    cross join lateral (select 'https://' || p.host || '/archive/' || (i + 1) as url) u
    cross join lateral (select ${before}::timestamptz - (i + 1) * interval '1 hour' as at) t
    cross join lateral (select case when i % 40 = 39 then 'error' else 'enriched' end as status) s`.execute(db);
  await sql`vacuum analyze links`.execute(db);
}
