import { enrichmentFeaturesOf, type EarlierLinks, type EarlierLinksQueued, type EnrichmentFeature } from "~/lib/plan-enrichment";
import { featureAccess } from "../billing/entitlements.server";
import { REENRICH_PRIORITY, enqueueEnrichLinks } from "../jobs/queue.server";
import { db } from "../platform/db.server";
import type { Role } from "../platform/db-schema.server";
import { log } from "../platform/logger.server";
import { countReenrichCandidates, countRequestedReenrichments, requestReenrichment } from "../repos/links.server";

/**
 * "Enrich my earlier links with my new plan" (issue #33, decision 041): after an upgrade, the
 * user's links enriched under a lesser plan (their recorded enrichment lacks a feature the plan
 * now gives) are enriched again on the operator's re-enrichment path: each stays Enriched and
 * readable until its new result replaces the old, runs at REENRICH_PRIORITY behind every link
 * anyone adds, and is not counted again (it was counted when first enriched). A link already
 * waiting is not taken twice, so pressing again queues nothing new.
 */

/** Links marked per statement, and queued per call to Redis. */
const CHUNK = 1_000;
/** At most this many per press; the answer's `behind` says what is left for the next one. */
const MAX_PER_CALL = 10_000;

async function planFeatures(role: Role): Promise<EnrichmentFeature[]> {
  return enrichmentFeaturesOf(await featureAccess(role));
}

/** Where the user's earlier links stand against their plan now. */
export async function earlierLinks(user: { id: string; role: Role }): Promise<EarlierLinks> {
  const features = await planFeatures(user.role);
  const [behind, waiting] = await Promise.all([
    countReenrichCandidates(db(), { userId: user.id, behindFeatures: features }),
    countRequestedReenrichments(db(), user.id),
  ]);
  return { plan: user.role, features, behind, waiting };
}

/** Queues every link behind the user's plan for re-enrichment (or, dryRun, only counts them). */
export async function enrichEarlierLinks(user: { id: string; role: Role }, { dryRun = false } = {}): Promise<EarlierLinksQueued> {
  if (dryRun) return { ...(await earlierLinks(user)), queued: 0, dryRun };
  const features = await planFeatures(user.role);
  const query = { userId: user.id, behindFeatures: features };
  let queued = 0;
  while (features.length > 0 && queued < MAX_PER_CALL) {
    const marked = await requestReenrichment(db(), query, Math.min(CHUNK, MAX_PER_CALL - queued));
    if (marked.length === 0) break;
    queued += marked.length;
    try {
      await enqueueEnrichLinks(marked.map((link) => ({ linkId: link.id, priority: REENRICH_PRIORITY })));
    } catch (error) {
      // Marked in Postgres: the reconciler queues a re-enrichment whose job is missing.
      log.warn("earlier links: enqueue failed; the reconciler will queue them", { userId: user.id, count: marked.length, error });
    }
    if (marked.length < CHUNK) break;
  }
  return { ...(await earlierLinks(user)), queued, dryRun };
}
