import { sql, type QueryCreator, type RawBuilder } from "kysely";
import type { Database } from "../platform/db.server";
import { likeLiteral } from "./database.server";
import type { EnrichedWith } from "~/lib/plan-enrichment";
import type { CodeSnippet, DB, Link, NewLink, Role } from "../platform/db-schema.server";
import { toJsonb } from "../platform/strip-nul-plugin.server";
import { canonicalKey } from "~/lib/links";
import { LISTED_COLUMNS, type ListRow } from "./link-search.server";

/** A row as given, for seeding; users add links through upsertLink. */
export async function insertLink(db: Database, link: NewLink): Promise<{ id: string }> {
  return db.insertInto("links").values(link).returning("id").executeTakeFirstOrThrow();
}

/** Live rows only: a link its owner deleted stays hidden from every read until restored or purged. */
const LIVE = "links.deleted_at" as const;

/**
 * Adds a link, or moves the user's existing row for the same page to the top. A row its owner
 * deleted and has not been purged yet comes back as it was (results, share page) and moves up.
 */
export async function upsertLink(
  db: Database,
  link: { userId: string; url: string; normalizedUrl: string; status?: "pending" | "error" | "unenriched"; error?: string | null; title?: string | null },
): Promise<{ link: Link; created: boolean }> {
  const row = await db
    .insertInto("links")
    .values({
      user_id: link.userId,
      url: link.url,
      normalized_url: link.normalizedUrl,
      status: link.status ?? "pending",
      error: link.error ?? null,
      title: link.title ?? null,
    })
    .onConflict((oc) => oc.columns(["user_id", "normalized_url"]).doUpdateSet({ saved_at: sql`now()`, deleted_at: null, archived_at: null }))
    .returningAll()
    .returning(sql<boolean>`(xmax = 0)`.as("inserted"))
    .executeTakeFirstOrThrow();
  const { inserted, ...saved } = row;
  return { link: saved, created: inserted };
}

/**
 * The user's row for this page, if any: the one saved at this address (live or in Recently
 * deleted), else a live one whose canonical URL is it (decision 053). Live first.
 */
export async function findSavedPage(db: Database, { userId, normalizedUrl }: { userId: string; normalizedUrl: string }): Promise<Link | undefined> {
  return db
    .selectFrom("links")
    .selectAll()
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("normalized_url", "=", normalizedUrl),
        // The expression of links_user_dup_url_idx, partial on live rows.
        eb.and([eb("deleted_at", "is", null), eb(sql<string>`coalesce(canonical_key, normalized_url)`, "=", normalizedUrl)]),
      ]),
    )
    .orderBy(sql`deleted_at is not null`)
    .orderBy(sql`normalized_url = ${normalizedUrl}`, "desc")
    .limit(1)
    .executeTakeFirst();
}

