import { storeFavicon, storeLeadImage } from "../links/favicons.server";
import { db } from "../platform/db.server";
import type { Link, Role } from "../platform/db-schema.server";
import { engineLabel } from "./engine.server";
import { enricher } from "./enricher.server";
import { publishUserEvent } from "../notifications/events.server";
import { emitWebhookEvent } from "../webhooks/webhooks.server";
import { AlreadyDone, settleJobFailure } from "../jobs/failures.server";
import { handToBrowser } from "../fetching/browser-fetch.server";
import { toPublicLink } from "../links/links.server";
import { createNotification } from "../notifications/notifications.server";
import { fetchParsedPage, parseCapturedPage } from "../fetching/page-fetch.server";
import { getLinkCapture } from "../repos/link-captures.server";
import { HostDeferral, type Deferrals, type WorkLane } from "../fetching/host-limits.server";
import { preferencesFor } from "./preferences.server";
import { inUsersSpelling } from "./tag-vocabulary.server";
import { chargeEnrichment, hasEnrichmentLeft } from "../billing/quota.server";
import { QUOTA_EXCEEDED, can, featureAccess, monthlyAllowance } from "../billing/entitlements.server";
import { enrichmentFeaturesOf } from "~/lib/plan-enrichment";
import type { StepLogger } from "../jobs/log-lines.server";
import { log } from "../platform/logger.server";
import { asInteractive, yieldToInteractive } from "../fetching/interactive-first.server";
import { NOT_ENRICHED_ALLOWANCE } from "~/lib/imports";
import {
  clearReenrichRequest,
  getLinkById,
  listUserTags,
  lockPendingLink,
  markLinkEnriched,
  markLinkEnrichedCountingUnlimited,
  markLinkFailed,
  markLinkReenriched,
  markLinkUnenriched,
  userTagSpellings,
  type EnrichedFields,
} from "../repos/links.server";
import type { ListRow } from "../repos/link-search.server";
import { keepArticle } from "../reader/reader.server";

/** rendering: handed to the headless browser's render queue, which finishes the enrichment. */
export type EnrichOutcome = "enriched" | "failed" | "skipped" | "rendering";

export interface EnrichOptions {
  finalAttempt: boolean;
  onStep?: StepLogger;
  /** Times the job was put back for its host (host-limits.server.ts). */
  deferrals?: Deferrals;
  /** Set by the render queue: the page is read in the headless browser, for this reason. */
  render?: { reason: string; shareable?: boolean; claim?: string };
  /** background for an import's or a bulk action's links: host slots, parser threads and the browser serve links added by hand first (laneOf). */
  lane?: WorkLane;
  /** A bulk operation's link: a failure is counted in the operation's one summary, not notified on its own. */
  quiet?: boolean;
}

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

async function fail(link: Link, reason: string, quiet = false): Promise<void> {
  const failed = await markLinkFailed(db(), link.id, reason);
  if (!failed) return;
  // An import's or a bulk operation's failures are counted in its one summary, not a notification each.
  if (link.import_id === null && !quiet) await createNotification(db(), {
    userId: link.user_id,
    type: "link-failed",
    title: "A link could not be enriched",
    body: `${link.url}: ${reason}`,
    link: "/dashboard",
  });
  const view = toPublicLink(failed);
  await publishUserEvent(link.user_id, { type: "link", link: view });
  await emitWebhookEvent(link.user_id, "link.failed", { link: view });
}

/**
 * No enrichment left: a link added by hand fails with the quota reason; an imported one is saved
 * as "Not enriched", to be enriched later with one action (it was never the user's request).
 */
async function outOfAllowance(link: Link, quiet = false): Promise<void> {
  if (link.import_id === null) return fail(link, QUOTA_EXCEEDED, quiet);
  const saved = await markLinkUnenriched(db(), link.id, NOT_ENRICHED_ALLOWANCE);
  if (saved) await publishUserEvent(link.user_id, { type: "link", link: toPublicLink(saved) });
}

/** A re-enrichment that failed leaves the previous result in place; the job keeps the reason. */
async function dropReenrichment(link: Link, reason: string): Promise<void> {
  await clearReenrichRequest(db(), link.id);
  log.warn("re-enrichment failed; the previous result stays", { linkId: link.id, reason });
}

