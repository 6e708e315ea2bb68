/**
 * Every public JSON call, one entry per `app/routes/api.*` file: the one place to register a
 * route (tests/integration/openapi.test.ts fails, naming it, for a file missing here). The path
 * comes from the file name; give the zod schemas the route validates with (`query`, `body`) and
 * those of its answers (`responses`, required by the test), imported from app/lib so route and
 * document share them. One operation per line.
 */
import * as z from "zod";
import { accountSessionSchema, deleteAccountSchema, reauthenticateSchema, reauthenticatedSchema } from "~/lib/account";
import { activityPageSchema, activityQuerySchema } from "~/lib/activity";
import { adminStatsSchema } from "~/lib/admin-stats";
import { SAVED_SEARCHES_MAX } from "~/lib/library";
import { highlightInputSchema, highlightListQuerySchema, highlightListSchema, highlightPageSchema, highlightPatchSchema, highlightSchema, highlightSharingSchema } from "~/lib/highlights";
import {
  cardExportQuerySchema,
  cardInputSchema,
  cardListQuerySchema,
  cardListSchema,
  cardPatchSchema,
  cardReviewListSchema,
  cardSchema,
  dueCardsSchema,
  dueQuerySchema,
  gradedCardSchema,
  gradeInputSchema,
  retentionSchema,
  reviewDigestSchema,
  termCardsSchema,
} from "~/lib/review";
import { adminUserPageSchema, adminUserSchema, userListQuerySchema, userPatchSchema } from "~/lib/admin-users";
import { affiliateRuleInputSchema, affiliateRuleSchema } from "~/lib/affiliate";
import {
  addLinkSchema,
  existingLinkSchema,
  linkInTrashSchema,
  artifactSchema,
  billingSummarySchema,
  bulkRetrySchema,
  checkoutStateSchema,
  checkoutUrlSchema,
  confirmedEmailSchema,
  confirmEmailSchema,
  creditAdjustmentSchema,
  creditHistoryPageSchema,
  deletedLinkSchema,
  earlierLinksQueuedSchema,
  earlierLinksSchema,
  emailChangeConfirmSchema,
  emailChangedSchema,
  emailChangeSchema,
  enrichmentItemSchema,
  enrichmentListQuerySchema,
  exportQuerySchema,
  failureListQuerySchema,
  importSchema,
  jobRefSchema,
  linkDetailSchema,
  linkEnrichmentSchema,
  linkListQuerySchema,
  linkEditSchema,
  linkTagsSchema,
  listedLinkSchema,
  linkPreviewSchema,
  linkFilterSchema,
  linkStatsSchema,
  loginSchema,
  messageSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationsReadSchema,
  notifySignupSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  portalRequestSchema,
  portalUrlSchema,
  preferencesSchema,
  profileUpdateSchema,
  publicLinkSchema,
  publicNotificationSchema,
  publicPackSchema,
  publicShareListItemSchema,
  publicSharePageSchema,
  publicStatsSchema,
  publicUserSchema,
  queuedCountSchema,
  receiptSchema,
  recentlyDeletedLinkSchema,
  recentlyDeletedQuerySchema,
  reenrichSchema,
  registeredSchema,
  registerSchema,
  salesSettingSchema,
  salesUpdateSchema,
  sharedLinkSchema,
  signInTokenSchema,
  systemStatusSchema,
  tagReviewSchema,
  trendingPageSchema,
  trendingQuerySchema,
  upgradeEnrichmentSchema,
  usageSchema,
  webhookReceiptSchema,
  dashboardViewSchema,
  savedSearchInputSchema,
  savedSearchSchema,
  tagCountSchema,
  tagRenamedSchema,
  tagRenameSchema,
} from "~/lib/api-schemas";
import { apiTokenSchema, createApiTokenSchema, createdApiTokenSchema } from "~/lib/api-tokens";
import { featureFlagsAnswerSchema, flagTableUpdateSchema } from "~/lib/feature-flags";
import {
  bulkResultSchema,
  failureDetailSchema,
  failurePageSchema,
  jobsStatsSchema,
  promotedJobSchema,
  queuePausedSchema,
  removedJobSchema,
  retryOneResultSchema,
  workerInfoSchema,
} from "~/lib/jobs";
import { modalPurchaseSchema, planCheckoutSchema, purchasePackSchema } from "../billing/checkout.server";
import { artifactRequestSchema } from "../enrichment/artifact-route.server";
import { bulkOperationSchema, bulkRequestSchema, linkCountSchema } from "~/lib/bulk-schemas";
import { readerSettingsSchema, readingPositionSchema } from "~/lib/reader";
import { feedListSchema, feedPatchSchema, feedSchema, opmlImportSchema, subscribeFeedSchema } from "~/lib/feeds";
import { createdWebhookSchema, createWebhookSchema, webhookDeliveryPageSchema, webhookDeliverySchema, webhookPatchSchema, webhookSchema } from "~/lib/webhooks";

/**
 * none: public; user: a sign-in session (cookie or bearer) or a personal API token (reads need
 * `read`, anything else `write`); session: a sign-in session only; recent: a sign-in session
 * whose password was typed within RECENT_SIGN_IN_MS (`requireRecentSignIn`, decision 048);
 * admin: an Admin's.
 */
export type ApiAuth = "none" | "user" | "session" | "recent" | "admin";
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface ApiOperation {
  auth: ApiAuth;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * Answers by status: a zod schema for JSON, `file(…)` for a download or stream, null for an
   * answer without a body (204). Every operation names at least one 2xx (the test checks);
   * errors are `{message}` with a 4xx, added to every operation by the document builder.
   */
  responses?: Partial<Record<number, z.ZodType | ApiFile | null>>;
}

