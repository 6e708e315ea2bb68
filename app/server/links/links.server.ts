import { publicFavicon } from "./favicons.server";
import { isUuid } from "~/lib/ids";
import { INVALID_URL_MESSAGE, isValidLinkUrl, normalizeUrl, type LinkDetail, type LinkStats, type PublicLink } from "~/lib/links";
import { db } from "../platform/db.server";
import type { Link, Role } from "../platform/db-schema.server";
import { publishUserEvent } from "../notifications/events.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { hasEnrichmentLeft, requireEnrichmentLeft } from "../billing/quota.server";
import { QUOTA_EXCEEDED } from "../billing/entitlements.server";
import { REENRICH_PRIORITY, enqueueEnrichLink, hasLiveEnrichJob } from "../jobs/queue.server";
import {
  countLinksByStatus,
  deleteLink,
  getLink,
  listLinks,
  listStalePendingLinks,
  listStaleReenrichLinks,
  resetLinkToPending,
  updateLinkTags,
  upsertLink,
} from "../repos/links.server";

export function toPublicLink(link: Link): PublicLink {
  return {
    id: link.id,
    url: link.url,
    title: link.title,
    description: link.description,
    favicon: publicFavicon(link.favicon),
    tags: link.tags,
    status: link.status,
    enrichedAt: link.enriched_at?.toISOString() ?? null,
    createdAt: link.created_at.toISOString(),
    savedAt: link.saved_at.toISOString(),
    updatedAt: link.updated_at.toISOString(),
    error: link.error,
  };
}

export function toLinkDetail(link: Link): LinkDetail {
  return {
    ...toPublicLink(link),
    summary: link.summary,
    codeSnippets: link.code_snippets,
    readingMinutes: link.reading_minutes,
    language: link.language,
    canonicalUrl: link.canonical_url,
    engine: link.enrichment_engine,
    category: link.category,
    tagSuggestions: link.tag_suggestions,
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
 * the quota reason when nothing is left this month. The same page again returns the
 * existing row, moved to the top.
 */
export async function addLink(user: { id: string; role: Role }, rawUrl: string): Promise<{ link: Link; created: boolean }> {
  if (!isValidLinkUrl(rawUrl)) throw new HttpError(400, INVALID_URL_MESSAGE);
  const url = rawUrl.trim();
  const userId = user.id;
  const canEnrich = await hasEnrichmentLeft(db(), userId, user.role);
  const result = await upsertLink(db(), {
    userId,
    url,
    normalizedUrl: normalizeUrl(url),
    status: canEnrich ? "pending" : "error",
    error: canEnrich ? null : QUOTA_EXCEEDED,
  });
  await Promise.all([
    result.created && result.link.status === "pending" ? enqueueSafely(result.link, { isNew: true, role: user.role }) : undefined,
    publishUserEvent(userId, { type: "link", link: toPublicLink(result.link) }),
  ]);
  return result;
}

export async function getUserLink(userId: string, id: string): Promise<Link> {
  const link = isUuid(id) ? await getLink(db(), { id, userId }) : undefined;
  if (!link) throw new HttpError(404, "Link not found");
  return link;
}

export async function removeLink(userId: string, id: string): Promise<void> {
  const deleted = isUuid(id) && (await deleteLink(db(), { id, userId }));
  if (!deleted) throw new HttpError(404, "Link not found");
  await publishUserEvent(userId, { type: "link-deleted", id });
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

/** Accepts suggested tags (they join the link's tags) or dismisses them. */
export async function reviewTagSuggestions(userId: string, id: string, { accept = [], dismiss = [] }: { accept?: string[]; dismiss?: string[] }): Promise<Link> {
  const link = await getUserLink(userId, id);
  const unknown = [...accept, ...dismiss].filter((tag) => !link.tag_suggestions.includes(tag));
  if (unknown.length) throw new HttpError(400, `Not a suggested tag: ${unknown.join(", ")}`);
  const updated = await updateLinkTags(db(), {
    id: link.id,
    userId,
    tags: [...new Set([...link.tags, ...accept])],
    tagSuggestions: link.tag_suggestions.filter((tag) => !accept.includes(tag) && !dismiss.includes(tag)),
  });
  await publishUserEvent(userId, { type: "link", link: toPublicLink(updated!) });
  return updated!;
}

/**
 * Re-enqueues links left pending with no live job (a Redis flush, a failed enqueue, a lost
 * job), and re-enrichments in the same case. Safe to run from every worker at once: the job id
 * is the link id.
 */
export async function reconcilePendingLinks(olderThanMs: number): Promise<number> {
  let requeued = 0;
  for (const { id } of await listStalePendingLinks(db(), olderThanMs)) {
    if (await hasLiveEnrichJob(id)) continue;
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
 * A page of the user's links, newest first. `before` is the id of the last link of the
 * previous page; an id that is not one of the user's links is a 400.
 */
export async function listUserLinks(userId: string, { limit, before }: { limit: number; before?: string }): Promise<PublicLink[]> {
  const cursor = before ? await getLink(db(), { id: before, userId }) : undefined;
  if (before && !cursor) throw new HttpError(400, "before must be the id of one of your links");
  const links = await listLinks(db(), {
    userId,
    limit,
    before: cursor ? { savedAt: cursor.saved_at, id: cursor.id } : undefined,
  });
  return links.map(toPublicLink);
}

/** The Statistics sidebar's figures, from the database (every link, not the loaded page). */
export async function userLinkStats(userId: string): Promise<LinkStats> {
  const counts = await countLinksByStatus(db(), userId);
  return { total: counts.pending + counts.enriched + counts.error, enriched: counts.enriched, pending: counts.pending, failed: counts.error };
}