/**
 * Fetches, parses and enriches one link, then stores the result and counts it against the
 * quota in one transaction. Idempotent: a link that is no longer pending is left alone.
 * `finalAttempt` says whether a transient failure should be recorded on the link now.
 *
 * An enriched link an operator asked to re-enrich (`reenrich_requested_at`) runs too: it was
 * paid for when it was first enriched, so it is neither checked against nor counted in the
 * quota, and a failure leaves the previous result as it was. `onStep` hears one line per step
 * (the worker writes them to the job's log).
 */
export async function enrichLink(linkId: string, options: EnrichOptions): Promise<EnrichOutcome> {
  const link = await getLinkById(db(), linkId);
  if (!link) return "skipped";
  const lane = laneOf(link, options.lane);
  // A person's link (not its render, which takes seconds of a browser, not of this process) holds
  // background work back while it runs (interactive-first.server.ts).
  const enrich = () => enrichNow(link, { ...options, lane });
  return lane === "interactive" && !options.render ? asInteractive(linkId, enrich) : enrich();
}

/** An enriched link an operator (or its owner, after an upgrade) asked to enrich again. */
const isReenrichment = (link: Link) => link.status === "enriched" && link.reenrich_requested_at !== null;

/**
 * Whose work an enrichment is (decision 049): the caller's lane when it says (an import's or a
 * bulk action's links are background; a render keeps the lane it was handed over in), else a
 * re-enrichment is background and a link a person added or retried interactive.
 */
export function laneOf(link: Link, lane: WorkLane | undefined): WorkLane {
  return lane ?? (isReenrichment(link) ? "background" : "interactive");
}