/** An answer that is a file or a stream rather than a JSON value. */
export interface ApiFile {
  kind: "file";
  description: string;
  mediaTypes: string[];
}

export function file(description: string, ...mediaTypes: string[]): ApiFile {
  return { kind: "file", description, mediaTypes };
}

/** The document's own outline (its schemas are JSON Schema, described by OpenAPI 3.1 itself). */
const openApiDocumentSchema = z
  .object({
    openapi: z.literal("3.1.0"),
    info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
    servers: z.array(z.object({ url: z.string() })),
    tags: z.array(z.object({ name: z.string() })),
    paths: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown()))),
    components: z.object({ schemas: z.record(z.string(), z.record(z.string(), z.unknown())), securitySchemes: z.record(z.string(), z.record(z.string(), z.unknown())) }),
  })
  .describe("An OpenAPI 3.1 document: https://spec.openapis.org/oas/v3.1.0");

export type ApiRoutes = Record<string, Partial<Record<HttpMethod, ApiOperation>>>;

/** The catch-all 404 for unknown /api paths is no call of its own. */
export const UNDOCUMENTED_ROUTES = ["api.$.ts"];

export const API_ROUTES: ApiRoutes = {
  "api.account.email.confirm.ts": {
    post: { auth: "none", summary: "{email}: the mailed link proves the new address (no session needed).", body: emailChangeConfirmSchema, responses: { 200: emailChangedSchema } },
  },
  "api.account.email.ts": {
    post: { auth: "session", summary: "202: a link goes to the new address; the email changes when it is followed.", body: emailChangeSchema, responses: { 202: messageSchema } },
  },
  "api.account.export.ts": {
    get: { auth: "recent", summary: "All my data as one JSON file (streamed).", responses: { 200: file("All of the account's data as one JSON document (a download).", "application/json") } },
  },
  "api.account.password.ts": {
    post: { auth: "session", summary: "Every other session is signed out.", body: passwordChangeSchema, responses: { 200: messageSchema } },
  },
  "api.account.reauthenticate.ts": {
    post: { auth: "session", summary: "{message, validForSeconds}: the password again; this session counts as a recent sign-in for RECENT_SIGN_IN_MS more. Counted with the other settings' password checks (429 beyond).", body: reauthenticateSchema, responses: { 200: reauthenticatedSchema } },
  },
  "api.account.sessions.$id.ts": {
    delete: { auth: "recent", summary: "Signs out that session; another user's id is a 404.", responses: { 200: messageSchema } },
  },
  "api.account.sessions.ts": {
    get: { auth: "recent", summary: "{sessions}: the signed-in sessions and API tokens, this one marked `current`.", responses: { 200: z.object({ sessions: z.array(accountSessionSchema) }) } },
    delete: { auth: "recent", summary: "{ended}: signs out every other session and token.", responses: { 200: z.object({ ended: z.number().int() }) } },
  },
  "api.account.ts": {
    delete: { auth: "session", summary: "The account and its data are gone (receipts kept); 409 while a subscription renews.", body: deleteAccountSchema, responses: { 200: messageSchema } },
  },
  "api.admin.activity.ts": {
    get: { auth: "admin", summary: "{events, nextCursor}, newest first (Admin only).", query: activityQuerySchema, responses: { 200: activityPageSchema } },
  },
  "api.admin.feature-flags.ts": {
    get: { auth: "admin", summary: "The Scout and Creator table, defaults, who and when per cell.", responses: { 200: featureFlagsAnswerSchema } },
    put: { auth: "admin", summary: "The new table.", body: flagTableUpdateSchema, responses: { 200: featureFlagsAnswerSchema } },
  },
  "api.admin.jobs.failures.$id.retry.ts": {
    post: { auth: "admin", summary: "Replays one failure; 409 when it is not failed (or already queued).", responses: { 200: retryOneResultSchema } },
  },
  "api.admin.jobs.failures.$id.ts": {
    get: { auth: "admin", summary: "The link or result, its owner, payload, and the job's attempts, stacks and log lines.", responses: { 200: failureDetailSchema } },
  },
  "api.admin.jobs.failures.ts": {
    get: { auth: "admin", summary: "{total, groups (by reason), items (newest first), nextCursor}.", query: failureListQuerySchema, responses: { 200: failurePageSchema } },
  },
  "api.admin.jobs.promote.ts": {
    post: { auth: "admin", summary: "Runs a delayed job now; 409 unless it is delayed.", body: jobRefSchema, responses: { 200: promotedJobSchema } },
  },
  "api.admin.jobs.queues.$queue.pause.ts": {
    post: { auth: "admin", summary: "{queue, paused}: pauses the queue for every worker (running jobs finish; new ones wait).", responses: { 200: queuePausedSchema } },
  },
  "api.admin.jobs.queues.$queue.resume.ts": {
    post: { auth: "admin", summary: "{queue, paused}: resumes the queue.", responses: { 200: queuePausedSchema } },
  },
  "api.admin.jobs.reenrich.ts": {
    post: { auth: "admin", summary: "{matched, queued, more, dryRun}: enriches those enriched links again at the lowest priority, without charging.", body: reenrichSchema, responses: { 200: bulkResultSchema } },
  },
  "api.admin.jobs.remove.ts": {
    post: { auth: "admin", summary: "Removes the job from Redis. A failed link or result keeps its row (and stays listed, replayable): only the job is dismissed.", body: jobRefSchema, responses: { 200: removedJobSchema } },
  },
  "api.admin.jobs.retry.ts": {
    post: { auth: "admin", summary: "{matched, queued, skipped, more, dryRun}: replays every failure matching the filter, once.", body: bulkRetrySchema, responses: { 200: bulkResultSchema } },
  },
  "api.admin.jobs.stats.ts": {
    get: { auth: "admin", summary: "Every queue's counts, throughput, oldest waiting job and pause state; failures; workers.", responses: { 200: jobsStatsSchema } },
  },
  "api.admin.jobs.workers.ts": {
    get: { auth: "admin", summary: "{workers}: host, pid, queues, concurrency, beats, jobs done and failed, running now, live or lost.", responses: { 200: z.object({ workers: z.array(workerInfoSchema) }) } },
  },
  "api.admin.settings.sales.ts": {
    get: { auth: "admin", summary: "{state, source}; Admin only.", responses: { 200: salesSettingSchema } },
    put: { auth: "admin", summary: "{state, source: \"admin\"}; audited.", body: salesUpdateSchema, responses: { 200: salesSettingSchema } },
  },
  "api.admin.stats.ts": {
    get: { auth: "admin", summary: "The console's live figures (Admin only).", responses: { 200: adminStatsSchema } },
  },
  "api.admin.users.$id.credits.ts": {
    post: { auth: "admin", summary: "{credits}: an audited ledger adjustment; Admin only.", body: creditAdjustmentSchema, responses: { 200: z.object({ credits: z.number().int() }) } },
  },
  "api.admin.users.$id.resend-confirmation.ts": {
    post: { auth: "admin", summary: "{message}; mails the account a fresh confirmation link. Admin only.", responses: { 200: messageSchema } },
  },
  "api.admin.users.$id.send-reset.ts": {
    post: { auth: "admin", summary: "{message}; mails the account a password reset link. Admin only.", responses: { 200: messageSchema } },
  },
  "api.admin.users.$id.ts": {
    get: { auth: "admin", summary: "{user}; Admin only.", responses: { 200: z.object({ user: adminUserSchema }) } },
    patch: { auth: "admin", summary: "{role?, active?} → {user}. Admin only.", body: userPatchSchema, responses: { 200: z.object({ user: adminUserSchema }) } },
    delete: { auth: "admin", summary: "Deletes the account: 204. Admin only.", responses: { 204: null } },
  },
  "api.admin.users.ts": {
    get: { auth: "admin", summary: "{users, nextCursor}; Admin only.", query: userListQuerySchema, responses: { 200: adminUserPageSchema } },
  },
  "api.affiliate-rules.$id.ts": {
    delete: { auth: "user", summary: "Removes an affiliate rule; 404 when it is not yours.", responses: { 200: messageSchema } },
  },
  "api.affiliate-rules.ts": {
    get: { auth: "user", summary: "The user's affiliate rules.", responses: { 200: z.object({ rules: z.array(affiliateRuleSchema) }) } },
    post: { auth: "user", summary: "Saves a rule: 201 (the same domain and parameter again replaces its value). Creator.", body: affiliateRuleInputSchema, responses: { 201: affiliateRuleSchema } },
  },
  "api.auth.confirm-email.ts": {
    post: { auth: "none", summary: "{message, user}; 400 for a bad, used or expired link.", body: confirmEmailSchema, responses: { 200: confirmedEmailSchema } },
  },
  "api.auth.login.ts": {
    post: { auth: "none", summary: "200 {token}", body: loginSchema, responses: { 200: signInTokenSchema } },
  },
  "api.auth.logout.ts": {
    post: { auth: "user", summary: "Ends this token or cookie session on the server.", responses: { 200: messageSchema } },
  },
  "api.auth.me.ts": {
    get: { auth: "user", summary: "The signed-in user with the unread notification count.", responses: { 200: publicUserSchema } },
  },
  "api.auth.profile.ts": {
    put: { auth: "session", summary: "The updated user; {email, currentPassword} → 202: the address changes only when the link mailed to it is followed (as on /settings).", body: profileUpdateSchema, responses: { 200: publicUserSchema, 202: messageSchema } },
  },
  "api.auth.register.ts": {
    post: { auth: "none", summary: "201 {token, user}", body: registerSchema, responses: { 201: registeredSchema } },
  },
  "api.auth.request-password-reset.ts": {
    post: { auth: "none", summary: "The same 200 account or not; 429 over a limit.", body: passwordResetRequestSchema, responses: { 200: messageSchema } },
  },
  "api.auth.reset-password.ts": {
    post: { auth: "none", summary: "Sets it and ends every session.", body: passwordResetSchema, responses: { 200: messageSchema } },
  },
  "api.auth.send-confirmation.ts": {
    post: { auth: "user", summary: "Mails a fresh confirmation link to the signed-in user.", responses: { 200: messageSchema } },
  },
  "api.billing.checkouts.$id.sync.ts": {
    post: { auth: "user", summary: "{id, kind, status, fulfilled, credits, plan}; asks the provider if not fulfilled yet.", responses: { 200: checkoutStateSchema } },
  },
  "api.billing.credits.ts": {
    get: { auth: "user", summary: "{entries, nextCursor}: the credits ledger, newest first.", responses: { 200: creditHistoryPageSchema } },
  },
  "api.billing.portal.ts": {
    post: { auth: "user", summary: "{url}: Stripe's Customer Portal (409 in test mode).", body: portalRequestSchema, responses: { 200: portalUrlSchema } },
  },
  "api.billing.receipts.ts": {
    get: { auth: "user", summary: "The user's payments, newest first.", responses: { 200: z.array(receiptSchema) } },
  },
  "api.billing.subscription.cancel.ts": {
    post: { auth: "user", summary: "The billing summary; test mode: the plan ends with its paid period.", responses: { 200: billingSummarySchema } },
  },
  "api.billing.subscription.resume.ts": {
    post: { auth: "user", summary: "The billing summary; test mode: takes a cancellation back.", responses: { 200: billingSummarySchema } },
  },
  "api.billing.ts": {
    get: { auth: "user", summary: "{provider, sales, plan, role, manualGrant, subscription, credits, manage}.", responses: { 200: billingSummarySchema } },
  },
  "api.cards.$id.reviews.ts": {
    get: { auth: "user", summary: "{reviews}: the card's review history, newest first: each grade with the state and due date before and after (Creator: part of the quiz feature).", responses: { 200: cardReviewListSchema } },
  },
  "api.cards.export.ts": {
    get: {
      auth: "user",
      summary:
        "The user's review cards as one download: format=anki (Anki's plain-text import: #separator:tab, #html:true, #notetype:Basic, #tags column:3, #guid column:4; Front, Back, the link's tags, the card id) or csv (every card with its schedule) (Creator: part of the quiz feature).",
      query: cardExportQuerySchema,
      responses: { 200: file("The cards: Anki's text import (format=anki) or CSV (format=csv), a download.", "text/plain", "text/csv") },
    },
  },
  "api.cards.$id.ts": {
    get: { auth: "user", summary: "The review card; another user's, or one whose link is deleted, is a 404 (Creator: part of the quiz feature).", responses: { 200: cardSchema } },
    patch: { auth: "user", summary: "{front?, back?, hint?, suspended?}: edits the card's text, or suspends it (never due) and resumes it; its schedule stays.", body: cardPatchSchema, responses: { 200: cardSchema } },
    delete: { auth: "user", summary: "Deletes the card and its review history.", responses: { 204: null } },
  },
  "api.cards.ts": {
    get: { auth: "user", summary: "{cards}: the user's review cards, newest first; each with its link's tags; linkId keeps one link's, suspended=true or false, q (words in front, back or hint), tag (the link's) and state filter (Creator: part of the quiz feature).", query: cardListQuerySchema, responses: { 200: cardListSchema } },
    post: {
      auth: "user",
      summary:
        "Makes a review card, due now: from one of the user's highlights ({from: \"highlight\", highlightId, cloze?}: the passage with cloze, a phrase of the highlight, or else the whole highlight blanked; the note is the hint), from a question of the link's quiz ({from: \"quiz\", linkId, question: 0–4}; 409 until the quiz is made), or a key term the page defines ({from: \"term\", linkId, term, definition, passage?, passageStart?}). 201 with the card; 403 for a plan without the quiz.",
      body: cardInputSchema,
      responses: { 201: cardSchema },
    },
  },
  "api.checkout-session.ts": {
    post: { auth: "user", summary: "{checkoutUrl} for a Scout or Creator subscription.", body: planCheckoutSchema, responses: { 200: checkoutUrlSchema } },
  },
  "api.enrichment-packs.purchase.ts": {
    post: { auth: "user", summary: "{checkoutUrl}: the dashboard's modal, one pack, back to the dashboard.", body: modalPurchaseSchema, responses: { 200: checkoutUrlSchema } },
  },
  "api.enrichment-packs.ts": {
    get: { auth: "none", summary: "[{id, name, count, price, popular}]; prices in EUR, public; popular marks the Best Value pack (lowest price per credit).", responses: { 200: z.array(publicPackSchema) } },
  },
  "api.events.ts": {
    get: { auth: "user", summary: "Server-sent events for the signed-in user (link status changes).", responses: { 200: file("Server-sent events, one JSON object per `data:` line, until the client leaves.", "text/event-stream") } },
  },
  "api.imports.ts": {
    get: { auth: "user", summary: "The user's latest imports with their progress.", responses: { 200: z.array(importSchema) } },
    post: { auth: "user", summary: "Uploads a bookmark file (?name=, the file as the raw body, up to 50 MB): 202 with the import, its saving queued; 422 {message} saying where a broken file broke, 400 {message} saying which limit a file is over (size, bookmarks, nesting, an archive's files or unpacked size, reading time), nothing imported.", responses: { 202: importSchema, 400: messageSchema, 422: messageSchema } },
  },
  "api.feeds.ts": {
    get: { auth: "user", summary: "{feeds}: the user's feeds, each with its last and next check, the reason its last poll failed, and how many links it saved.", responses: { 200: feedListSchema } },
    post: {
      auth: "user",
      summary: "Subscribes to a feed (RSS, Atom, RDF or JSON Feed), or to the first feed a site's page names in `<link rel=\"alternate\">`: 201 the feed; its newest 10 entries are saved by the first poll, queued now, with `tags` as the user's own. 400 for an address on a private network (unless FETCH_ALLOWLIST), 422 when nothing there is a feed, 409 when followed already or past 200 feeds (docs/feeds.md).",
      body: subscribeFeedSchema,
      responses: { 201: feedSchema },
    },
  },
  "api.feeds.$id.ts": {
    patch: { auth: "user", summary: "Pauses or resumes the feed (resuming makes it due at once), or sets the tags its new items get. 404 when it is not yours.", body: feedPatchSchema, responses: { 200: feedSchema } },
    delete: { auth: "user", summary: "Unsubscribes; the links the feed saved stay in the library. 404 when it is not yours.", responses: { 200: messageSchema } },
  },
  "api.feeds.$id.poll.ts": {
    post: { auth: "user", summary: "Checks the feed now, whatever its back-off said: 202 the feed, its poll queued. 409 while it is paused.", responses: { 202: feedSchema } },
  },
  "api.feeds.opml.ts": {
    get: { auth: "user", summary: "The user's feeds as an OPML 2.0 file, for another feed reader.", responses: { 200: file("The feeds as an OPML 2.0 outline (a download).", "text/x-opml") } },
    post: { auth: "user", summary: "Imports an OPML file (the raw body, up to 1 MB): subscribes to each feed it lists that the user does not follow yet, without fetching them now (each poll shows its own reason if it fails). 422 for a file that is not OPML, 413 past 1 MB.", responses: { 200: opmlImportSchema } },
  },
  "api.highlights.$id.ts": {
    get: { auth: "user", summary: "The highlight; another user's, or one whose link is deleted, is a 404.", responses: { 200: highlightSchema } },
    patch: { auth: "user", summary: "{colour?, note?}: changes the colour or the note (null or blank removes it).", body: highlightPatchSchema, responses: { 200: highlightSchema } },
    delete: { auth: "user", summary: "Deletes the highlight and its note.", responses: { 204: null } },
  },
  "api.highlights.ts": {
    get: { auth: "user", summary: "{highlights, nextCursor}: the user's highlights on their live links, newest first, each with its link's id, title, address and tags; q searches quotes and notes (web-search syntax), tag keeps one tag's links; pass nextCursor back as before for the next page.", query: highlightListQuerySchema, responses: { 200: highlightPageSchema } },
  },
  "api.imports.$id.ts": {
    get: { auth: "user", summary: "One import's progress: parsed, saved, duplicates, invalid, enriched, not enriched, failed.", responses: { 200: importSchema } },
  },
  "api.imports.enrich.ts": {
    post: { auth: "user", summary: "{queued}: imported links shown as Not enriched are queued as far as the allowance reaches (batch processing).", responses: { 202: queuedCountSchema } },
  },
  "api.links.$id.advanced.ts": {
    post: { auth: "user", summary: "Generates (or returns the stored) advanced summary: key points and takeaways (Scout and up).", body: artifactRequestSchema, responses: { 200: artifactSchema, 202: artifactSchema } },
  },
  "api.links.$id.cards.terms.ts": {
    post: { auth: "user", summary: "Makes review cards of the key terms the page defines (front the term, back the sentence defining it, the passage linked); a term the link already has a card of is skipped. 201 {cards, skipped}; 409 when the page has no text or defines no term (Creator: part of the quiz feature).", responses: { 201: termCardsSchema } },
  },
  "api.links.$id.course.ts": {
    post: { auth: "user", summary: "Generates (or returns the stored) mini-course for the link (Creator).", body: artifactRequestSchema, responses: { 200: artifactSchema, 202: artifactSchema } },
  },
  "api.links.$id.enrichment.ts": {
    get: { auth: "user", summary: "The link's enrichment and every on-demand result stored for it.", responses: { 200: linkEnrichmentSchema } },
  },
  "api.links.$id.export[.]md.ts": {
    get: { auth: "user", summary: "The link and all its enrichments as Markdown (Creator).", responses: { 200: file("The link and its enrichments as a Markdown document (a download).", "text/markdown") } },
  },
  "api.links.$id.export[.]pdf.ts": {
    get: { auth: "user", summary: "The same as a PDF laid out by pdfkit (Creator).", responses: { 200: file("The link and its enrichments as a PDF (a download).", "application/pdf") } },
  },
  "api.links.$id.quiz.ts": {
    post: { auth: "user", summary: "Generates (or returns the stored) five-question quiz for the link (Creator).", body: artifactRequestSchema, responses: { 200: artifactSchema, 202: artifactSchema } },
  },
  "api.links.$id.highlights.sharing.ts": {
    put: { auth: "user", summary: "{show}: shows the link's highlights and notes on its public share page (true) or not (false, the default); they appear only while the link is shared.", body: highlightSharingSchema, responses: { 200: highlightSharingSchema } },
  },
  "api.links.$id.highlights.ts": {
    get: { auth: "user", summary: "{highlights}: the link's highlights and notes, oldest first; another user's link, or a deleted one, is a 404.", responses: { 200: highlightListSchema } },
    post: {
      auth: "user",
      summary:
        "Highlights a passage of the link's article: exact (the text, at most 5,000 characters), prefix and suffix (up to 64 characters either side, to tell repeats apart), start (where exact begins in the article's text, a hint), colour and an optional note (at most 10,000 characters). 201 with the highlight; 409 past 2,000 highlights a link. Enrichment never changes or drops it.",
      body: highlightInputSchema,
      responses: { 201: highlightSchema },
    },
  },
  "api.links.$id.reading-position.ts": {
    get: { auth: "user", summary: "{progress}: how far down the article the owner has read it in the reader, 0 (top) to 1 (end); 0 before any.", responses: { 200: readingPositionSchema } },
    put: { auth: "user", summary: "Saves the owner's place in the reader (the reader does it as they scroll); another user's id is a 404.", body: readingPositionSchema, responses: { 200: readingPositionSchema } },
  },
  "api.links.$id.rephrase.ts": {
    post: { auth: "user", summary: "Rephrases the summary for a difficulty: beginner, intermediate or expert (Creator).", body: artifactRequestSchema, responses: { 200: artifactSchema, 202: artifactSchema } },
  },
  "api.links.$id.restore.ts": {
    post: { auth: "user", summary: "Brings a deleted link back with its results and share page; 404 once it is purged or when it is not deleted.", responses: { 200: publicLinkSchema } },
  },
  "api.links.$id.retry.ts": {
    post: { auth: "user", summary: "The link, back to pending and queued; 409 unless it failed.", responses: { 200: publicLinkSchema } },
  },
  "api.links.$id.share.ts": {
    post: { auth: "user", summary: "{id, shareUrl}: the link is public.", responses: { 200: sharedLinkSchema } },
    delete: { auth: "user", summary: "Makes the link private again.", responses: { 204: null } },
  },
  "api.links.$id.tags.ts": {
    post: { auth: "user", summary: "The link, with suggestions accepted (the user's own tags from then on) or dismissed (never suggested again).", body: tagReviewSchema, responses: { 200: linkDetailSchema } },
    put: {
      auth: "user",
      summary:
        "The link with exactly these tags (at most 50, each at most 50 characters), all the user's own: enrichment and re-enrichment never remove or rename them, and a tag taken off (the engine's too) is never added back.",
      body: linkTagsSchema,
      responses: { 200: linkDetailSchema },
    },
  },
  "api.links.$id.ts": {
    get: { auth: "user", summary: "The link with its summary and code snippets; another user's id is a 404.", responses: { 200: linkDetailSchema } },
    patch: {
      auth: "user",
      summary:
        "{notes?, title?, read?, archived?}: the owner's notes (at most 10,000 characters; null or blank removes them; searchable at once), title (at most 300; the user's from then on, which enrichment, re-enrichment and retry leave; null gives it back to the page) and read state (read: true or false marks it read or unread; archived: true takes it out of the default list, false puts it back); only the user sets the read state.",
      body: linkEditSchema,
      responses: { 200: linkDetailSchema },
    },
    delete: { auth: "user", summary: "Deletes the link, undoably: {id, deletedAt, undoUntil}; POST /api/links/{id}/restore brings it back until it is purged.", responses: { 200: deletedLinkSchema } },
  },
  "api.links.bulk.ts": {
    post: {
      auth: "user",
      summary:
        "One action over many links (batchProcessing; 403 without it): reenrich, retry, add-tag, remove-tag (with tag), share, unshare, delete, restore (undo: a bulk delete's id), export (format), mark-read, mark-unread, archive, unarchive. The links are ids (at most 10,000; another user's are left out, none of yours is a 404) or a filter resolved now. 202 with the operation, run by the bulk queue; export is done at once with its exportUrl.",
      body: bulkRequestSchema,
      responses: { 202: bulkOperationSchema, 400: messageSchema, 403: messageSchema, 404: messageSchema },
    },
  },
  "api.links.bulk.$id.ts": {
    get: { auth: "user", summary: "A bulk operation's progress (done, failed, skipped of total); pushed live as the `bulk` event of /api/events.", responses: { 200: bulkOperationSchema } },
  },
  "api.links.count.ts": {
    get: {
      auth: "user",
      summary: "{count}: how many of the user's links match the filter (q, tag, status, state, category, domain, from, to, as GET /api/links takes them; every link in the library, not archived, without one): the links \"select all matching\" acts on.",
      query: linkFilterSchema,
      responses: { 200: linkCountSchema },
    },
  },
  "api.links.deleted.ts": {
    get: {
      auth: "user",
      summary: "Recently deleted: the user's deleted links not purged yet, last deleted first, each with deletedAt and purgeAfter (LINK_PURGE_AFTER_MS later, 30 days by default); X-Next-Cursor is the `before` of the next page. POST /api/links/{id}/restore brings one back.",
      query: recentlyDeletedQuerySchema,
      responses: { 200: z.array(recentlyDeletedLinkSchema) },
    },
  },
  "api.links.deleted.restore.ts": {
    post: { auth: "user", summary: "Restore all: every deleted link not purged yet (up to 10,000, last deleted first) comes back, as a bulk restore run by the bulk queue (any plan); 202 with the operation, 404 when none waits.", responses: { 202: bulkOperationSchema, 404: messageSchema } },
  },
  "api.links.enrich.ts": {
    post: { auth: "user", summary: "Adds a link (the same as POST /api/links).", body: addLinkSchema, responses: { 201: publicLinkSchema, 200: existingLinkSchema, 409: linkInTrashSchema, 413: messageSchema } },
  },
  "api.links.export.ts": {
    get: { auth: "user", summary: "Every link as one streamed file: ?format=json (every field and result, re-importable), html (Netscape bookmarks) or markdown (a zip, one file per link; Creator).", query: exportQuerySchema, responses: { 200: file("Every link as one download, streamed: JSON (format=json), Netscape bookmark HTML (html) or a zip of Markdown files (markdown).", "application/json", "text/html", "application/zip") } },
  },
  "api.links.enrichments.ts": {
    get: { auth: "user", summary: "A page of the Enrichments tab: the user's enriched links, newest first, each as {link (with its enrichment), artifacts (without their results)}; X-Next-Cursor continues them.", query: enrichmentListQuerySchema, responses: { 200: z.array(enrichmentItemSchema) } },
  },
  "api.links.enrichments.upgrade.ts": {
    get: { auth: "user", summary: "{plan, features, behind, waiting}: the user's enriched links whose enrichment lacks a feature the plan now gives (enriched under a lesser plan), and those waiting for their re-enrichment.", responses: { 200: earlierLinksSchema } },
    post: {
      auth: "user",
      summary:
        "Enriches those links again with the plan now (after an upgrade): each stays readable until its new result replaces the old, runs behind every link anyone adds, and is not counted against the allowance again; a link already waiting is not queued twice. 202 {queued, behind, waiting}; dryRun only counts (200).",
      body: upgradeEnrichmentSchema,
      responses: { 202: earlierLinksQueuedSchema, 200: earlierLinksQueuedSchema },
    },
  },
  "api.links.preview.ts": {
    get: { auth: "user", summary: "{url, title, description, favicon} for the add form.", responses: { 200: linkPreviewSchema } },
  },
  "api.links.shared.ts": {
    get: { auth: "user", summary: "The user's public links with their share URL and view count.", responses: { 200: z.array(publicShareListItemSchema) } },
  },
  "api.links.stats.ts": {
    get: { auth: "user", summary: "{total, enriched, pending, failed, unenriched} over all of the user's links.", responses: { 200: linkStatsSchema } },
  },
  "api.links.ts": {
    get: { auth: "user", summary: "The user's links, newest first, or those matching a search and filters (q, tag, status, category, domain, duplicates, from, to; combined with AND), by date or relevance (duplicates=true: possible duplicates, each group together); when there are more, the X-Next-Cursor header is the `before` of the next page. An empty parameter counts as not given.", query: linkListQuerySchema, responses: { 200: z.array(listedLinkSchema) } },
    post: {
      auth: "user",
      summary:
        "Adds a link: 201 with the new link (pending); 200 with the existing one and a message when the page is already saved (the same address, or a link whose canonical URL is this address), moved to the top; 409 {message, id, deletedAt, purgeAfter} when it is in Recently deleted (nothing saved: POST /api/links/{id}/restore brings it back). With title, tags and notes (the browser extension's popup) the tags and note are the user's own, added to a link already saved, never replacing its own. With capture (\"Save page as I see it\") the page is read from that HTML and its address is never fetched; 413 when the capture is over 2 MB or the body over 6 MB.",
      body: addLinkSchema,
      responses: { 201: publicLinkSchema, 200: existingLinkSchema, 409: linkInTrashSchema, 413: messageSchema },
    },
  },
  "api.notifications.$id.read.ts": {
    post: { auth: "user", summary: "The notification, now read; another user's id is a 404.", responses: { 200: publicNotificationSchema } },
  },
  "api.notifications.read-all.ts": {
    post: { auth: "user", summary: "{updated, unreadCount: 0}", responses: { 200: notificationsReadSchema } },
  },
  "api.notifications.ts": {
    get: { auth: "user", summary: "{notifications, unreadCount, nextCursor}, newest first.", query: notificationListQuerySchema, responses: { 200: notificationPageSchema } },
  },
  "api.notify-signup.ts": {
    post: { auth: "none", summary: "200; asking again updates the plans.", body: notifySignupSchema, responses: { 200: messageSchema } },
  },
  "api.openapi[.]json.ts": {
    get: { auth: "none", summary: "This document: OpenAPI 3.1, generated from the schemas the routes validate with.", responses: { 200: openApiDocumentSchema } },
  },
  "api.preferences.ts": {
    get: { auth: "user", summary: "{summaryLength, language, difficulty} used by every later enrichment.", responses: { 200: preferencesSchema } },
    put: { auth: "user", summary: "The saved preferences.", body: preferencesSchema, responses: { 200: preferencesSchema } },
  },
  "api.preferences.reader.ts": {
    get: { auth: "user", summary: "{fontSize, width}: the reader view's settings; medium and medium until chosen.", responses: { 200: readerSettingsSchema } },
    put: { auth: "user", summary: "Remembers the reader's font size (small, medium, large, x-large) and column width (narrow, medium, wide) for the user, on every device.", body: readerSettingsSchema, responses: { 200: readerSettingsSchema } },
  },
  "api.preferences.view.ts": {
    get: { auth: "user", summary: "{view}: how the dashboard draws the list, list (dense rows) or cards; list until chosen.", responses: { 200: dashboardViewSchema } },
    put: { auth: "user", summary: "Remembers the dashboard's view for the user (any plan, every device).", body: dashboardViewSchema, responses: { 200: dashboardViewSchema } },
  },
  "api.purchase-pack.ts": {
    post: { auth: "user", summary: "{checkoutUrl}; quantity 1–100, returnUrl on our origin.", body: purchasePackSchema, responses: { 200: checkoutUrlSchema } },
  },
  "api.review.$cardId.ts": {
    post: { auth: "user", summary: "{grade: again|hard|good|easy}: grades the card (keys 1–4); FSRS sets its next due date. {card, review}: the card with its new schedule and the history row.", body: gradeInputSchema, responses: { 200: gradedCardSchema } },
  },
  "api.review.digest.ts": {
    get: { auth: "user", summary: "{digest}: the review digest mail, off (the default), daily or weekly (Creator: part of the quiz feature).", responses: { 200: reviewDigestSchema } },
    put: { auth: "user", summary: "{digest: off|daily|weekly}: a mail saying how many cards are due, with a link to /review, sent by the worker once a day or week while cards are due.", body: reviewDigestSchema, responses: { 200: reviewDigestSchema } },
  },
  "api.review.stats.ts": {
    get: { auth: "user", summary: "{tags, windowDays, matureDays}: per tag of the cards' links (null: untagged), the cards, due now, learning, mature (stability ≥ 21 days), lapsed (lapses > 0), and the last 30 days' reviews with the share graded Good or Easy (Creator: part of the quiz feature).", responses: { 200: retentionSchema } },
  },
  "api.review.due.ts": {
    get: { auth: "user", summary: "{cards, dueCount}: the review cards due now, soonest first (at most limit, 50 by default, 200 at most); suspended cards are never due (Creator: part of the quiz feature).", query: dueQuerySchema, responses: { 200: dueCardsSchema } },
  },
  "api.saved-searches.ts": {
    get: { auth: "user", summary: "The user's saved searches (the dashboard sidebar's), by name.", responses: { 200: z.array(savedSearchSchema) } },
    post: {
      auth: "user",
      summary: `Saves a search: {name, query} where query holds GET /api/links's parameters (q, tag, status, category, domain, from, to, sort); the same name (any case) again replaces it. 201 with it; 400 for a query GET /api/links would refuse or an empty one; 409 past ${SAVED_SEARCHES_MAX} saved searches.`,
      body: savedSearchInputSchema,
      responses: { 201: savedSearchSchema, 400: messageSchema, 409: messageSchema },
    },
  },
  "api.saved-searches.$id.ts": {
    delete: { auth: "user", summary: "Deletes a saved search; 404 when it is not yours.", responses: { 200: messageSchema, 404: messageSchema } },
  },
  "api.share.$id.ts": {
    get: { auth: "none", summary: "{title, description, url, tags} of a public link; anything else 404.", responses: { 200: publicSharePageSchema } },
  },
  "api.stats.ts": {
    get: { auth: "none", summary: "{totalStoredUrls, totalUsers, totalEnriched, enrichedToday} (public).", responses: { 200: publicStatsSchema } },
  },
  "api.status.ts": {
    get: { auth: "none", summary: "Availability check: 200 when Postgres and Redis answer, 503 naming what is down.", responses: { 200: systemStatusSchema, 503: systemStatusSchema } },
  },
  "api.tags.ts": {
    get: { auth: "user", summary: "Every tag on the user's links with how many carry it (exact spelling, as GET /api/links?tag= filters), most used first; 500 at most.", responses: { 200: z.array(tagCountSchema) } },
  },
  "api.tags.rename.ts": {
    post: {
      auth: "user",
      summary:
        "Renames a tag on every one of the user's links; a link that already has the new name keeps one (a merge), no other tag changes. The new name becomes the user's own and the old one is dismissed, so a re-enrichment brings neither back wrongly (decision 040). 200 {links}; 404 when no link has the tag.",
      body: tagRenameSchema,
      responses: { 200: tagRenamedSchema, 400: messageSchema, 404: messageSchema },
    },
  },
  "api.tokens.$id.ts": {
    delete: { auth: "recent", summary: "Revokes a token: it stops working at once. 404 when it is not yours.", responses: { 200: messageSchema } },
  },
  "api.tokens.ts": {
    get: { auth: "session", summary: "The user's personal API tokens (never their secrets).", responses: { 200: z.object({ tokens: z.array(apiTokenSchema) }) } },
    post: { auth: "recent", summary: "Creates a token: 201 {token, apiToken}; the secret is shown only here.", body: createApiTokenSchema, responses: { 201: createdApiTokenSchema } },
  },
  "api.trending.ts": {
    get: { auth: "none", summary: "{results, total} (public).", query: trendingQuerySchema, responses: { 200: trendingPageSchema } },
  },
  "api.usage.ts": {
    get: { auth: "user", summary: "{used, limit, credits, periodStart, periodEnd}; limit null is unlimited.", responses: { 200: usageSchema } },
  },
  "api.webhooks.ts": {
    get: { auth: "user", summary: "{webhooks}: the user's outbound webhooks (never their secrets).", responses: { 200: z.object({ webhooks: z.array(webhookSchema) }) } },
    post: {
      auth: "user",
      summary: "Adds a webhook: 201 {webhook, secret}; the signing secret is shown only here. 400 for an address on a private network (unless FETCH_ALLOWLIST), 409 beyond 10 webhooks. Deliveries are signed (docs/webhooks.md).",
      body: createWebhookSchema,
      responses: { 201: createdWebhookSchema },
    },
  },
  "api.webhooks.$id.ts": {
    patch: { auth: "user", summary: "Changes the address, the events or whether it is on; `enabled: true` turns it on again and starts its failure count afresh. 404 when it is not yours.", body: webhookPatchSchema, responses: { 200: webhookSchema } },
    delete: { auth: "user", summary: "Deletes the webhook and its delivery log. 404 when it is not yours.", responses: { 200: messageSchema } },
  },
  "api.webhooks.$id.deliveries.ts": {
    get: { auth: "user", summary: "{deliveries}: the webhook's latest 50 deliveries, newest first, with their status, last answer and body (kept 30 days).", responses: { 200: webhookDeliveryPageSchema } },
  },
  "api.webhooks.$id.deliveries.$deliveryId.redeliver.ts": {
    post: { auth: "user", summary: "Sends a stored delivery again (same id and body, a fresh signature): 202 the delivery, pending. 409 while it is still being sent.", responses: { 202: webhookDeliverySchema } },
  },
  "api.webhooks.$id.[test].ts": {
    post: { auth: "user", summary: "Sends a `ping` delivery now, even to a webhook that is turned off: 202 the delivery, pending.", responses: { 202: webhookDeliverySchema } },
  },
  "api.webhooks.stripe.ts": {
    post: { auth: "none", summary: "{received, duplicate}; 400 on a bad signature, 404 when Stripe is not configured. The body is read raw: the signature covers its exact bytes.", responses: { 200: webhookReceiptSchema } },
  },
};
