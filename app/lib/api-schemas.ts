import * as z from "zod";
import { CATEGORY_SLUGS, DIFFICULTY_LEVELS } from "./categories";
import { advancedSummarySchema, courseSchema, quizSchema, rephraseSchema } from "./enrichment";
import { EXPORT_FORMATS, IMPORT_FORMATS } from "./imports";
import { MAX_BULK, QUEUE_NAMES, REENRICH_TARGET, failureFilterSchema, reenrichFilterObject } from "./jobs";
import { DASHBOARD_VIEWS, SAVED_SEARCH_NAME_MAX } from "./library";
import { checkRange, linkFilterShape } from "./link-filter-schema";
import { CAPTURE_MAX_BYTES } from "./capture";
import { ALREADY_SAVED_MESSAGE, ALREADY_SAVED_UNARCHIVED_MESSAGE, ENRICHMENTS_PAGE_SIZE, INVALID_URL_MESSAGE, NOTES_MAX_CHARS, TAGS_MAX, TAG_MAX_CHARS, TITLE_MAX_CHARS } from "./links";
import { ENRICHMENT_FEATURES } from "./plan-enrichment";
import { TIME_RANGES } from "./trending";
import { emailSchema, newPasswordSchema } from "./validation";
import { ARTIFACT_KINDS, CREDIT_REASONS, FETCH_METHODS, IMPORT_STATUSES, LINK_STATUSES, PAYMENT_PROVIDERS, ROLES } from "./vocabulary";

/**
 * Zod schemas of the public JSON API that both a route and the OpenAPI document use: the route
 * validates with them, app/server/api/openapi.server.ts turns them into the document (decision
 * 024). `.meta({ id })` names a schema in the document's components.
 */

export const messageSchema = z.object({ message: z.string() }).meta({ id: "Message", description: "Every error, and some confirmations." });

export const linkStatusSchema = z
  .enum(LINK_STATUSES)
  .meta({ id: "LinkStatus", description: "pending shows as Processing, error as Failed, unenriched (an imported link the plan or allowance did not reach) as Not enriched." });

export const publicLinkSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    favicon: z.string().nullable().describe("A path on our origin (/favicons/{key}) or null."),
    leadImage: z.string().nullable().describe("A path on our origin (/lead-images/{key}) or null: the page's lead image, shown by the dashboard's cards."),
    tags: z.array(z.string()),
    status: linkStatusSchema,
    enrichedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    savedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    error: z.string().nullable(),
    readAt: z.iso.datetime().nullable().describe("When the user marked it read; null: Unread (every link starts so). Only the user sets it (PATCH /api/links/{id} {read}, bulk mark-read or mark-unread, an import's file for a new link)."),
    archivedAt: z.iso.datetime().nullable().describe("When the user archived it; null: in the library. An archived link leaves the default list (GET /api/links?state=archived lists them)."),
  })
  .meta({ id: "Link" });

export const listedLinkSchema = publicLinkSchema
  .extend({
    highlight: z
      .object({
        title: z.string().nullable().describe("The title as HTML: escaped, with <mark> around the matches; null when it has none."),
        snippet: z.string().nullable().describe("A passage of the description, summary, notes or page text, the same way; null when none matches."),
      })
      .optional()
      .describe("With q only: where the search matched."),
    duplicate: z
      .object({
        group: z.string().describe("The same for every link of one group of possible duplicates."),
        reason: z.enum(["address", "title"]).describe("address: the same page (canonical or saved URL); title: the same title."),
      })
      .optional()
      .describe("With duplicates=true only: the link's group of possible duplicates."),
  })
  .meta({ id: "ListedLink" });

export const enrichedWithSchema = z
  .object({
    plan: z.enum(ROLES).describe("The owner's plan when the link was enriched: FreeUser (Free), LiteUser (Scout), ProUser (Creator) or Admin."),
    features: z.array(z.string()).describe(`The plan features that shaped the result, of ${ENRICHMENT_FEATURES.join(", ")}.`),
  })
  .nullable()
  .meta({
    id: "EnrichedWith",
    description: "What the link's last enrichment used; null before its first, or for one enriched before this was recorded. A link missing a feature the plan now gives is behind it: POST /api/links/enrichments/upgrade enriches it again.",
  });