async function enrichNow(link: Link & { owner_role: Role }, { finalAttempt, onStep, deferrals = { busy: 0, asked: 0 }, render, lane, quiet }: EnrichOptions & { lane: WorkLane }): Promise<EnrichOutcome> {
  const linkId = link.id;
  const step: StepLogger = onStep ?? (() => undefined);
  /** Background work steps aside while a link added by hand is in flight; the log says for how long. */
  const yieldStep = async (before: string) => {
    const waited = await yieldToInteractive(lane);
    if (waited >= 50) step(`waited ${waited} ms before ${before}: links added by hand go first`);
  };
  const reenrich = isReenrichment(link);
  if (link.status !== "pending" && !reenrich) {
    step(`nothing to do: the link is ${link.status}`);
    return "skipped";
  }
  if (reenrich) {
    step("re-enrichment asked for (by an operator, or by the owner after an upgrade): not counted against the quota");
  } else if (!(await hasEnrichmentLeft(db(), link.user_id, link.owner_role))) {
    step("no enrichment left this month");
    await outOfAllowance(link, quiet);
    return "failed";
  }

  let stored: ListRow | undefined;
  let articleHtml: string | null | undefined;
  let articleBase = link.url;
  try {
    await yieldStep("fetching");
    // The shared fetch cache, or a fetch within the host's limits, then the parse (page-fetch.server.ts);
    // for the render queue, the page rendered in the headless browser.
    // A page the user's browser captured (decision 069) is read from that capture: its address is never fetched.
    const capture = await getLinkCapture(db(), link.id);
    const page = capture
      ? await parseCapturedPage({ url: capture.url, html: capture.html, capturedAt: capture.captured_at }, { step, lane })
      : await fetchParsedPage(
          { url: link.url, normalizedUrl: link.normalized_url, queuedAt: link.updated_at },
          { deferrals, step, lane, render: render ? { reason: render.reason, finalAttempt, shareable: render.shareable ?? true, linkId, claim: render.claim } : undefined },
        );
    // A script-built shell goes to the browser's own queue, which runs this again from the top.
    if ("browser" in page) {
      await handToBrowser(link, { reason: page.browser, shareable: page.shareable, shell: page.shell, claim: page.claim, lane }, step);
      return "rendering";
    }
    const parsed = page.parsed;
    articleHtml = parsed.articleHtml;
    articleBase = page.url;
    await yieldStep("enriching");
    const result = await enricher().enrich({
      url: page.url,
      page: parsed,
      existingTags: await recentTags(link.user_id),
      preferences: await preferencesFor(link.user_id, link.owner_role),
    });
    const { run } = result;
    step(`enriched by ${engineLabel(run)} in ${run.durationMs} ms, tokens in ${run.tokensIn ?? "n/a"}, out ${run.tokensOut ?? "n/a"}`);
    // Suggestions and code are plan features: a role without them gets none stored, so no
    // page, export or API answer can show them.
    const [suggests, extractsCode, favicon, leadImage, spellings] = await Promise.all([
      can(link.owner_role, "tagSuggestions"),
      can(link.owner_role, "codeSnippets"),
      storeFavicon(parsed.favicon),
      storeLeadImage(parsed.leadImage),
      userTagSpellings(db(), link.user_id, [...result.tags, ...result.tagSuggestions]),
    ]);
    const tags = inUsersSpelling(result.tags, spellings);
    step(`${favicon ? "icon stored" : "no icon found"}; ${leadImage ? "lead image stored" : parsed.leadImage ? "lead image not fetched" : "no lead image"}`);
    await yieldStep("storing");
    // Recorded on the link: a later, richer plan finds it behind (decision 041).
    const enrichedWith = { plan: link.owner_role, features: enrichmentFeaturesOf(await featureAccess(link.owner_role)) };
    const fields: EnrichedFields = {
      title: parsed.title,
      description: parsed.description,
      favicon,
      canonicalUrl: parsed.canonicalUrl,
      language: parsed.language,
      readingMinutes: parsed.readingMinutes,
      contentText: parsed.text,
      summary: result.summary,
      tags,
      tagSuggestions: suggests ? inUsersSpelling(result.tagSuggestions, spellings).filter((tag) => !tags.includes(tag)) : [],
      codeSnippets: extractsCode ? result.codeSnippets : [],
      category: result.category,
      engine: engineLabel(result.run),
      byline: parsed.byline,
      publishedAt: parsed.publishedAt,
      siteName: parsed.siteName,
      leadImage,
      extractor: parsed.extractor,
      fetchMethod: page.method,
      fetchMs: page.fetchMs,
      fetchReason: page.reason,
      enrichedWith,
    };
    if (reenrich) {
      stored = await markLinkReenriched(db(), link.id, fields);
      if (!stored) return "skipped";
      step("stored over the previous result (not counted)");
    } else if (monthlyAllowance(link.owner_role) === null) {
      // Unlimited: nothing to lock or count, so the result and its usage row go in one statement.
      stored = await markLinkEnrichedCountingUnlimited(db(), link.id, fields, result.run);
      if (!stored) return "skipped";
      step("stored (unlimited plan: counted, never refused)");
    } else {
      stored = await db()
        .transaction()
        .execute(async (trx) => {
          // Deleted or purged while the page was fetched: nothing stored, nothing charged.
          if (!(await lockPendingLink(trx, link.id))) throw new AlreadyDone();
          if (!(await chargeEnrichment(trx, { userId: link.user_id, linkId: link.id, kind: "link", run: result.run, role: link.owner_role }))) return undefined;
          const saved = await markLinkEnriched(trx, link.id, fields);
          // Already enriched by another run: roll back the charge too.
          if (!saved) throw new AlreadyDone();
          return saved;
        });
      if (stored) step("stored and counted against the monthly allowance");
    }
  } catch (error) {
    if (error instanceof AlreadyDone) return "skipped";
    // The host is busy or asked us to wait: the worker puts the job back without spending an attempt.
    if (error instanceof HostDeferral) throw error;
    return settleJobFailure(error, {
      finalAttempt,
      fallbackReason: "Enrichment failed on our side",
      record: (reason) => (reenrich ? dropReenrichment(link, reason) : fail(link, reason, quiet)),
      context: { linkId: link.id },
    });
  }
  if (!stored) {
    step("no enrichment left this month when storing");
    await outOfAllowance(link, quiet);
    return "failed";
  }
  const view = toPublicLink(stored);
  await publishUserEvent(link.user_id, { type: "link", link: view });
  await emitWebhookEvent(link.user_id, "link.enriched", { link: view });
  // The reader view's article (decision 055): after the link is shown enriched, as it may fetch pictures.
  const article = await keepArticle(link.id, { html: articleHtml, baseUrl: articleBase });
  step(article.kept ? `article kept for the reader, ${article.images} picture(s) kept` : "no article HTML: the reader shows the text");
  return "enriched";
}
