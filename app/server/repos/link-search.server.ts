import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { LinkFilter, LinkSort } from "~/lib/api-schemas";
import { RANKED_MATCHES, savedRange } from "~/lib/link-filter";
import type { Database } from "../platform/db.server";
import { likeLiteral } from "./database.server";
import type { DB, Link } from "../platform/db-schema.server";
import type { LinkCursor } from "./links.server";

/**
 * Search (decision 031). Each link's `search_vector` is written by a trigger in the text-search
 * configuration of the link's language (`link_search_config(language)`, 'simple' when unknown).
 * A query is read with websearch_to_tsquery in every configuration once, up front:
 * - the OR of the distinct readings is a constant the GIN index answers (a superset);
 * - each row is then matched, ranked and highlighted with the reading in its own language, so a
 *   French page is stemmed as French and an English one as English, whatever the query's language.
 */
export const SEARCH_CONFIGS = [
  "simple",
  "arabic",
  "armenian",
  "basque",
  "catalan",
  "danish",
  "dutch",
  "english",
  "finnish",
  "french",
  "german",
  "greek",
  "hindi",
  "hungarian",
  "indonesian",
  "irish",
  "italian",
  "lithuanian",
  "nepali",
  "norwegian",
  "portuguese",
  "romanian",
  "russian",
  "serbian",
  "spanish",
  "swedish",
  "tamil",
  "turkish",
  "yiddish",
] as const;

/** A search read in every configuration: what the where-builder and the ranking need. */
export interface PreparedSearch {
  /** Matches a superset of the results; the GIN index answers it. */
  any: string | null;
  /** The reading per configuration; '' when the query has no words in it (all stop words). */
  byConfig: Map<string, string>;
}

/** Reads the query in every configuration (one round trip); null when there is nothing to search. */
export async function prepareSearch(db: Database, q: string | undefined): Promise<PreparedSearch | undefined> {
  if (q === undefined || q.trim() === "") return undefined;
  const rows = await sql<{ config: string; query: string }>`
    select config, websearch_to_tsquery(config::regconfig, ${q})::text as query
    from unnest(${[...SEARCH_CONFIGS]}::text[]) as config`.execute(db);
  const byConfig = new Map(rows.rows.map((row) => [row.config, row.query]));
  const distinct = [...new Set(rows.rows.map((row) => row.query).filter((query) => query !== ""))];
  return { any: distinct.length ? distinct.map((query) => `(${query})`).join(" | ") : null, byConfig };
}

/** The query in the row's own language: a CASE over the configurations, grouped by identical readings. */
function rowQuery(search: PreparedSearch): RawBuilder<string> {
  const groups = new Map<string, string[]>();
  for (const [config, query] of search.byConfig) {
    if (config === "simple") continue;
    groups.set(query, [...(groups.get(query) ?? []), config]);
  }
  const simple = search.byConfig.get("simple") ?? "";
  const branches = [...groups].filter(([query]) => query !== simple);
  const orNull = (query: string) => (query === "" ? sql`null::tsquery` : sql`${query}::tsquery`);
  if (!branches.length) return sql<string>`${orNull(simple)}`;
  const whens = branches.map(([query, configs]) => sql`when link_search_config(links.language)::text in (${sql.join(configs)}) then ${orNull(query)}`);
  return sql<string>`(case ${sql.join(whens, sql` `)} else ${orNull(simple)} end)`;
}

/**
 * Ranking reads the small vector (`search_rank_vector`: title A, tags and description B, summary
 * and notes C; no page text), not the one that decides the match: ranking on the whole vector read
 * up to 20,000 characters of page text per match. A match in the page's text alone ranks 0.
 */
const RANK_WEIGHTS = "{0.1, 0.2, 0.4, 1.0}";

function rankOf(search: PreparedSearch): RawBuilder<number> {
  // 0 for a row its own language's reading does not match (it came in through another's).
  return sql<number>`coalesce(ts_rank(${RANK_WEIGHTS}::real[], links.search_rank_vector, ${rowQuery(search)}), 0)`;
}

/**
 * A relevance search ranks at most its newest RANKED_MATCHES matches (by saved_at): a broader one
 * lists its older matches after them, newest first (rank -1), so a common word costs about what a
 * page of RANKED_MATCHES matches costs, however many links hold it.
 */
export { RANKED_MATCHES };