/** A live link saved again: it moves to the top of the list. */
export async function touchSavedLink(db: Database, { id, userId }: { id: string; userId: string }): Promise<Link | undefined> {
  return db
    .updateTable("links")
    .set({ saved_at: sql<Date>`now()`, archived_at: null })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

export async function getLink(db: Database, { id, userId }: { id: string; userId: string }): Promise<Link | undefined> {
  return db.selectFrom("links").selectAll().where("id", "=", id).where("user_id", "=", userId).where(LIVE, "is", null).executeTakeFirst();
}

/** A live link with its owner's role (the worker needs both; a deleted link is not worked on). */
export async function getLinkById(db: Database, id: string): Promise<(Link & { owner_role: Role }) | undefined> {
  return db
    .selectFrom("links")
    .innerJoin("users", "users.id", "links.user_id")
    .selectAll("links")
    .select("users.role as owner_role")
    .where("links.id", "=", id)
    .where(LIVE, "is", null)
    .executeTakeFirst();
}

/**
 * Where a page of the list ends: the last row's sort key exactly as Postgres holds it (to the
 * microsecond, which a JS Date would round) and its id. The next page starts strictly after it,
 * so a row moved to the top meanwhile (a re-save) neither restarts nor skips the paging.
 */
export interface LinkCursor {
  savedAt: string;
  id: string;
}

export type ListedLink = Link & { cursor_saved_at: string };

// UTC text with microseconds: read back with the same cast, it compares equal to the stored value.
export const cursorSavedAt = sql<string>`to_char(links.saved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as("cursor_saved_at");

function listedLinks(db: Database, userId: string, before: LinkCursor | undefined) {
  let query = db.selectFrom("links").selectAll("links").select(cursorSavedAt).where("links.user_id", "=", userId).where(LIVE, "is", null);
  if (before) {
    // A row comparison is an index condition of the (user_id, saved_at desc, id desc) index, so a
    // deep page starts where it should (an OR of the two columns was a filter: 180 ms at 5,000 in).
    query = query.where(sql<boolean>`(links.saved_at, links.id) < ((${before.savedAt}::timestamp at time zone 'UTC'), ${before.id}::uuid)`);
  }
  return query;
}

/** The user's live links, newest first by when they (re)saved them; `before` ends the previous page. */
export async function listLinks(db: Database, { userId, limit, before }: { userId: string; limit: number; before?: LinkCursor }): Promise<ListedLink[]> {
  return listedLinks(db, userId, before).orderBy("links.saved_at", "desc").orderBy("links.id", "desc").limit(limit).execute();
}

/** The user's enriched links, newest first, paged like listLinks (the Enrichments tab). */
export async function listEnrichedLinks(
  db: Database,
  { userId, limit, before }: { userId: string; limit: number; before?: LinkCursor },
): Promise<ListedLink[]> {
  return listedLinks(db, userId, before)
    .where("links.status", "=", "enriched")
    .orderBy("links.saved_at", "desc")
    .orderBy("links.id", "desc")
    .limit(limit)
    .execute();
}

/** The cursor of a link the client names by id (older clients page with `before={id}`). */
export async function getLinkCursor(db: Database, { id, userId }: { id: string; userId: string }): Promise<LinkCursor | undefined> {
  const row = await db
    .selectFrom("links")
    .select(["links.id", cursorSavedAt])
    .where("links.id", "=", id)
    .where("links.user_id", "=", userId)
    .where(LIVE, "is", null)
    .executeTakeFirst();
  return row ? { savedAt: row.cursor_saved_at, id: row.id } : undefined;
}

/**
 * How many of the user's library links (not archived) are in each status, and how many are
 * unread, read and archived: one grouped count, not a page's worth.
 */
export async function countLinksByStatus(db: Database, userId: string): Promise<Record<Link["status"] | "unread" | "read" | "archived", number>> {
  const rows = await db
    .selectFrom("links")
    .select([
      "status",
      sql<number>`(count(*) filter (where archived_at is null))::int`.as("count"),
      sql<number>`(count(*) filter (where archived_at is null and read_at is null))::int`.as("unread"),
      sql<number>`(count(*) filter (where archived_at is null and read_at is not null))::int`.as("read"),
      sql<number>`(count(*) filter (where archived_at is not null))::int`.as("archived"),
    ])
    .where("user_id", "=", userId)
    .where(LIVE, "is", null)
    .groupBy("status")
    .execute();
  const counts = { pending: 0, enriched: 0, error: 0, unenriched: 0, unread: 0, read: 0, archived: 0 };
  for (const row of rows) {
    counts[row.status] = row.count;
    counts.unread += row.unread;
    counts.read += row.read;
    counts.archived += row.archived;
  }
  return counts;
}

/** Marks the user's live link deleted; undefined when there is no such live link. */
export async function softDeleteLink(db: Database, { id, userId }: { id: string; userId: string }): Promise<{ deleted_at: Date } | undefined> {
  const row = await db
    .updateTable("links")
    .set({ deleted_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .returning("deleted_at")
    .executeTakeFirst();
  return row?.deleted_at ? { deleted_at: row.deleted_at } : undefined;
}

/** Brings back the user's deleted (not yet purged) link exactly as it was, in its old place. */
export async function restoreLink(db: Database, { id, userId }: { id: string; userId: string }): Promise<Link | undefined> {
  return db
    .updateTable("links")
    .set({ deleted_at: null, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("deleted_at", "is not", null)
    .returningAll()
    .executeTakeFirst();
}

/** Where a page of Recently deleted ends: the last row's deleted_at (as Postgres holds it) and id. */
export interface DeletedCursor {
  deletedAt: string;
  id: string;
}

export type DeletedListedLink = Link & { deleted_at: Date; cursor_deleted_at: string };

const cursorDeletedAt = sql<string>`to_char(links.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as("cursor_deleted_at");

/**
 * The user's deleted links not purged yet, last deleted first (links_user_deleted_idx); `before`
 * ends the previous page, compared as a row so the index answers a deep page too.
 */
export async function listDeletedLinks(db: Database, { userId, limit, before }: { userId: string; limit: number; before?: DeletedCursor }): Promise<DeletedListedLink[]> {
  let query = db.selectFrom("links").selectAll("links").select(cursorDeletedAt).where("links.user_id", "=", userId).where("links.deleted_at", "is not", null);
  if (before) query = query.where(sql<boolean>`(links.deleted_at, links.id) < ((${before.deletedAt}::timestamp at time zone 'UTC'), ${before.id}::uuid)`);
  const rows = await query.orderBy("links.deleted_at", "desc").orderBy("links.id", "desc").limit(limit).execute();
  return rows as DeletedListedLink[];
}

export async function countDeletedLinks(db: Database, userId: string): Promise<number> {
  const row = await db.selectFrom("links").select(sql<number>`count(*)::int`.as("n")).where("user_id", "=", userId).where("deleted_at", "is not", null).executeTakeFirstOrThrow();
  return row.n;
}

/** Ids of the user's deleted links, last deleted first, at most `limit` (Restore all's snapshot). */
export async function listDeletedLinkIds(db: Database, { userId, limit }: { userId: string; limit: number }): Promise<string[]> {
  const rows = await db
    .selectFrom("links")
    .select("id")
    .where("user_id", "=", userId)
    .where("deleted_at", "is not", null)
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Removes for good up to `limit` links deleted before `deletedBefore`, oldest first, with their
 * results, views and share pages (foreign keys cascade). Rows another purge holds are skipped,
 * and a row restored meanwhile no longer matches the outer condition.
 */
export async function purgeDeletedLinks(db: Database, { deletedBefore, limit }: { deletedBefore: Date; limit: number }): Promise<Array<{ id: string; user_id: string }>> {
  return db
    .deleteFrom("links")
    .where(
      "id",
      "in",
      db.selectFrom("links").select("id").where("deleted_at", "<", deletedBefore).orderBy("deleted_at").limit(limit).forUpdate().skipLocked(),
    )
    .where("deleted_at", "<", deletedBefore)
    .returning(["id", "user_id"])
    .execute();
}

/** Back to pending for a retry (or a not-enriched link's enrichment); never from pending, so it never races a running job. */
export async function resetLinkToPending(db: Database, { id, userId }: { id: string; userId: string }): Promise<Link | undefined> {
  return db
    .updateTable("links")
    .set({ status: "pending", error: null, updated_at: new Date(), saved_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("status", "in", ["error", "unenriched"])
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

export interface EnrichedFields {
  title: string | null;
  description: string | null;
  favicon: string | null;
  canonicalUrl: string | null;
  language: string | null;
  readingMinutes: number | null;
  contentText: string;
  summary: string;
  tags: string[];
  tagSuggestions: string[];
  codeSnippets: CodeSnippet[];
  category: string;
  engine: string;
  byline: string | null;
  /** ISO timestamp, as the page gave it. */
  publishedAt: string | null;
  siteName: string | null;
  /** Our path for the stored lead image, or null. */
  leadImage: string | null;
  extractor: string | null;
  /** How the page was fetched (plain, cache, browser), in how long, and why when not plain. */
  fetchMethod?: string | null;
  fetchMs?: number | null;
  fetchReason?: string | null;
  /** The owner's plan and the plan features this result used (decision 041). */
  enrichedWith: EnrichedWith;
}

/**
 * The shown tags after an enrichment: the user's own first, then the engine's that are neither
 * already there nor ones the user took off (case aside: "Postgres" and "postgres" are one tag).
 * Read from the row as it is when the result is stored, so an edit made while the page was
 * fetched is kept too (decision 040).
 */
function withUserTags(engineTags: string[]) {
  return sql<string[]>`links.user_tags || array(
    select t from unnest(${engineTags}::text[]) with ordinality as e(t, n)
    where not (lower(t) = any(select lower(x) from unnest(links.user_tags || links.dismissed_tags) as x))
    order by n)`;
}

/** Suggestions leave out what the link already has and what the user dismissed or took off. */
function withoutUserTags(suggestions: string[]) {
  return sql<string[]>`array(
    select t from unnest(${suggestions}::text[]) with ordinality as e(t, n)
    where not (lower(t) = any(select lower(x) from unnest(links.user_tags || links.dismissed_tags) as x))
    order by n)`;
}

function enrichedSet(result: EnrichedFields) {
  return {
    status: "enriched" as const,
    error: null,
    // A title or description the user gave stays; the engine's fills the others.
    title: sql<string | null>`case when links.title_by_user then links.title else ${result.title} end`,
    description: sql<string | null>`case when links.description_by_user then links.description else ${result.description} end`,
    favicon: result.favicon,
    canonical_url: result.canonicalUrl,
    canonical_key: canonicalKey(result.canonicalUrl),
    language: result.language,
    reading_minutes: result.readingMinutes,
    content_text: result.contentText,
    summary: result.summary,
    tags: withUserTags(result.tags),
    tag_suggestions: withoutUserTags(result.tagSuggestions),
    code_snippets: toJsonb(result.codeSnippets),
    enrichment_engine: result.engine,
    category: result.category,
    byline: result.byline,
    published_at: result.publishedAt ? new Date(result.publishedAt) : null,
    site_name: result.siteName,
    lead_image: result.leadImage,
    extractor: result.extractor,
    fetch_method: result.fetchMethod ?? null,
    fetch_ms: result.fetchMs ?? null,
    fetch_reason: result.fetchReason?.slice(0, 500) ?? null,
    enriched_with: toJsonb(result.enrichedWith),
    enriched_at: new Date(),
    updated_at: new Date(),
    // Whatever produced this result, it answers any re-enrichment asked for meanwhile.
    reenrich_requested_at: null,
  };
}

function enrichedUpdate(db: Database | QueryCreator<DB>, id: string, result: EnrichedFields) {
  return db
    .updateTable("links")
    .set(enrichedSet(result))
    .where("id", "=", id)
    // A second run of the same job finds it already done and writes nothing; a link deleted
    // while its job ran gets nothing written (and nothing counted) either.
    .where("status", "=", "pending")
    .where("deleted_at", "is", null)
    // What the list shows: returning the whole row sent the page's text and both search vectors
    // back to the worker for nothing (decision 035).
    .returning(LISTED_COLUMNS);
}

/**
 * Stores an operator's re-enrichment over the previous result and clears the request; only
 * while the request stands, so a second run of the same job writes nothing.
 */
export async function markLinkReenriched(db: Database, id: string, result: EnrichedFields): Promise<ListRow | undefined> {
  return db
    .updateTable("links")
    .set(enrichedSet(result))
    .where("id", "=", id)
    .where("status", "=", "enriched")
    .where("reenrich_requested_at", "is not", null)
    .where("deleted_at", "is", null)
    .returning(LISTED_COLUMNS)
    .executeTakeFirst();
}

/** Drops a re-enrichment request that failed; the previous result stays as it was. */
export async function clearReenrichRequest(db: Database, id: string): Promise<boolean> {
  const result = await db.updateTable("links").set({ reenrich_requested_at: null }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ReenrichQuery {
  userId?: string;
  /** An engine label, or a provider matching every model of it ("local" matches "local/..."). */
  engine?: string;
  enrichedBefore?: Date;
  /**
   * The enrichment features the owner's plan gives now: only links whose recorded enrichment did
   * not use one of them (behind the plan; one not recorded is not). Empty matches nothing.
   */
  behindFeatures?: readonly string[];
}

function reenrichCandidates(db: Database, query: ReenrichQuery) {
  let rows = db.selectFrom("links").where("status", "=", "enriched").where("reenrich_requested_at", "is", null).where("deleted_at", "is", null);
  if (query.userId !== undefined) rows = rows.where("user_id", "=", query.userId);
  if (query.engine !== undefined) {
    const engine = query.engine;
    rows = rows.where((eb) =>
      eb.or([eb("enrichment_engine", "=", engine), eb("enrichment_engine", "like", `${likeLiteral(engine)}/%`)]),
    );
  }
  if (query.enrichedBefore !== undefined) rows = rows.where("enriched_at", "<", query.enrichedBefore);
  if (query.behindFeatures !== undefined) {
    // The same rule as isBehindPlan in ~/lib/plan-enrichment.ts.
    const features = JSON.stringify(query.behindFeatures);
    rows = rows.where(sql<boolean>`not (enriched_with->'features' @> ${features}::jsonb)`);
  }
  return rows;
}

/** How many enriched links a re-enrichment would take (those already asked for left out). */
export async function countReenrichCandidates(db: Database, query: ReenrichQuery): Promise<number> {
  const row = await reenrichCandidates(db, query).select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Marks up to `limit` matching enriched links for re-enrichment, oldest result first, and
 * returns them. A link already marked is not taken again, so pressing twice queues nothing new.
 */
export async function requestReenrichment(db: Database, query: ReenrichQuery, limit: number): Promise<Array<{ id: string; user_id: string }>> {
  return db
    .updateTable("links")
    .set({ reenrich_requested_at: new Date() })
    .where("id", "in", reenrichCandidates(db, query).select("id").orderBy("enriched_at").limit(limit).forUpdate().skipLocked())
    .where("reenrich_requested_at", "is", null)
    .returning(["id", "user_id"])
    .execute();
}

/** How many of the user's links wait for a re-enrichment asked for them (by them or an operator). */
export async function countRequestedReenrichments(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("links")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("user_id", "=", userId)
    .where("status", "=", "enriched")
    .where("reenrich_requested_at", "is not", null)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Re-enrichments asked for longer than `olderThanMs` ago and not done: the reconciler checks their jobs. */
export async function listStaleReenrichLinks(db: Database, olderThanMs: number, limit = 500): Promise<Array<{ id: string }>> {
  return db
    .selectFrom("links")
    .select("id")
    .where("reenrich_requested_at", "<", new Date(Date.now() - olderThanMs))
    .where("status", "=", "enriched")
    .where("deleted_at", "is", null)
    .orderBy("reenrich_requested_at")
    .limit(limit)
    .execute();
}

/**
 * Locks a link that is still pending and not deleted, for the transaction that stores its result
 * and charges for it: false when it was deleted (or purged, or done) meanwhile, and a purge or a
 * delete waits for the transaction instead of racing it.
 */
export async function lockPendingLink(db: Database, id: string): Promise<boolean> {
  const row = await db.selectFrom("links").select("id").where("id", "=", id).where("status", "=", "pending").where("deleted_at", "is", null).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function markLinkEnriched(db: Database, id: string, result: EnrichedFields): Promise<ListRow | undefined> {
  return enrichedUpdate(db, id, result).executeTakeFirst();
}

/**
 * Stores the result and its unlimited-plan usage row in one statement (no transaction round
 * trips); nothing is counted when the link was no longer pending.
 */
export async function markLinkEnrichedCountingUnlimited(
  db: Database,
  id: string,
  result: EnrichedFields,
  run: { provider: string; model: string; tokensIn: number | null; tokensOut: number | null; durationMs: number },
): Promise<ListRow | undefined> {
  return db
    .with("updated", (qb) => enrichedUpdate(qb, id, result))
    .with("counted", (qb) =>
      qb
        .insertInto("enrichment_usage")
        .columns(["user_id", "link_id", "kind", "source", "provider", "model", "tokens_in", "tokens_out", "duration_ms"])
        .expression((eb) =>
          eb
            .selectFrom("updated")
            .select([
              "updated.user_id",
              "updated.id",
              sql.lit("link").as("kind"),
              sql.lit("unlimited").as("source"),
              sql.val(run.provider).as("provider"),
              sql.val(run.model).as("model"),
              sql.val(run.tokensIn).as("tokens_in"),
              sql.val(run.tokensOut).as("tokens_out"),
              sql.val(run.durationMs).as("duration_ms"),
            ]),
        ),
    )
    .selectFrom("updated")
    .selectAll()
    .executeTakeFirst();
}

export async function markLinkFailed(db: Database, id: string, reason: string): Promise<Link | undefined> {
  return db
    .updateTable("links")
    .set({ status: "error", error: reason.slice(0, 300), updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** Links still pending after `olderThanMs`: candidates for the reconciler. */
export async function listStalePendingLinks(db: Database, olderThanMs: number, limit = 500): Promise<Array<{ id: string }>> {
  return db
    .selectFrom("links")
    .select("id")
    .where("status", "=", "pending")
    // Imported links wait on the import queue's low-priority path; the import reconciler checks those.
    .where("import_id", "is", null)
    .where("updated_at", "<", new Date(Date.now() - olderThanMs))
    .where("deleted_at", "is", null)
    .orderBy("updated_at")
    .limit(limit)
    .execute();
}

/** Imported links still pending after `olderThanMs`, with their import. */
export async function listStaleImportedPendingLinks(db: Database, olderThanMs: number, limit = 500): Promise<Array<{ id: string; import_id: string; user_id: string }>> {
  const rows = await db
    .selectFrom("links")
    .select(["id", "import_id", "user_id"])
    .where("status", "=", "pending")
    .where("import_id", "is not", null)
    .where("updated_at", "<", new Date(Date.now() - olderThanMs))
    .orderBy("updated_at")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, import_id: row.import_id!, user_id: row.user_id }));
}

/** An imported link gets a link row like any other, plus its import; restored fields come from our own export. */
export interface ImportedLink {
  url: string;
  normalizedUrl: string;
  title: string | null;
  description: string | null;
  tags: string[];
  savedAt: Date | null;
  /** The file's read state (decision 056): a new link starts read (archived) at the import's time. */
  read?: boolean;
  archived?: boolean;
  status: "pending" | "enriched" | "unenriched";
  error: string | null;
  /** What our own export carried (enrichment, sharing, times): restored as it was. */
  restored?: Partial<
    Pick<
      Link,
      | "favicon"
      | "canonical_url"
      | "language"
      | "reading_minutes"
      | "content_text"
      | "summary"
      | "tag_suggestions"
      | "enrichment_engine"
      | "category"
      | "is_public"
      | "shared_at"
      | "enriched_at"
      | "created_at"
      | "notes"
      | "user_tags"
      | "dismissed_tags"
      | "title_by_user"
      | "description_by_user"
      | "read_at"
      | "archived_at"
    > & {
      code_snippets: unknown[];
    }
  >;
}

const sameAddress = (title: string, url: string) => title.trim().replace(/\/+$/, "").toLowerCase() === url.trim().replace(/\/+$/, "").toLowerCase();

/**
 * Saves a chunk of imported links; a page the user already has is left as it is (a duplicate), one
 * in their Recently deleted is restored (restoreImportedLinks).
 * Returns the rows inserted, each with the position of its input in `links`.
 */
export async function insertImportedLinks(
  db: Database,
  { userId, importId, links }: { userId: string; importId: string; links: ImportedLink[] },
): Promise<Array<{ id: string; status: Link["status"]; index: number }>> {
  if (links.length === 0) return [];
  // A page in the user's Recently deleted comes back as it was (notes, title, results, share
  // page, tags), the file's tags and folders joining the user's own; it is not made again.
  const restored = await restoreImportedLinks(db, { userId, importId, links });
  const rows = await db
    .insertInto("links")
    .values(
      links.map((link) => {
        const restored = link.restored ?? {};
        // What the file gave is the user's: its tags (folders too), and its title and description,
        // unless our own export says which were the engine's (decision 040).
        return {
          user_id: userId,
          import_id: importId,
          url: link.url,
          normalized_url: link.normalizedUrl,
          status: link.status,
          error: link.error,
          title: link.title,
          description: link.description,
          tags: link.tags,
          user_tags: restored.user_tags ?? link.tags,
          dismissed_tags: restored.dismissed_tags ?? [],
          // An enriched link from an older export of ours got its title from the page.
          // A "title" that is only the address (Pocket's for a page it never read) is no one's.
          title_by_user: restored.title_by_user ?? (link.status !== "enriched" && link.title !== null && !sameAddress(link.title, link.url)),
          description_by_user: restored.description_by_user ?? (link.status !== "enriched" && link.description !== null),
          saved_at: link.savedAt ?? new Date(),
          favicon: restored.favicon ?? null,
          canonical_url: restored.canonical_url ?? null,
          canonical_key: canonicalKey(restored.canonical_url ?? null),
          language: restored.language ?? null,
          reading_minutes: restored.reading_minutes ?? null,
          content_text: restored.content_text ?? null,
          notes: restored.notes ?? null,
          summary: restored.summary ?? null,
          tag_suggestions: restored.tag_suggestions ?? [],
          code_snippets: toJsonb(restored.code_snippets ?? []),
          enrichment_engine: restored.enrichment_engine ?? null,
          category: restored.category ?? null,
          is_public: restored.is_public ?? false,
          shared_at: restored.shared_at ?? null,
          enriched_at: restored.enriched_at ?? null,
          created_at: restored.created_at,
          // Only a new row: a page the user has keeps their read state (the conflict does nothing).
          read_at: restored.read_at ?? (link.read ? new Date() : null),
          archived_at: restored.archived_at ?? (link.archived ? new Date() : null),
        };
      }),
    )
    .onConflict((oc) => oc.columns(["user_id", "normalized_url"]).doNothing())
    .returning(["id", "status", "normalized_url"])
    .execute();
  const indexOf = new Map(links.map((link, index) => [link.normalizedUrl, index]));
  return [...restored, ...rows].map((row) => ({ id: row.id, status: row.status, index: indexOf.get(row.normalized_url)! }));
}

/** `a` then those of `b` it lacks, case aside ("Postgres" and "postgres" are one tag). */
const mergedTags = (a: RawBuilder<string[]>, b: RawBuilder<string[]>) =>
  sql<string[]>`${a} || array(select t from unnest(${b}) with ordinality as e(t, n) where not (lower(t) = any(select lower(x) from unnest(${a}) as x)) order by n)`;

/**
 * Undeletes the user's deleted (not purged) rows for pages of the chunk, merging the file's tags
 * into their own (decision 040: the file's tags are the user's; one the user had taken off is
 * theirs again). The row keeps its place, notes, title and results; it joins this import.
 */
async function restoreImportedLinks(
  db: Database,
  { userId, importId, links }: { userId: string; importId: string; links: ImportedLink[] },
): Promise<Array<{ id: string; status: Link["status"]; normalized_url: string }>> {
  const file = JSON.stringify(links.map((link) => ({ normalized_url: link.normalizedUrl, tags: link.tags })));
  const fileTags = sql<string[]>`f.tags`;
  const userTags = mergedTags(sql<string[]>`links.user_tags`, fileTags);
  return db
    .updateTable("links")
    .from(
      sql<{ normalized_url: string; tags: string[] }>`(select p->>'normalized_url' as normalized_url, array(select jsonb_array_elements_text(p->'tags')) as tags from jsonb_array_elements(${file}::jsonb) as p)`.as("f"),
    )
    .set({
      deleted_at: null,
      updated_at: sql`now()`,
      import_id: importId,
      user_tags: userTags,
      tags: mergedTags(userTags, sql<string[]>`links.tags`),
      dismissed_tags: sql<string[]>`array(select x from unnest(links.dismissed_tags) as x where not (lower(x) = any(select lower(t) from unnest(f.tags) as t)))`,
    })
    .whereRef("links.normalized_url", "=", "f.normalized_url")
    .where("links.user_id", "=", userId)
    .where("links.deleted_at", "is not", null)
    .returning(["links.id", "links.status", "links.normalized_url"])
    .execute();
}

/** An imported link the allowance did not reach when its turn came: saved, not failed. */
export async function markLinkUnenriched(db: Database, id: string, reason: string): Promise<Link | undefined> {
  return db
    .updateTable("links")
    .set({ status: "unenriched", error: reason.slice(0, 300), updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** Up to `limit` of the user's not-enriched links back to pending, oldest import first. */
export async function requeueUnenrichedLinks(db: Database, userId: string, limit: number): Promise<Array<{ id: string; import_id: string | null }>> {
  if (limit <= 0) return [];
  return db
    .updateTable("links")
    .set({ status: "pending", error: null, updated_at: new Date() })
    .where(
      "id",
      "in",
      db.selectFrom("links").select("id").where("user_id", "=", userId).where("status", "=", "unenriched").orderBy("saved_at", "desc").limit(limit).forUpdate().skipLocked(),
    )
    .where("status", "=", "unenriched")
    .returning(["id", "import_id"])
    .execute();
}

/** The user's links waiting for enrichment: each will spend one, so an import's budget leaves them out. */
export async function countPendingLinks(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("links")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The most used tags of the user's recent links, for reuse by the enricher. */
export async function listUserTags(db: Database, userId: string, limit = 200): Promise<string[]> {
  const rows = await db
    .selectFrom(
      sql<{ tag: string }>`(select unnest(tags) as tag from (select tags from links where user_id = ${userId} and deleted_at is null order by saved_at desc limit 300) recent)`.as("t"),
    )
    .select(["t.tag", sql<number>`count(*)::int`.as("uses")])
    .groupBy("t.tag")
    .orderBy("uses", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.tag);
}

/**
 * How the user already spells each of these tags, over all their links (listUserTags sees only
 * recent ones): lower-cased tag → the spelling used most. An enrichment's "Lisbon" is the user's
 * "lisbon" when they have it, never a second tag that differs by case.
 */
export async function userTagSpellings(db: Database, userId: string, tags: readonly string[]): Promise<Map<string, string>> {
  const lowered = [...new Set(tags.map((tag) => tag.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const rows = await db
    .selectFrom(sql<{ tag: string }>`(select unnest(tags) as tag from links where user_id = ${userId} and deleted_at is null)`.as("t"))
    .select(["t.tag", sql<number>`count(*)::int`.as("uses")])
    .where(sql<boolean>`lower(t.tag) = any(${lowered}::text[])`)
    .groupBy("t.tag")
    .orderBy("uses", "desc")
    .orderBy("t.tag")
    .execute();
  const spellings = new Map<string, string>();
  for (const { tag } of rows) if (!spellings.has(tag.toLowerCase())) spellings.set(tag.toLowerCase(), tag);
  return spellings;
}

/** The link's tags, locked for the transaction that changes them (an enrichment storing meanwhile waits). */
export async function getLinkTagsForUpdate(
  db: Database,
  { id, userId }: { id: string; userId: string },
): Promise<Pick<Link, "id" | "tags" | "user_tags" | "dismissed_tags" | "tag_suggestions"> | undefined> {
  return db
    .selectFrom("links")
    .select(["id", "tags", "user_tags", "dismissed_tags", "tag_suggestions"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateLinkTags(
  db: Database,
  {
    id,
    userId,
    tags,
    userTags,
    dismissedTags,
    tagSuggestions,
  }: { id: string; userId: string; tags: string[]; userTags: string[]; dismissedTags: string[]; tagSuggestions: string[] },
): Promise<Link | undefined> {
  return db
    .updateTable("links")
    .set({ tags, user_tags: userTags, dismissed_tags: dismissedTags, tag_suggestions: tagSuggestions, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The owner's edits: notes (the search vector follows, by trigger), the title and the read state.
 * A title the user sets is theirs, which enrichment leaves; null hands it back to the page (its
 * next enrichment). Marked read (archived) again, a link keeps the time it first was.
 */
export async function updateLinkEdits(
  db: Database,
  { id, userId, notes, title, read, archived }: { id: string; userId: string; notes?: string | null; title?: string | null; read?: boolean; archived?: boolean },
): Promise<Link | undefined> {
  return db
    .updateTable("links")
    .set({
      ...(notes !== undefined ? { notes } : {}),
      ...(title !== undefined ? (title === null ? { title_by_user: false } : { title, title_by_user: true }) : {}),
      ...(read !== undefined ? { read_at: read ? sql<Date>`coalesce(read_at, now())` : null } : {}),
      ...(archived !== undefined ? { archived_at: archived ? sql<Date>`coalesce(archived_at, now())` : null } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Adds a note under the link's notes (the bookmarklet's popup): notes already there are kept, and
 * the same note saved twice is kept once. The whole stays within `maxChars` (the new note's end is cut).
 */
export async function appendLinkNotes(
  db: Database,
  { id, userId, notes, maxChars }: { id: string; userId: string; notes: string; maxChars: number },
): Promise<Link | undefined> {
  return db
    .updateTable("links")
    .set({
      notes: sql<string>`case
        when coalesce(btrim(notes), '') = '' then left(${notes}, ${maxChars})
        when strpos(notes, ${notes}) > 0 then notes
        else left(notes || E'\n\n' || ${notes}, greatest(${maxChars}, length(notes)))
      end`,
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}