export const linkDetailSchema = publicLinkSchema
  .extend({
    notes: z.string().nullable().describe("The owner's own notes (searchable)."),
    summary: z.string().nullable(),
    codeSnippets: z.array(z.object({ language: z.string(), code: z.string() })),
    readingMinutes: z.number().nullable(),
    language: z.string().nullable(),
    canonicalUrl: z.string().nullable(),
    engine: z.string().nullable(),
    category: z.string().nullable(),
    tagSuggestions: z.array(z.string()),
    byline: z.string().nullable(),
    publishedAt: z.iso.datetime().nullable(),
    siteName: z.string().nullable(),
    fetchMethod: z
      .enum(FETCH_METHODS)
      .nullable()
      .describe("How the page was last fetched: plain (our fetcher), cache (the shared fetch cache: another save's fetch of the same public page, or a 304 revalidation), browser (rendered in a headless browser); null before the first fetch."),
    fetchMs: z.number().int().nullable().describe("That fetch's time in milliseconds (for the cache, the look-up's)."),
    fetchReason: z.string().nullable().describe("Why it was not a plain fetch; null for plain."),
    enrichedWith: enrichedWithSchema,
  })
  .meta({ id: "LinkDetail" });

// The filter lives in its own module: the dashboard's bulk toolbar needs it in the browser, and
// this module's hundreds of schemas cost the page's start-up a long task to build (decision 061).
export { linkFilterSchema, type LinkFilter } from "./link-filter-schema";
export type LinkSort = z.output<typeof linkSortSchema>;

export const linkSortSchema = z
  .enum(["date", "relevance"], { error: "sort must be date or relevance" })
  .default("date")
  .describe("date: newest saved first. relevance: best match first (only with q; without q it is date).");

export const linkListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
    // The previous page's X-Next-Cursor (opaque); a link id from older clients is still taken.
    before: z.string().max(200, "before must be the cursor of the previous page").optional(),
    ...linkFilterShape,
    sort: linkSortSchema,
  })
  .superRefine(checkRange);

export const linkEditSchema = z
  .object({
    notes: z
      .string({ error: "notes must be text (or null to remove them)" })
      .max(NOTES_MAX_CHARS, `Notes are too long (${NOTES_MAX_CHARS.toLocaleString("en-US")} characters at most).`)
      .nullable()
      .optional(),
    title: z
      .string({ error: "title must be text (or null to give it back to the page)" })
      .max(TITLE_MAX_CHARS, `The title is too long (${TITLE_MAX_CHARS} characters at most).`)
      .nullable()
      .optional(),
    read: z.boolean({ error: "read must be true or false" }).optional().describe("true marks the link read (a link already read keeps its first readAt), false unread."),
    archived: z.boolean({ error: "archived must be true or false" }).optional().describe("true archives the link (out of the default list), false puts it back in the library."),
  })
  .refine((body) => body.notes !== undefined || body.title !== undefined || body.read !== undefined || body.archived !== undefined, { message: "Send notes, title, read or archived." })
  .meta({ id: "LinkEdit" });

/** The link's whole tag set, as the user edits it (decision 040). */
export const linkTagsSchema = z
  .object({
    tags: z
      .array(z.string({ error: "each tag must be text" }).trim().min(1, "A tag must not be empty.").max(TAG_MAX_CHARS, `A tag is ${TAG_MAX_CHARS} characters at most.`), {
        error: "tags must be a list of tags",
      })
      .max(TAGS_MAX, `A link has ${TAGS_MAX} tags at most.`),
  })
  .meta({ id: "LinkTags" });

