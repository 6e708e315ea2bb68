import { publicFavicon, publicLeadImage } from "./favicons.server";
import { isUuid } from "~/lib/ids";
import { FETCH_METHODS, isOneOf } from "~/lib/vocabulary";
import { addOwnTags, setOwnTags, uniqueTags, type OwnTags } from "~/lib/tags";
import { INVALID_URL_MESSAGE, IN_TRASH_MESSAGE, NOTES_MAX_CHARS, TAGS_MAX, TAG_MAX_CHARS, isValidLinkUrl, normalizeUrl, stripTrackingParams, type LinkDetail, type LinkStats, type PublicLink, type RecentlyDeletedLink } from "~/lib/links";
import { db } from "../platform/db.server";
import type { Link, Role } from "../platform/db-schema.server";
import { publishUserEvent } from "../notifications/events.server";
import { CAPTURE_MAX_BYTES, CAPTURE_TOO_LARGE } from "~/lib/capture";
import { putLinkCapture } from "../repos/link-captures.server";
import { emitWebhookEvent } from "../webhooks/webhooks.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { enrichmentBudget, hasEnrichmentLeft, requireEnrichmentLeft } from "../billing/quota.server";
import { NOT_ENRICHED_ALLOWANCE } from "~/lib/imports";
import { QUOTA_EXCEEDED } from "../billing/entitlements.server";
import { REENRICH_PRIORITY, enqueueEnrichLink, enqueueEnrichTask, hasLiveEnrichJob, hasLiveImportJob } from "../jobs/queue.server";
import { listArtifacts } from "../repos/artifacts.server";
import { env } from "../platform/env.server";
import { searchLinks, type RankCursor, type SearchedLink } from "../repos/link-search.server";
import type { LinkFilter, LinkSort } from "~/lib/api-schemas";
import { decodeDeletedCursor, decodeDuplicateCursor, decodeLinkCursor, decodeRankCursor, encodeDeletedCursor, encodeDuplicateCursor, encodeLinkCursor, encodeRankCursor } from "./cursor.server";
import {
  appendLinkNotes,
  countDeletedLinks,
  findSavedPage,
  touchSavedLink,
  countLinksByStatus,
  getLink,
  listDeletedLinks,
  getLinkCursor,
  listUserTags,
  listStalePendingLinks,
  listStaleReenrichLinks,
  purgeDeletedLinks,
  resetLinkToPending,
  restoreLink,
  softDeleteLink,
  getLinkTagsForUpdate,
  updateLinkEdits,
  updateLinkTags,
  upsertLink,
  type LinkCursor,
} from "../repos/links.server";

type ListedFields = Pick<Link, "id" | "url" | "title" | "description" | "favicon" | "lead_image" | "tags" | "status" | "enriched_at" | "created_at" | "saved_at" | "updated_at" | "error" | "read_at" | "archived_at">;

export function toPublicLink(link: ListedFields): PublicLink {
  return {
    id: link.id,
    url: link.url,
    title: link.title,
    description: link.description,
    favicon: publicFavicon(link.favicon),
    leadImage: publicLeadImage(link.lead_image),
    tags: link.tags,
    status: link.status,
    enrichedAt: link.enriched_at?.toISOString() ?? null,
    createdAt: link.created_at.toISOString(),
    savedAt: link.saved_at.toISOString(),
    updatedAt: link.updated_at.toISOString(),
    error: link.error,
    readAt: link.read_at?.toISOString() ?? null,
    archivedAt: link.archived_at?.toISOString() ?? null,
  };
}

export function toLinkDetail(link: Link): LinkDetail {
  return {
    ...toPublicLink(link),
    notes: link.notes,
    summary: link.summary,
    codeSnippets: link.code_snippets,
    readingMinutes: link.reading_minutes,
    language: link.language,
    canonicalUrl: link.canonical_url,
    engine: link.enrichment_engine,
    category: link.category,
    tagSuggestions: link.tag_suggestions,
    byline: link.byline,
    publishedAt: link.published_at?.toISOString() ?? null,
    siteName: link.site_name,
    fetchMethod: isOneOf(FETCH_METHODS, link.fetch_method) ? link.fetch_method : null,
    fetchMs: link.fetch_ms,
    fetchReason: link.fetch_reason,
    enrichedWith: link.enriched_with,
  };
}

