import { db } from "../platform/db.server";
import type { Link } from "../platform/db-schema.server";
import { engineLabel } from "../enrichment/engine.server";
import { enricher } from "../enrichment/enricher.server";
import { env } from "../platform/env.server";
import { publishUserEvent } from "../notifications/events.server";
import { AlreadyDone, settleJobFailure } from "../jobs/failures.server";
import { FetchError, safeFetch } from "../fetching/fetcher.server";
import { LlmError } from "../enrichment/openai/llm.server";
import { toPublicLink } from "./links.server";
import { createNotification } from "../notifications/notifications.server";
import { parsePageOffThread } from "../fetching/page-parse-pool.server";
import { PageError } from "../fetching/page-parser.server";
import { preferencesFor } from "../enrichment/preferences.server";
import { chargeEnrichment, hasEnrichmentLeft } from "../billing/quota.server";
import { QUOTA_EXCEEDED, can, monthlyAllowance } from "../billing/entitlements.server";
import {
  getLinkById,
  listUserTags,
  markLinkEnriched,
  markLinkEnrichedCountingUnlimited,
  markLinkFailed,
  type EnrichedFields,
} from "../repos/links.server";

export type EnrichOutcome = "enriched" | "failed" | "skipped";

const TAGS_TTL_MS = 30_000;
const tagCache = new Map<string, { tags: string[]; expires: number }>();

/** The user's tags, cached briefly per worker: reuse does not need the very latest. */
async function recentTags(userId: string): Promise<string[]> {
  const hit = tagCache.get(userId);
  if (hit && hit.expires > Date.now()) return hit.tags;
  const tags = await listUserTags(db(), userId);
  if (tagCache.size > 10_000) tagCache.clear();
  tagCache.set(userId, { tags, expires: Date.now() + TAGS_TTL_MS });
  return tags;
}

async function fail(link: Link, reason: string): Promise<void> {
  const failed = await markLinkFailed(db(), link.id, reason);
  if (!failed) return;
  await createNotification(db(), {
    userId: link.user_id,
    type: "link-failed",
    title: "A link could not be enriched",
    body: `${link.url}: ${reason}`,
    link: "/dashboard",
  });
  await publishUserEvent(link.user_id, { type: "link", link: toPublicLink(failed) });
}

/**
 * Fetches, parses and enriches one link, then stores the result and counts it against the
 * quota in one transaction. Idempotent: a link that is no longer pending is left alone.
 * `finalAttempt` says whether a transient failure should be recorded on the link now.
 */
export async function enrichLink(linkId: string, { finalAttempt }: { finalAttempt: boolean }): Promise<EnrichOutcome> {
  const link = await getLinkById(db(), linkId);
  if (!link || link.status !== "pending") return "skipped";
  if (!(await hasEnrichmentLeft(db(), link.user_id, link.owner_role))) {
    await fail(link, QUOTA_EXCEEDED);
    return "failed";
  }

  const config = env();
  let stored: Link | undefined;
  try {
    const page = await safeFetch(link.url, {
      allowlist: config.FETCH_ALLOWLIST,
      timeoutMs: config.FETCH_TIMEOUT_MS,
      maxBytes: config.FETCH_MAX_BYTES,
    });
    const parsed = await parsePageOffThread(page.body, page.url, page.contentType);
    const result = await enricher().enrich({
      url: page.url,
      page: parsed,
      existingTags: await recentTags(link.user_id),
      preferences: await preferencesFor(link.user_id, link.owner_role),
    });
    // Suggestions and code are plan features: a role without them gets none stored, so no
    // page, export or API answer can show them.
    const [suggests, extractsCode] = await Promise.all([can(link.owner_role, "tagSuggestions"), can(link.owner_role, "codeSnippets")]);
    const fields: EnrichedFields = {
      title: parsed.title,
      description: parsed.description,
      favicon: parsed.favicon,
      canonicalUrl: parsed.canonicalUrl,
      language: parsed.language,
      readingMinutes: parsed.readingMinutes,
      contentText: parsed.text,
      summary: result.summary,
      tags: result.tags,
      tagSuggestions: suggests ? result.tagSuggestions : [],
      codeSnippets: extractsCode ? result.codeSnippets : [],
      category: result.category,
      engine: engineLabel(result.run),
    };
    if (monthlyAllowance(link.owner_role) === null) {
      // Unlimited: nothing to lock or count, so the result and its usage row go in one statement.
      stored = await markLinkEnrichedCountingUnlimited(db(), link.id, fields, result.run);
      if (!stored) return "skipped";
    } else {
      stored = await db()
        .transaction()
        .execute(async (trx) => {
          if (!(await chargeEnrichment(trx, { userId: link.user_id, linkId: link.id, kind: "link", run: result.run, role: link.owner_role }))) return undefined;
          const saved = await markLinkEnriched(trx, link.id, fields);
          // Already enriched by another run: roll back the charge too.
          if (!saved) throw new AlreadyDone();
          return saved;
        });
    }
  } catch (error) {
    if (error instanceof AlreadyDone) return "skipped";
    return settleJobFailure(error, {
      finalAttempt,
      readable: [FetchError, PageError, LlmError],
      fallbackReason: "Enrichment failed on our side",
      record: (reason) => fail(link, reason),
      context: { linkId: link.id },
    });
  }
  if (!stored) {
    await fail(link, QUOTA_EXCEEDED);
    return "failed";
  }
  await publishUserEvent(link.user_id, { type: "link", link: toPublicLink(stored) });
  return "enriched";
}