export const addLinkSchema = z
  .object({
    url: z.string({ error: INVALID_URL_MESSAGE }),
    title: z
      .string({ error: "title must be text" })
      .optional()
      .transform((title) => title?.replace(/\s+/g, " ").trim().slice(0, TITLE_MAX_CHARS) || undefined)
      .describe("Shown until enrichment reads the page's own title (cut, not refused, when too long)."),
    tags: z
      .array(z.string({ error: "tags must be a list of text" }).max(TAG_MAX_CHARS, `A tag is ${TAG_MAX_CHARS} characters at most.`), { error: "tags must be a list of text" })
      .max(TAGS_MAX, `A link has ${TAGS_MAX} tags at most.`)
      .optional()
      .describe("The user's own tags, added to the link's (never replacing them on a link already saved)."),
    notes: z
      .string({ error: "notes must be text" })
      .max(NOTES_MAX_CHARS, `Notes are too long (${NOTES_MAX_CHARS.toLocaleString("en-US")} characters at most).`)
      .optional()
      .describe("A note of the user's, appended to the link's notes."),
    capture: z
      .object({ html: z.string({ error: "capture.html must be the page's HTML" }).min(1, "capture.html is empty") }, { error: "capture must be {html}" })
      .optional()
      .describe(
        `"Save page as I see it": the page as the user's browser rendered it (document.documentElement.outerHTML), at most ${CAPTURE_MAX_BYTES / 1024 / 1024} MB of UTF-8 (413 beyond). The link is then read from it, never fetched from its address: read as untrusted HTML like a fetched page. On a link already enriched it is not used; on one that failed it is retried from it.`,
      ),
  })
  .meta({ id: "AddLink" });

export const tagReviewSchema = z
  .object({
    accept: z.array(z.string().min(1).max(40)).max(20).optional(),
    dismiss: z.array(z.string().min(1).max(40)).max(20).optional(),
  })
  .meta({ id: "TagReview" });

// ---------------------------------------------------------------------------------------------
// Answers. The types the app uses are derived from these (`z.infer`); modules that public pages
// load without zod (links.ts, user.ts, billing.ts, imports.ts, trending.ts, artifacts.ts) import
// the types only, so no schema reaches those pages' bundles.

const timestamp = () => z.iso.datetime({ offset: true });


export const roleSchema = z.enum(ROLES).meta({ id: "Role", description: "FreeUser is Free, LiteUser Scout, ProUser Creator." });

export const publicUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: roleSchema,
    emailConfirmed: z.boolean(),
    createdAt: timestamp(),
    notifications: z.object({ unreadCount: z.number().int() }),
  })
  .meta({ id: "User" });

export const signInTokenSchema = z.object({ token: z.string() }).meta({ id: "SignInToken" });
export const registeredSchema = z.object({ token: z.string(), user: publicUserSchema }).meta({ id: "Registered" });
export const confirmedEmailSchema = z.object({ message: z.string(), user: publicUserSchema });
export const emailChangedSchema = z.object({ email: z.string() });

export const publicNotificationSchema = z
  .object({
    id: z.uuid(),
    type: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    read: z.boolean(),
    createdAt: timestamp(),
  })
  .meta({ id: "Notification" });

export const notificationPageSchema = z
  .object({ notifications: z.array(publicNotificationSchema), unreadCount: z.number().int(), nextCursor: z.string().nullable() })
  .meta({ id: "NotificationPage" });
export const notificationsReadSchema = z.object({ updated: z.number().int(), unreadCount: z.literal(0) });

export const linkStatsSchema = z
  .object({
    total: z.number().int().describe("Pending, enriched and failed links."),
    enriched: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
    unenriched: z.number().int().describe('Links saved but "Not enriched" (an import beyond the allowance or the plan); not in total.'),
    unread: z.number().int().describe("Links in the library (not archived) not marked read."),
    read: z.number().int().describe("Links in the library (not archived) marked read."),
    archived: z.number().int().describe("Archived links; not in the other counts."),
  })
  .meta({ id: "LinkStats", description: "Counted over all of the user's links; the status counts over those in the library (not archived), as the list without `state` shows them." });

export const usageSchema = z
  .object({
    used: z.number().int(),
    limit: z.number().int().nullable().describe("Enrichments a month; null is unlimited."),
    credits: z.number().int().describe("Pack credits left, spent after the monthly allowance."),
    periodStart: timestamp(),
    periodEnd: timestamp(),
  })
  .meta({ id: "Usage" });

export const deletedLinkSchema = z.object({ id: z.uuid(), deletedAt: timestamp(), undoUntil: timestamp() }).meta({ id: "DeletedLink" });
export const recentlyDeletedLinkSchema = publicLinkSchema
  .extend({
    deletedAt: timestamp(),
    purgeAfter: timestamp().describe("Restorable until then (POST /api/links/{id}/restore); the link-purge job removes it for good within 15 minutes after."),
  })
  .meta({ id: "RecentlyDeletedLink" });