/** Enqueues after the row is committed; if Redis is down the reconciler enqueues it later. */
async function enqueueSafely(link: Link, options?: { isNew?: boolean; role?: Role }) {
  try {
    await enqueueEnrichLink(link.id, options);
  } catch (error) {
    log.warn("enqueue failed; the reconciler will pick the link up", { linkId: link.id, error });
  }
}

/**
 * Saves a link for a user. A new page is queued for enrichment, or saved as failed with
 * the quota reason when nothing is left this month. The same page again (the same address, or a
 * live link whose canonical URL is this address) returns the existing row, moved to the top. One
 * An archived one comes out of the archive (`unarchived`): saving it again asks for it back in the
 * list; its read state stays. One
 * the user deleted and that is not purged yet is restored with its results and share page (and
 * queued again if it was deleted before its job ran), or with `restoreDeleted: false` (the API
 * and the add form, which offer Restore instead) a 409 naming it (decision 053).
 * `title`, when the caller knows it (the bookmarklet reads the page's), shows until enrichment finds the page's own.
 */
export async function addLink(
  user: { id: string; role: Role },
  rawUrl: string,
  options: {
    title?: string;
    restoreDeleted?: boolean;
    capture?: string;
    /**
     * Saved by a feed, not by the user's hand: with no enrichment left (links already waiting
     * counted) it waits as Not enriched, as an import's links do, instead of failing with the
     * quota's reason.
     */
    automatic?: boolean;
  } = {},
): Promise<{ link: Link; created: boolean; unarchived: boolean; captured: boolean }> {
  if (!isValidLinkUrl(rawUrl)) throw new HttpError(400, INVALID_URL_MESSAGE);
  if (options.capture !== undefined && Buffer.byteLength(options.capture) > CAPTURE_MAX_BYTES) throw new HttpError(413, CAPTURE_TOO_LARGE);
  // The same page with campaign tags is the same page: save it without them.
  const url = stripTrackingParams(rawUrl);
  const userId = user.id;
  const normalizedUrl = normalizeUrl(url);
  const saved = await findSavedPage(db(), { userId, normalizedUrl });
  if (saved?.deleted_at && options.restoreDeleted === false) {
    throw new HttpError(409, IN_TRASH_MESSAGE, {}, {
      id: saved.id,
      deletedAt: saved.deleted_at.toISOString(),
      purgeAfter: new Date(saved.deleted_at.getTime() + env().LINK_PURGE_AFTER_MS).toISOString(),
    });
  }
  if (saved && !saved.deleted_at && saved.normalized_url !== normalizedUrl) {
    // Saved before under another address whose page names this one as canonical.
    const link = await touchSavedLink(db(), { id: saved.id, userId });
    if (link) {
      await publishUserEvent(userId, { type: "link", link: toPublicLink(link) });
      return { link, created: false, unarchived: saved.archived_at !== null, captured: false };
    }
  }
  // An automatic save counts the links already waiting, read in one snapshot with the usage: a job
  // storing its result between two reads would otherwise be counted neither used nor waiting.
  const canEnrich = options.automatic
    ? (await db().transaction().setIsolationLevel("repeatable read").execute((trx) => enrichmentBudget(trx, userId, user.role))) > 0
    : await hasEnrichmentLeft(db(), userId, user.role);
  const result = await upsertLink(db(), {
    userId,
    url,
    normalizedUrl,
    status: canEnrich ? "pending" : options.automatic ? "unenriched" : "error",
    error: canEnrich ? null : options.automatic ? NOT_ENRICHED_ALLOWANCE : QUOTA_EXCEEDED,
    title: options.title?.trim().slice(0, 300) || null,
  });
  // Stored before the job is queued, so the worker reads the capture and never fetches the address
  // (decision 069). A link enriched already keeps its result: the capture is not used for it.
  const captured = options.capture !== undefined && result.link.status !== "enriched";
  if (captured) await putLinkCapture(db(), { linkId: result.link.id, userId, url: result.link.url, html: options.capture! });
  await Promise.all([
    // The job id is the link id, so queuing a pending existing row again never runs it twice.
    result.link.status === "pending" ? enqueueSafely(result.link, { isNew: result.created, role: user.role }) : undefined,
    publishUserEvent(userId, { type: "link", link: toPublicLink(result.link) }),
    result.created ? emitWebhookEvent(userId, "link.saved", { link: toPublicLink(result.link) }) : undefined,
  ]);
  return { ...result, captured, unarchived: !result.created && !saved?.deleted_at && saved?.archived_at != null };
}