/** The page's host as normalizeUrl wrote it (lower case, no default port): scheme, optional user info, then the host. */
const linkHost = sql<string>`substring(links.normalized_url from '^[a-z][a-z0-9+.-]*://(?:[^/@]*@)?([^/:?#]+)')`;

/**
 * What makes two live links of a user possible duplicates (decision 053): the same address (the
 * page's canonical URL normalised, else the saved one) or the same title, case and runs of spaces
 * aside. The expressions are those of the two partial indexes of migration 20261129T060000, so
 * the per-user groupings below read an index, not the table (exported for the test that
 * compares them with the indexes).
 */
export const urlKeyOf = (table: string) => sql<string>`coalesce(${sql.ref(`${table}.canonical_key`)}, ${sql.ref(`${table}.normalized_url`)})`;
export const titleKeyOf = (table: string) => sql<string>`lower(regexp_replace(btrim(${sql.ref(`${table}.title`)}), '\\s+', ' ', 'g'))`;
export const hasTitleKey = (table: string) => sql<SqlBool>`${sql.ref(`${table}.title`)} is not null and btrim(${sql.ref(`${table}.title`)}) <> ''`;

/** The user's addresses that more than one of their live links has. */
const sharedAddresses = (userId: string) =>
  sql`select ${urlKeyOf("o")} from links o where o.user_id = ${userId} and o.deleted_at is null group by 1 having count(*) > 1`;
/** The user's titles (as keys) that more than one of their live links has. */
const sharedTitles = (userId: string) =>
  sql`select ${titleKeyOf("o")} from links o where o.user_id = ${userId} and o.deleted_at is null and ${hasTitleKey("o")} group by 1 having count(*) > 1`;

const isSharedAddress = (userId: string) => sql<SqlBool>`${urlKeyOf("links")} in (${sharedAddresses(userId)})`;
const isPossibleDuplicate = (userId: string) =>
  sql<SqlBool>`(${isSharedAddress(userId)} or (${hasTitleKey("links")} and ${titleKeyOf("links")} in (${sharedTitles(userId)})))`;

/**
 * The conditions of a link filter (everything but the owner and the deleted rows, which every
 * caller adds): the search (`q`, read beforehand by prepareSearch), tag, status, category,
 * read state (archived links only with state=archived or all), domain (the host or a subdomain
 * of it), possible duplicates (among the user's live links) and the saved_at range. Used by the list (GET /api/links) and by "select all matching".
 */
export function linkFilterWhere(filter: LinkFilter, search: PreparedSearch | undefined, userId: string) {
  if (filter.q?.trim() && !search) throw new Error("linkFilterWhere: read the search with prepareSearch first");
  return (eb: ExpressionBuilder<DB, "links">): Expression<SqlBool> => {
    const conditions: Array<Expression<SqlBool>> = [];
    if (search) {
      // The constant superset (the index answers it). With an exclusion, each row is checked again
      // in its own language, so a word excluded in that language is excluded whatever another
      // language's reading says; without one, a row another language's reading matches may stay
      // (a looser match, ranked last), which spares reading every candidate's vector again.
      if (search.any === null) conditions.push(sql<SqlBool>`false`);
      else {
        conditions.push(sql<SqlBool>`links.search_vector @@ ${search.any}::tsquery`);
        if (search.any.includes("!")) conditions.push(sql<SqlBool>`coalesce(links.search_vector @@ ${rowQuery(search)}, false)`);
      }
    }
    if (filter.tag !== undefined) conditions.push(sql<SqlBool>`links.tags @> array[${filter.tag}]::text[]`);
    if (filter.status !== undefined) conditions.push(eb("links.status", "=", filter.status));
    if (filter.category !== undefined) conditions.push(eb("links.category", "=", filter.category));
    // Read state (decision 056): without one, the library (archived links are out of it).
    if (filter.state === "archived") conditions.push(eb("links.archived_at", "is not", null));
    else if (filter.state !== "all") conditions.push(eb("links.archived_at", "is", null));
    if (filter.state === "unread") conditions.push(eb("links.read_at", "is", null));
    if (filter.state === "read") conditions.push(eb("links.read_at", "is not", null));
    if (filter.domain !== undefined) {
      conditions.push(sql<SqlBool>`(${linkHost} = ${filter.domain} or ${linkHost} like ${`%.${likeLiteral(filter.domain)}`})`);
    }
    if (filter.duplicates) conditions.push(isPossibleDuplicate(userId));
    const range = savedRange(filter);
    if (range.from) conditions.push(eb("links.saved_at", ">=", range.from));
    if (range.to) conditions.push(eb("links.saved_at", "<", range.to));
    return eb.and(conditions);
  };
}