/** POST /api/links for a page already saved (decision 053). */
export const existingLinkSchema = publicLinkSchema
  .extend({ message: z.string().describe(`"${ALREADY_SAVED_MESSAGE}" The link is the one saved before (moved to the top): the same address, or a page whose canonical URL is this address. "${ALREADY_SAVED_UNARCHIVED_MESSAGE}" when it was archived: saving it again brings it back to the list (its read state stays).`) })
  .meta({ id: "ExistingLink" });
export const linkInTrashSchema = z
  .object({
    message: z.string(),
    id: z.uuid().describe("The deleted link: POST /api/links/{id}/restore brings it back with its notes, tags and results."),
    deletedAt: timestamp(),
    purgeAfter: timestamp(),
  })
  .meta({ id: "LinkInTrash", description: "409 from POST /api/links: the page is in Recently deleted; nothing was saved." });
export const recentlyDeletedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
  before: z.string().max(200, "before must be the cursor of the previous page").optional().describe("The previous page's X-Next-Cursor."),
});
export const sharedLinkSchema = z.object({ id: z.uuid(), shareUrl: z.string() }).meta({ id: "LinkShare" });
export const publicShareListItemSchema = z
  .object({ id: z.uuid(), title: z.string().nullable(), url: z.string(), sharedAt: timestamp().nullable(), views: z.number().int(), shareUrl: z.string() })
  .meta({ id: "SharedLink" });
export const linkPreviewSchema = z
  .object({ url: z.string(), title: z.string().nullable(), description: z.string().nullable(), favicon: z.string().nullable() })
  .meta({ id: "LinkPreview" });
export const publicSharePageSchema = z
  .object({
    title: z.string().nullable(),
    description: z.string().nullable(),
    url: z.string().describe("The outgoing URL, with the owner's affiliate rules applied."),
    tags: z.array(z.string()),
    summary: z.string().nullable(),
    watermark: z.boolean(),
    highlights: z
      .array(z.object({ text: z.string(), note: z.string().nullable() }))
      .describe("The owner's highlights and notes when they chose to show them on the share page; else empty."),
  })
  .meta({ id: "PublicShare" });

export const artifactKindSchema = z.enum(ARTIFACT_KINDS).meta({ id: "ArtifactKind" });
const artifactFields = {
  id: z.uuid(),
  kind: artifactKindSchema,
  variant: z.enum(["", ...DIFFICULTY_LEVELS]).describe("The difficulty of a rephrase; empty for the others."),
  status: z.enum(["pending", "ready", "error"]),
  error: z.string().nullable(),
  engine: z.string().nullable(),
  updatedAt: timestamp(),
};
export const artifactSchema = z
  .object({ ...artifactFields, result: z.union([advancedSummarySchema, quizSchema, rephraseSchema, courseSchema]).nullable().describe("Null until it is ready.") })
  .meta({ id: "Artifact", description: "An on-demand result: an advanced summary, quiz, rephrase or mini-course." });
export const artifactSummarySchema = z.object(artifactFields).meta({ id: "ArtifactSummary", description: "An on-demand result without its result." });
export const linkEnrichmentSchema = z.object({ link: linkDetailSchema, artifacts: z.array(artifactSchema) }).meta({ id: "LinkEnrichment" });
export const enrichmentItemSchema = z.object({ link: linkDetailSchema, artifacts: z.array(artifactSummarySchema) }).meta({ id: "EnrichmentItem" });

export const importSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(IMPORT_STATUSES),
    format: z.enum(IMPORT_FORMATS).nullable(),
    fileName: z.string().nullable(),
    parsed: z.number().int(),
    saved: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
    invalidLines: z.array(z.object({ line: z.number().int(), url: z.string(), reason: z.string() })),
    enriched: z.number().int(),
    failed: z.number().int(),
    notEnriched: z.number().int().describe("Saved, but the allowance (or the plan) did not reach them: Not enriched."),
    pending: z.number().int().describe("Still waiting for their enrichment."),
    error: z.string().nullable(),
    createdAt: timestamp(),
    finishedAt: timestamp().nullable(),
  })
  .meta({ id: "Import" });