export async function getUserLink(userId: string, id: string): Promise<Link> {
  const link = isUuid(id) ? await getLink(db(), { id, userId }) : undefined;
  if (!link) throw new HttpError(404, "Link not found");
  return link;
}

export interface DeletedLink {
  id: string;
  deletedAt: string;
  /** Until when POST /api/links/{id}/restore (Undo) brings it back; the purge job may remove it after. */
  undoUntil: string;
}

/** Soft-deletes the user's link: hidden everywhere at once, restorable until the purge. */
export async function removeLink(userId: string, id: string): Promise<DeletedLink> {
  const deleted = isUuid(id) ? await softDeleteLink(db(), { id, userId }) : undefined;
  if (!deleted) throw new HttpError(404, "Link not found");
  await publishUserEvent(userId, { type: "link-deleted", id });
  return {
    id,
    deletedAt: deleted.deleted_at.toISOString(),
    undoUntil: new Date(deleted.deleted_at.getTime() + env().LINK_PURGE_AFTER_MS).toISOString(),
  };
}

/**
 * Undo of a delete: the link comes back where it was, with its results and share page. A link
 * or a result whose job ran while it was deleted (and so did nothing) is queued again; the job
 * ids are theirs, so one still waiting is not doubled. 404 when it is not deleted (or purged).
 */
export async function restoreUserLink(userId: string, id: string, role?: Role): Promise<Link> {
  const link = isUuid(id) ? await restoreLink(db(), { id, userId }) : undefined;
  if (!link) throw new HttpError(404, "Link not found");
  const waiting = (await listArtifacts(db(), link.id)).filter((artifact) => artifact.status === "pending");
  await Promise.all([
    link.status === "pending" ? enqueueSafely(link, { role }) : undefined,
    ...waiting.map((artifact) =>
      enqueueEnrichTask(artifact.id).catch((error: unknown) => log.warn("enqueue failed; the result can be asked for again", { artifactId: artifact.id, error })),
    ),
    publishUserEvent(userId, { type: "link-restored", link: toPublicLink(link) }),
  ]);
  return link;
}

/** How long a deleted link stays restorable (Undo, Recently deleted) before the purge may take it. */
export function deletedLinksKeptMs(): number {
  return env().LINK_PURGE_AFTER_MS;
}

/**
 * A page of Recently deleted: the user's deleted links not purged yet, last deleted first, each
 * with when it goes for good, and the cursor of the next page (its own kind: a cursor of the
 * live list is a 400 here, as any other text is).
 */