function matching(db: Database, userId: string, filter: LinkFilter, search: PreparedSearch | undefined) {
  return db.selectFrom("links").where("links.user_id", "=", userId).where("links.deleted_at", "is", null).where(linkFilterWhere(filter, search, userId));
}

/**
 * Ids of the user's live (not deleted) links matching the filter, q included, newest saved
 * first, at most `limit`: what "select all matching" acts on.
 */
export async function listMatchingLinkIds(db: Database, { userId, filter, limit }: { userId: string; filter: LinkFilter; limit: number }): Promise<string[]> {
  const search = await prepareSearch(db, filter.q);
  const rows = await matching(db, userId, filter, search).select("links.id").orderBy("links.saved_at", "desc").orderBy("links.id", "desc").limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Where a relevance page ends: the last row's rank (float4, as Postgres prints it: exact), saved_at and id. */
export interface RankCursor {
  rank: string;
  savedAt: string;
  id: string;
}

/** The list's columns: not the page's text, which can be 200,000 characters, nor the vector. */
export const LISTED_COLUMNS = [
  "links.id",
  "links.user_id",
  "links.url",
  "links.title",
  "links.description",
  "links.favicon",
  "links.lead_image",
  "links.tags",
  "links.status",
  "links.error",
  "links.enriched_at",
  "links.created_at",
  "links.saved_at",
  "links.updated_at",
  "links.read_at",
  "links.archived_at",
] as const;

/** A link as the list shows it (LISTED_COLUMNS). */
export type ListRow = Pick<
  Link,
  "id" | "user_id" | "url" | "title" | "description" | "favicon" | "lead_image" | "tags" | "status" | "error" | "enriched_at" | "created_at" | "saved_at" | "updated_at" | "read_at" | "archived_at"
>;

export type SearchedLink = ListRow & {
  cursor_saved_at: string;
  /** With the duplicates filter: the row's group, why it is in it, and the group's newest saved_at (the cursor's). */
  dup_group?: string;
  dup_reason?: "address" | "title";
  cursor_group_saved_at?: string;
  /** ts_rank_cd as text (exact), when searching. */
  cursor_rank: string | null;
  /** Escaped HTML with <mark> around the matches, when searching. */
  title_highlight: string | null;
  snippet_highlight: string | null;
};

// UTC text with microseconds: read back with the same cast, it compares equal to the stored value.
const cursorSavedAt = sql<string>`to_char(links.saved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** Private-use characters mark the matches in ts_headline's output; the text loses its own first. */
const START = "\uE000";
const STOP = "\uE001";
const unmarked = (text: RawBuilder<string> | string) => sql<string>`translate(${typeof text === "string" ? sql.ref(text) : text}, ${START + STOP}, '')`;
const HEADLINE_TITLE = `HighlightAll=true, StartSel=${START}, StopSel=${STOP}`;
const HEADLINE_SNIPPET = `MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … ", StartSel=${START}, StopSel=${STOP}`;
/** What the snippet is cut from: bounded, since ts_headline reads all of it. */
const SNIPPET_SOURCE_CHARS = 4_000;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** ts_headline's output as HTML: everything escaped, the matches in <mark>. */
export function markedHtml(text: string | null): string | null {
  if (text === null) return null;
  const escaped = text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
  return escaped.replaceAll(START, "<mark>").replaceAll(STOP, "</mark>");
}

type PageRow = Omit<SearchedLink, "title_highlight" | "snippet_highlight">;
interface PageQuery {
  userId: string;
  filter: LinkFilter;
  search: PreparedSearch | undefined;
  limit: number;
  before?: LinkCursor | RankCursor | DuplicateCursor;
}

const savedBefore = (before: { savedAt: string; id: string }) =>
  // A row comparison is an index condition of the (user_id, saved_at desc, id desc) index.
  sql<SqlBool>`(links.saved_at, links.id) < ((${before.savedAt}::timestamp at time zone 'UTC'), ${before.id}::uuid)`;

/** Newest saved first (ties by id); with a relevance cursor's `rank`, every row gets that rank (-1: past the ranked window). */
async function datePage(db: Database, { userId, filter, search, limit, before }: PageQuery, rank: string | null = null): Promise<PageRow[]> {
  let page = matching(db, userId, filter, search).select([...LISTED_COLUMNS, cursorSavedAt.as("cursor_saved_at"), sql<string | null>`${rank}::text`.as("cursor_rank")]);
  if (before) page = page.where(savedBefore(before));
  return page.orderBy("links.saved_at", "desc").orderBy("links.id", "desc").limit(limit).execute();
}

/**
 * Best rank first among the newest RANKED_MATCHES matches (ties newest first), then the older
 * matches newest first with rank -1. The window is a newest-first LIMIT, so Postgres walks the
 * saved_at index for a common word and reads the GIN index for a rare one; only its rows are
 * ranked, on their small vector, and only ids, dates and ranks are sorted.
 */
async function relevancePage(db: Database, { userId, filter, search, limit, before }: PageQuery & { search: PreparedSearch }): Promise<PageRow[]> {
  const cursor = before && "rank" in before ? before : undefined;
  // Past the window: the older matches by date, from the cursor on.
  if (cursor && Number(cursor.rank) < 0) return datePage(db, { userId, filter, search, limit, before: cursor }, "-1");
  // A phrase matches far fewer links than its words, which Postgres cannot estimate: walking the
  // saved_at index for 500 phrase matches read most of a library (250 ms at 100,000 links). Ordered
  // by an expression that index cannot give, the window is read from the GIN index instead.
  const phrase = search.any?.includes("<->") ?? false;
  const window = matching(db, userId, filter, search)
    .select(["links.id", "links.saved_at", sql<number>`${rankOf(search)}::real`.as("rank")])
    .orderBy(phrase ? sql`links.saved_at + interval '0 seconds'` : sql.ref("links.saved_at"), "desc")
    .orderBy("links.id", "desc")
    .limit(RANKED_MATCHES);
  const after = cursor ? sql`(w.rank, w.saved_at, w.id) < (${cursor.rank}::real, (${cursor.savedAt}::timestamp at time zone 'UTC'), ${cursor.id}::uuid)` : sql`true`;
  // One row even when the page is empty: the window's size and its oldest row, where older matches start.
  const { rows: found } = await sql<PageRow & { size: number; oldest_saved_at: string | null; oldest_id: string | null }>`
    with w as materialized (${window}),
    meta as (
      select count(*)::int as size,
        (select to_char(saved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') from w order by saved_at, id limit 1) as oldest_saved_at,
        (select id from w order by saved_at, id limit 1) as oldest_id
      from w),
    p as (select w.id, w.rank from w where ${after} order by w.rank desc, w.saved_at desc, w.id desc limit ${limit})
    select meta.size, meta.oldest_saved_at, meta.oldest_id, ${sql.join(LISTED_COLUMNS.map((column) => sql.ref(column)))}, ${cursorSavedAt} as cursor_saved_at, p.rank::text as cursor_rank
    from meta left join (p join links on links.id = p.id and links.user_id = ${userId}) on true
    order by p.rank desc, links.saved_at desc, links.id desc`.execute(db);
  const meta = found[0];
  const rows: PageRow[] = found.filter((row) => row.id !== null).map(({ size: _size, oldest_saved_at: _at, oldest_id: _id, ...row }) => row);
  if (rows.length === limit || !meta || meta.size < RANKED_MATCHES || meta.oldest_saved_at === null || meta.oldest_id === null) return rows;
  // The window is spent: its older matches follow, newest first.
  const older = await datePage(db, { userId, filter, search, limit: limit - rows.length, before: { savedAt: meta.oldest_saved_at, id: meta.oldest_id } }, "-1");
  return [...rows, ...older];
}

/** Where a page of possible duplicates ends: the last row's group (its newest saved_at, its id), saved_at and id. */
export interface DuplicateCursor {
  groupSavedAt: string;
  group: string;
  savedAt: string;
  id: string;
}

/**
 * Possible duplicates, each group's links together: groups by their newest link, newest first,
 * and newest first inside a group. A link with a shared address is in that address's group; one
 * sharing only its title joins the address group of a link with the same title when there is
 * one, else its title's group. One statement: the matching rows (the user's, narrowed by the
 * filter, on the two per-user indexes), their groups by window functions, then the page.
 */
async function duplicatesPage(db: Database, { userId, filter, search, limit, before }: PageQuery): Promise<PageRow[]> {
  const rows = matching(db, userId, filter, search).select([
    ...LISTED_COLUMNS,
    cursorSavedAt.as("cursor_saved_at"),
    sql<boolean>`${isSharedAddress(userId)}`.as("by_address"),
    urlKeyOf("links").as("url_key"),
    sql<string | null>`case when ${hasTitleKey("links")} then ${titleKeyOf("links")} end`.as("title_key"),
  ]);
  const cursor = before && "group" in before ? before : undefined;
  const after = cursor
    ? sql`where (g.group_saved_at, g.dup_group, g.saved_at, g.id) < ((${cursor.groupSavedAt}::timestamp at time zone 'UTC'), ${cursor.group}, (${cursor.savedAt}::timestamp at time zone 'UTC'), ${cursor.id}::uuid)`
    : sql``;
  const { rows: page } = await sql<PageRow & { dup_group: string; dup_reason: "address" | "title"; cursor_group_saved_at: string }>`
    with m as (${rows}),
    k as (
      select m.*, coalesce(
        case when m.by_address then 'a' || m.url_key end,
        min(case when m.by_address then 'a' || m.url_key end) over (partition by m.title_key),
        't' || m.title_key) as group_key
      from m),
    g as (
      select k.*, left(md5(k.group_key), 16) as dup_group, max(k.saved_at) over (partition by k.group_key) as group_saved_at
      from k)
    select ${sql.join(LISTED_COLUMNS.map((column) => sql.ref(`g.${column.slice("links.".length)}`)))}, g.cursor_saved_at, null::text as cursor_rank,
      g.dup_group, case when g.by_address then 'address' else 'title' end as dup_reason,
      to_char(g.group_saved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_group_saved_at
    from g ${after}
    order by g.group_saved_at desc, g.dup_group desc, g.saved_at desc, g.id desc
    limit ${limit}`.execute(db);
  return page;
}

/**
 * A page of the user's live links matching the filter, after `before` (the previous page's
 * last row): newest saved first, or with sort=relevance and a search, best rank first (ties by
 * id). With a search, each row carries its highlighted title and snippet.
 */
export async function searchLinks(
  db: Database,
  { userId, filter, sort = "date", limit, before }: { userId: string; filter: LinkFilter; sort?: LinkSort; limit: number; before?: LinkCursor | RankCursor | DuplicateCursor },
): Promise<SearchedLink[]> {
  const search = await prepareSearch(db, filter.q);
  const rows = filter.duplicates
    ? await duplicatesPage(db, { userId, filter, search, limit, before })
    : sort === "relevance" && search !== undefined
      ? await relevancePage(db, { userId, filter, search, limit, before })
      : await datePage(db, { userId, filter, search, limit, before });
  if (!search || rows.length === 0) return rows.map((row) => ({ ...row, title_highlight: null, snippet_highlight: null }));
  // Highlights for the page only: ts_headline parses its text, so never for every match.
  const lights = await db
    .selectFrom("links")
    .select([
      "links.id",
      sql<string | null>`ts_headline(link_search_config(links.language), ${unmarked("links.title")}, ${rowQuery(search)}, ${HEADLINE_TITLE})`.as("title"),
      sql<string | null>`ts_headline(link_search_config(links.language), ${unmarked(
        sql<string>`left(concat_ws(' · ', links.description, links.summary, links.notes, regexp_replace(left(links.content_text, ${SNIPPET_SOURCE_CHARS}), '(^|\n\n)#{1,6} ', '\\1', 'g')), ${SNIPPET_SOURCE_CHARS})`,
      )}, ${rowQuery(search)}, ${HEADLINE_SNIPPET})`.as("snippet"),
    ])
    .where("links.id", "in", rows.map((row) => row.id))
    .where("links.user_id", "=", userId)
    .execute();
  const byId = new Map(lights.map((light) => [light.id, light]));
  return rows.map((row) => {
    const light = byId.get(row.id);
    const snippet = light?.snippet ?? null;
    // A title or snippet without a match says nothing the row does not already show.
    const title = light?.title ?? null;
    return { ...row, title_highlight: title?.includes(START) ? markedHtml(title) : null, snippet_highlight: snippet?.includes(START) ? markedHtml(snippet) : null };
  });
}