/** What every 4xx answer is: `message` always, and where it applies the page to upgrade on or the import that broke. */
export const errorSchema = z
  .object({
    message: z.string(),
    upgradeUrl: z.string().optional().describe("403 for a feature the plan lacks: where to upgrade (/upgrade?feature=…)."),
    reauthenticateUrl: z
      .string()
      .optional()
      .describe("403 for an account action that wants a recent sign-in: POST the password there (/api/account/reauthenticate), then try again."),
    import: importSchema.optional().describe("422 for a broken import file: the import, failed as a whole."),
  })
  .meta({ id: "Error" });

export const queuedCountSchema = z.object({ queued: z.number().int() });

/** POST /api/links/enrichments/upgrade: nothing, or dryRun to count without queueing. */
export const upgradeEnrichmentSchema = z
  .object({ dryRun: z.boolean({ error: "dryRun must be true or false" }).default(false).describe("Count the links without queueing them.") })
  .strict()
  .meta({ id: "UpgradeEnrichmentRequest" });

export const earlierLinksSchema = z
  .object({
    plan: z.enum(ROLES).describe("The user's plan now."),
    features: z.array(z.string()).describe(`The enrichment features the plan gives now, of ${ENRICHMENT_FEATURES.join(", ")}.`),
    behind: z.number().int().describe("Enriched links whose enrichment did not use one of those features and that are not queued yet."),
    waiting: z.number().int().describe("Links waiting for their re-enrichment (queued by this action or by an operator); each stays readable until its new result replaces the old."),
  })
  .meta({ id: "EarlierLinks" });

export const earlierLinksQueuedSchema = earlierLinksSchema
  .extend({
    queued: z.number().int().describe("Links this call queued (0 when pressed again: a link is never queued twice)."),
    dryRun: z.boolean(),
  })
  .meta({ id: "EarlierLinksQueued" });

export const preferencesSchema = z
  .object({
    summaryLength: z.enum(["short", "medium", "long"], { error: "summaryLength must be short, medium or long" }),
    language: z
      .string()
      .regex(/^[a-z]{2}$/, "language must be a two-letter code such as en or fr, or null for the page's language")
      .nullable(),
    difficulty: z.enum(DIFFICULTY_LEVELS, { error: "difficulty must be beginner, intermediate or expert" }),
  })
  .meta({ id: "Preferences" });

const paidPlanSchema = z.enum(["scout", "creator"]);
export const salesStateSchema = z.enum(["open", "coming-soon"]).meta({ id: "SalesState" });
export const publicPackSchema = z
  .object({ id: z.enum(["pack-10", "pack-20", "pack-50"]), name: z.string(), count: z.number().int(), price: z.number().describe("EUR."), popular: z.boolean().describe("Best Value: the lowest price per credit, computed from the prices.") })
  .meta({ id: "Pack" });
export const billingSummarySchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    sales: salesStateSchema,
    plan: z.enum(["free", "scout", "creator"]).describe("The plan the account has now (a manual grant or Admin shows as such)."),
    role: roleSchema,
    manualGrant: z.boolean(),
    subscription: z
      .object({
        plan: paidPlanSchema,
        status: z.enum(["active", "trialing", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "paused"]),
        cancelAtPeriodEnd: z.boolean(),
        currentPeriodEnd: timestamp(),
      })
      .nullable(),
    credits: z.number().int(),
    manage: z.enum(["portal", "test"]).nullable(),
  })
  .meta({ id: "BillingSummary" });
export const creditEntrySchema = z
  .object({
    id: z.string(),
    delta: z.number().int(),
    balanceAfter: z.number().int(),
    reason: z.enum(CREDIT_REASONS),
    note: z.string(),
    createdAt: timestamp(),
  })
  .meta({ id: "CreditEntry" });
export const creditHistoryPageSchema = z.object({ entries: z.array(creditEntrySchema), nextCursor: z.string().nullable() }).meta({ id: "CreditHistoryPage" });
export const receiptSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    amount: z.number().describe("EUR."),
    amountRefunded: z.number(),
    currency: z.string(),
    status: z.enum(["paid", "refunded", "partially_refunded", "failed"]),
    paidAt: timestamp(),
    url: z.string().nullable().describe("The provider's hosted receipt or invoice, when there is one."),
  })
  .meta({ id: "Receipt" });