export async function listRecentlyDeleted(userId: string, { limit, before }: { limit: number; before?: string }): Promise<{ links: RecentlyDeletedLink[]; nextCursor: string | null }> {
  const cursor = before === undefined ? undefined : decodeDeletedCursor(before);
  if (before !== undefined && !cursor) throw new HttpError(400, "before must be the cursor of the previous page");
  const rows = await listDeletedLinks(db(), { userId, limit: limit + 1, before: cursor });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const keptMs = deletedLinksKeptMs();
  return {
    links: page.map((row) => ({
      ...toPublicLink(row),
      deletedAt: row.deleted_at.toISOString(),
      purgeAfter: new Date(row.deleted_at.getTime() + keptMs).toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encodeDeletedCursor({ deletedAt: last.cursor_deleted_at, id: last.id }) : null,
  };
}

export async function countRecentlyDeleted(userId: string): Promise<number> {
  return countDeletedLinks(db(), userId);
}

const PURGE_BATCH = 500;

/**
 * Removes for good the links deleted longer than LINK_PURGE_AFTER_MS ago, a batch at a time,
 * with their results and share pages; the worker's `link-purge` job runs it.
 */
export async function purgeExpiredLinks(graceMs = env().LINK_PURGE_AFTER_MS): Promise<{ purged: number }> {
  const deletedBefore = new Date(Date.now() - graceMs);
  let purged = 0;
  for (;;) {
    const rows = await purgeDeletedLinks(db(), { deletedBefore, limit: PURGE_BATCH });
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return { purged };
  }
}

/** A failed link goes back to Processing; 409 unless it failed; 403 when no enrichment is left. */
export async function retryLink(userId: string, id: string, role?: Role): Promise<Link> {
  const existing = await getUserLink(userId, id);
  if (existing.status !== "error" && existing.status !== "unenriched") throw new HttpError(409, "Only a failed link can be retried.");
  await requireEnrichmentLeft(db(), userId, role);
  const link = await resetLinkToPending(db(), { id, userId });
  if (!link) throw new HttpError(409, "Only a failed link can be retried.");
  await enqueueSafely(link, { role });
  await publishUserEvent(userId, { type: "link", link: toPublicLink(link) });
  return link;
}

/**
 * The owner's edits: notes (null or blank text removes them; searchable at once), the title (the
 * user's from then on, which enrichment and re-enrichment leave; null gives it back to the page)
 * and the read state (decision 056): read or unread, archived or back in the library.
 */
export async function editLink(
  userId: string,
  id: string,
  edits: { notes?: string | null; title?: string | null; read?: boolean; archived?: boolean },
): Promise<Link> {
  const notes = edits.notes === undefined ? undefined : edits.notes?.trim() ? edits.notes : null;
  const title = edits.title === undefined ? undefined : edits.title?.trim() || null;
  const link = isUuid(id) ? await updateLinkEdits(db(), { id, userId, notes, title, read: edits.read, archived: edits.archived }) : undefined;
  if (!link) throw new HttpError(404, "Link not found");
  // The list shows the title and the read state: other tabs follow.
  if (title !== undefined || edits.read !== undefined || edits.archived !== undefined) await publishUserEvent(userId, { type: "link", link: toPublicLink(link) });
  return link;
}

/**
 * Changes the link's tags in one transaction with the row locked, so an enrichment storing at
 * the same moment either comes before (and the change applies to its tags) or waits for it.
 */
async function changeTags(
  userId: string,
  id: string,
  change: (current: OwnTags & { tagSuggestions: string[] }) => OwnTags & { tagSuggestions: string[] },
): Promise<Link> {
  const updated = await db()
    .transaction()
    .execute(async (trx) => {
      const row = isUuid(id) ? await getLinkTagsForUpdate(trx, { id, userId }) : undefined;
      if (!row) throw new HttpError(404, "Link not found");
      const next = change({ tags: row.tags, userTags: row.user_tags, dismissedTags: row.dismissed_tags, tagSuggestions: row.tag_suggestions });
      return updateLinkTags(trx, { id: row.id, userId, ...next });
    });
  await publishUserEvent(userId, { type: "link", link: toPublicLink(updated!) });
  return updated!;
}

/** The tag editor: the whole set becomes the user's own; a tag taken off (the engine's too) stays off. */
export function setLinkTags(userId: string, id: string, tags: string[]): Promise<Link> {
  return changeTags(userId, id, (current) => {
    const next = setOwnTags(current, tags);
    const dismissed = new Set(next.dismissedTags.map((tag) => tag.toLowerCase()));
    return { ...next, tagSuggestions: current.tagSuggestions.filter((tag) => !dismissed.has(tag.toLowerCase())) };
  });
}

/**
 * Adds tags to the link as the user's own (decision 040): what it had stays, an added tag that was
 * taken off before comes back, and a suggestion it matches is taken as accepted. Never removes one.
 */
export function addLinkTags(userId: string, id: string, tags: string[]): Promise<Link> {
  const own = uniqueTags(tags, { maxLength: TAG_MAX_CHARS });
  const added = new Set(own.map((tag) => tag.toLowerCase()));
  return changeTags(userId, id, (current) => {
    const next = addOwnTags(current, own);
    if (next.userTags.length > TAGS_MAX) throw new HttpError(400, `A link has ${TAGS_MAX} tags of your own at most; this one would have ${next.userTags.length}.`);
    return { ...next, tagSuggestions: current.tagSuggestions.filter((tag) => !added.has(tag.toLowerCase())) };
  });
}

/**
 * Save from the bookmarklet's popup: the link as the add form saves it, and the tags and note typed
 * there as the user's own (decision 040), which enrichment never overwrites. On a link already saved
 * they are added: its tags and notes are kept, never replaced.
 */
export async function saveLinkWithOwnFields(
  user: { id: string; role: Role },
  rawUrl: string,
  { title, tags = [], notes, capture, restoreDeleted, automatic }: { title?: string; tags?: string[]; notes?: string; capture?: string; restoreDeleted?: boolean; automatic?: boolean },
): Promise<{ link: Link; created: boolean; unarchived: boolean }> {
  const saved = await addLink(user, rawUrl, { title, capture, restoreDeleted, automatic });
  let link = saved.link;
  // A page that failed (a paywall, a sign-in wall) is tried again from what the user saw, when the
  // allowance has room; otherwise it stays failed and its Retry reads the capture.
  if (saved.captured && !saved.created && (link.status === "error" || link.status === "unenriched") && (await hasEnrichmentLeft(db(), user.id, user.role))) {
    link = await retryLink(user.id, link.id, user.role);
  }
  const own = uniqueTags(tags, { max: TAGS_MAX, maxLength: TAG_MAX_CHARS });
  if (own.length) {
    const added = new Set(own.map((tag) => tag.toLowerCase()));
    link = await changeTags(user.id, link.id, (current) => ({
      ...addOwnTags(current, own),
      tagSuggestions: current.tagSuggestions.filter((tag) => !added.has(tag.toLowerCase())),
    }));
  }
  const note = notes?.trim();
  if (note) link = (await appendLinkNotes(db(), { id: link.id, userId: user.id, notes: note, maxChars: NOTES_MAX_CHARS })) ?? link;
  return { link, created: saved.created, unarchived: saved.unarchived };
}

/** The tags the user's library uses most, to suggest while they type one. */
export function suggestableTags(userId: string, limit = 200): Promise<string[]> {
  return listUserTags(db(), userId, limit);
}

/** Accepts suggested tags (they join the link's tags as the user's own) or dismisses them (never suggested again). */
export async function reviewTagSuggestions(userId: string, id: string, { accept = [], dismiss = [] }: { accept?: string[]; dismiss?: string[] }): Promise<Link> {
  return changeTags(userId, id, (current) => {
    const unknown = [...accept, ...dismiss].filter((tag) => !current.tagSuggestions.includes(tag));
    if (unknown.length) throw new HttpError(400, `Not a suggested tag: ${unknown.join(", ")}`);
    const next = addOwnTags(current, accept);
    return {
      ...next,
      dismissedTags: [...next.dismissedTags, ...dismiss.filter((tag) => !next.dismissedTags.includes(tag))],
      tagSuggestions: current.tagSuggestions.filter((tag) => !accept.includes(tag) && !dismiss.includes(tag)),
    };
  });
}

/**
 * Re-enqueues links left pending with no live job (a Redis flush, a failed enqueue, a lost
 * job), and re-enrichments in the same case. Safe to run from every worker at once: the job id
 * is the link id.
 */
export async function reconcilePendingLinks(olderThanMs: number): Promise<number> {
  let requeued = 0;
  for (const { id } of await listStalePendingLinks(db(), olderThanMs)) {
    // A bulk re-enrichment waits its turn on the import queue's low-priority path.
    if ((await hasLiveEnrichJob(id)) || (await hasLiveImportJob(`enrich-${id}`))) continue;
    await enqueueEnrichLink(id);
    requeued++;
  }
  // An operator's re-enrichment whose job was lost goes back at its own low priority.
  for (const { id } of await listStaleReenrichLinks(db(), olderThanMs)) {
    if (await hasLiveEnrichJob(id)) continue;
    await enqueueEnrichLink(id, { priority: REENRICH_PRIORITY });
    requeued++;
  }
  return requeued;
}

/**
 * Where the next page starts: an opaque cursor from the previous page, or (from older clients) a
 * link id, which pages from wherever that link is now. Neither of the user's is a 400.
 */
export async function resolveLinkCursor(userId: string, before: string): Promise<LinkCursor> {
  const cursor = decodeLinkCursor(before) ?? (isUuid(before) ? await getLinkCursor(db(), { id: before, userId }) : undefined);
  if (!cursor) throw new HttpError(400, "before must be the cursor of the previous page");
  return cursor;
}

/**
 * A page out of `limit + 1` rows read: the first `limit`, and the cursor after them, or null when
 * the extra row was not there (this is the last page, so no empty page is ever asked for).
 */
export function pageOf<T extends { id: string; cursor_saved_at: string; cursor_rank?: string | null }>(
  rows: T[],
  limit: number,
  byRank = false,
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  if (!last || rows.length <= limit) return { rows: page, nextCursor: null };
  if (byRank && last.cursor_rank) return { rows: page, nextCursor: encodeRankCursor({ rank: last.cursor_rank, savedAt: last.cursor_saved_at, id: last.id }) };
  return { rows: page, nextCursor: encodeLinkCursor({ savedAt: last.cursor_saved_at, id: last.id }) };
}

/** A listed link, and with a search its title and snippet as escaped HTML with <mark> around the matches. */
function toListedLink(row: SearchedLink): PublicLink {
  const link: PublicLink = toPublicLink(row);
  if (row.dup_group && row.dup_reason) link.duplicate = { group: row.dup_group, reason: row.dup_reason };
  return row.title_highlight === null && row.snippet_highlight === null ? link : { ...link, highlight: { title: row.title_highlight, snippet: row.snippet_highlight } };
}

/**
 * A page of the user's links matching the filter, newest first (or by relevance with a search),
 * and the cursor of the next one. A relevance page continues from a relevance cursor only.
 */
export async function listUserLinks(
  userId: string,
  { limit, before, filter = {}, sort = "date" }: { limit: number; before?: string; filter?: LinkFilter; sort?: LinkSort },
): Promise<{ links: PublicLink[]; nextCursor: string | null }> {
  if (filter.duplicates) {
    const cursor = before === undefined ? undefined : decodeDuplicateCursor(before);
    if (before !== undefined && !cursor) throw new HttpError(400, "before must be the cursor of the previous page");
    const rows = await searchLinks(db(), { userId, filter, limit: limit + 1, before: cursor });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last?.dup_group && last.cursor_group_saved_at
        ? encodeDuplicateCursor({ groupSavedAt: last.cursor_group_saved_at, group: last.dup_group, savedAt: last.cursor_saved_at, id: last.id })
        : null;
    return { links: page.map(toListedLink), nextCursor };
  }
  const byRank = sort === "relevance" && Boolean(filter.q?.trim());
  let cursor: LinkCursor | RankCursor | undefined;
  if (before) {
    cursor = byRank ? decodeRankCursor(before) : await resolveLinkCursor(userId, before);
    if (!cursor) throw new HttpError(400, "before must be the cursor of the previous page");
  }
  const { rows, nextCursor } = pageOf(await searchLinks(db(), { userId, filter, sort, limit: limit + 1, before: cursor }), limit, byRank);
  return { links: rows.map(toListedLink), nextCursor };
}

/** The Statistics sidebar's figures, from the database (every link, not the loaded page). */
export async function userLinkStats(userId: string): Promise<LinkStats> {
  const { unread, read, archived, ...counts } = await countLinksByStatus(db(), userId);
  return {
    total: counts.pending + counts.enriched + counts.error,
    enriched: counts.enriched,
    pending: counts.pending,
    failed: counts.error,
    unenriched: counts.unenriched,
    unread,
    read,
    archived,
  };
}