export const checkoutStateSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["pack", "subscription"]),
    status: z.enum(["open", "complete", "canceled", "expired"]),
    fulfilled: z.boolean(),
    credits: z.number().int().nullable(),
    plan: paidPlanSchema.nullable(),
  })
  .meta({ id: "CheckoutState" });
export const checkoutUrlSchema = z.object({ checkoutUrl: z.string() }).meta({ id: "CheckoutUrl" });
export const portalUrlSchema = z.object({ url: z.string() });
export const salesSettingSchema = z.object({ state: salesStateSchema, source: z.enum(["env", "admin"]) }).meta({ id: "SalesSetting" });
export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const trendingResourceSchema = z
  .object({
    id: z.uuid(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    url: z.string(),
    favicon: z.string().nullable(),
    views: z.number().int(),
    category: z.object({ slug: z.string(), displayName: z.string() }),
  })
  .meta({ id: "TrendingResource" });
export const trendingPageSchema = z.object({ results: z.array(trendingResourceSchema), total: z.number().int() }).meta({ id: "TrendingPage" });
export const publicStatsSchema = z
  .object({ totalStoredUrls: z.number().int(), totalUsers: z.number().int(), totalEnriched: z.number().int(), enrichedToday: z.number().int() })
  .meta({ id: "Stats" });

const componentStateSchema = z.union([z.object({ ok: z.literal(true), latencyMs: z.number() }), z.object({ ok: z.literal(false), error: z.string() })]);
export const systemStatusSchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    down: z.array(z.string()).describe("The parts that did not answer."),
    postgres: componentStateSchema,
    redis: componentStateSchema,
    workers: z.number().int().nullable(),
    queues: z
      .record(z.string(), z.record(z.string(), z.number().int().nullable()))
      .nullable()
      .describe("Per queue: its jobs by state (waiting, prioritized, active, delayed, failed) and `workers` consuming it; null when Redis does not answer."),
    uptimeSeconds: z.number(),
    time: timestamp(),
  })
  .meta({ id: "SystemStatus" });

// ---------------------------------------------------------------------------------------------
// Requests: the bodies and query strings the routes parse with, named here so the document
// describes exactly what the route accepts.

export const emailChangeConfirmSchema = z.object({ token: z.string({ error: "The link has no token." }).min(1, "The link has no token.").max(200) });

export const emailChangeSchema = z.object({
  newEmail: emailSchema,
  password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(200),
});

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(200),
  newPassword: newPasswordSchema,
});

export const failureListQuerySchema = failureFilterSchema.extend({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
  cursor: z.string().max(200).optional(),
});

export const jobRefSchema = z.object({ id: z.string().min(1).max(200), queue: z.enum(QUEUE_NAMES).optional() }).strict();

export const salesUpdateSchema = z.object({ state: z.enum(["open", "coming-soon"], { error: "state must be open or coming-soon" }) });

export const creditAdjustmentSchema = z.object({
  delta: z.number({ error: "delta must be a whole number" }).int("delta must be a whole number").min(-100_000).max(100_000).refine((d) => d !== 0, "delta must not be 0"),
  note: z.string({ error: "Say why (note)" }).trim().min(3, "Say why (note, at least 3 characters)").max(200),
});

const CONFIRM_LINK_INVALID = "Invalid confirmation link. Please check your email and try again.";
export const confirmEmailSchema = z.object({
  userId: z.string({ error: CONFIRM_LINK_INVALID }).uuid(CONFIRM_LINK_INVALID),
  token: z.string({ error: CONFIRM_LINK_INVALID }).min(1, CONFIRM_LINK_INVALID).max(200, CONFIRM_LINK_INVALID),
});

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
});

export const profileUpdateSchema = z.object({
  email: emailSchema.optional(),
  currentPassword: z.string().max(200).optional(),
  newPassword: newPasswordSchema.optional(),
});

export const registerSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  role: z.enum(roleSchema.options, { error: `role must be one of ${roleSchema.options.join(", ")}` }).optional(),
});

export const passwordResetRequestSchema = z.object({ email: emailSchema });

const RESET_LINK_INVALID = "Invalid reset link. Please request a new password reset.";
export const passwordResetSchema = z.object({
  email: emailSchema,
  token: z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  newPassword: newPasswordSchema,
});

export const portalRequestSchema = z.object({ returnUrl: z.string().min(1).max(2048).default("/settings/billing") });

export const enrichmentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(ENRICHMENTS_PAGE_SIZE),
  before: z.string().max(200, "before must be the cursor of the previous page").optional(),
});

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "format must be json, html or markdown" }).default("json"),
  bulk: z.uuid({ error: "bulk must be the id of a bulk export" }).optional().describe("Only the links of this bulk export's selection (POST /api/links/bulk {action: \"export\"})."),
});

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(20),
  before: z.iso.datetime({ error: "before must be an ISO date from a previous page's nextCursor" }).optional(),
});

export const notifySignupSchema = z.object({
  email: emailSchema,
  plans: z.array(z.enum(["scout", "creator"], { error: "plans may hold scout and creator" })).min(1, "Choose at least one plan").max(2),
});

export const trendingQuerySchema = z.object({
  category: z.enum(["all", ...CATEGORY_SLUGS], { error: `category must be all or one of ${CATEGORY_SLUGS.join(", ")}` }).default("all"),
  time: z.enum(TIME_RANGES, { error: "time must be today, week, month or year" }).default("week"),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be 1 or more").default(1),
  pageSize: z.coerce.number({ error: "pageSize must be a number" }).int().min(1, "pageSize must be between 1 and 50").max(50, "pageSize must be between 1 and 50").default(9),
});

export const bulkRetrySchema = failureFilterSchema
  .extend({
    dryRun: z.boolean().default(false),
    limit: z.number().int().min(1).max(MAX_BULK, `limit is at most ${MAX_BULK}`).default(MAX_BULK),
  })
  .strict();

export const reenrichSchema = reenrichFilterObject
  .extend({
    dryRun: z.boolean().default(false),
    limit: z.number().int().min(1).max(MAX_BULK, `limit is at most ${MAX_BULK}`).default(MAX_BULK),
  })
  .strict()
  .refine(REENRICH_TARGET.check, { message: REENRICH_TARGET.message });

// The dashboard's library (decision 051): the view, saved searches, tags.
export const dashboardViewSchema = z
  .object({ view: z.enum(DASHBOARD_VIEWS, { error: `view must be one of ${DASHBOARD_VIEWS.join(", ")}` }) })
  .meta({ id: "DashboardView", description: "How the dashboard draws the list: list (dense rows) or cards (with the lead image)." });

const tagNameSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, `${field} must not be empty`).max(TAG_MAX_CHARS, `${field} is ${TAG_MAX_CHARS} characters at most`));

export const tagCountSchema = z.object({ tag: z.string(), count: z.number().int() }).meta({ id: "TagCount" });
export const tagRenameSchema = z
  .object({
    from: tagNameSchema("from"),
    to: tagNameSchema("to"),
  })
  .meta({ id: "TagRename", description: "Renames the tag `from` (any case) to `to` on every one of the user's links; a link that has both keeps one (a merge)." });
export const tagRenamedSchema = z.object({ links: z.number().int().describe("How many links changed.") }).meta({ id: "TagRenamed" });

export const savedSearchInputSchema = z
  .object({
    name: z
      .string({ error: "name must be text" })
      .trim()
      .min(1, "Give the search a name.")
      .max(SAVED_SEARCH_NAME_MAX, `A name is ${SAVED_SEARCH_NAME_MAX} characters at most.`),
    query: z
      .string({ error: "query must be text" })
      .max(2000, "query is too long")
      .describe("The search as URL parameters, as GET /api/links takes them: q, tag, status, category, domain, from, to, sort (e.g. q=postgres&tag=db)."),
  })
  .meta({ id: "SavedSearchInput" });
export const savedSearchSchema = z
  .object({ id: z.uuid(), name: z.string(), query: z.string(), createdAt: z.string() })
  .meta({ id: "SavedSearch", description: "A search saved from the dashboard's sidebar; the same name saved again replaces it." });
