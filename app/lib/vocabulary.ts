/**
 * The app's closed lists, each written once (issue #32, decision 037). Types, zod enums, the
 * database schema's column types and the API document derive from these arrays; code that
 * branches on one value names that value, but nothing else spells out a whole list.
 *
 * No imports and no zod: public pages, the API schemas, the server, the worker and the test
 * that compares these lists with the migrations' check constraints all load this file.
 */

/** Who a user is: Free, Scout and Creator as sold (plans.ts), and Admin. */
export const ROLES = ["FreeUser", "LiteUser", "ProUser", "Admin"] as const;
export type Role = (typeof ROLES)[number];

/** The on-demand results of an enriched link (artifacts.ts). */
export const ARTIFACT_KINDS = ["advanced", "quiz", "rephrase", "course"] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/** A saved link: pending shows as Processing, error as Failed, unenriched as Not enriched (links.ts). */
export const LINK_STATUSES = ["pending", "enriched", "error", "unenriched"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** An import, from its upload to its last link's enrichment (imports.ts). */
export const IMPORT_STATUSES = ["parsing", "saving", "enriching", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Who takes payments: Stripe when a key is set, else our own labelled test-mode checkout. */
export const PAYMENT_PROVIDERS = ["stripe", "test"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Why a user's pack credits changed, one per credits ledger row. */
export const CREDIT_REASONS = ["purchase", "refund", "enrichment", "admin_adjustment"] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** A highlight's colour in the reader (decision 060); the first is the default. */
export const HIGHLIGHT_COLOURS = ["yellow", "green", "blue", "pink", "purple"] as const;
export type HighlightColour = (typeof HIGHLIGHT_COLOURS)[number];

/** Who makes summaries and results: our own local engine or an OpenAI-compatible model (server only). */
export const ENRICHMENT_PROVIDERS = ["local", "openai"] as const;
export type EnrichmentProvider = (typeof ENRICHMENT_PROVIDERS)[number];

/**
 * What an enriched link is about: the engine picks one, search filters by it, and both trending
 * filters (the landing page's chips and /trending's select) offer exactly these (categories.ts labels them).
 */
export const LINK_CATEGORIES = ["programming", "business", "ai", "design", "productivity", "marketing", "science", "web", "dotnet", "learning", "devtools"] as const;
export type LinkCategory = (typeof LINK_CATEGORIES)[number];

/** The worker's queues (server/jobs/queue-names.server.ts names each for code). */
export const QUEUE_NAMES = ["system", "enrich-link", "enrich-task", "import", "bulk", "render", "render-background", "webhook-delivery", "feed-poll"] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * Whose work it is (decisions 033, 049): `interactive` is a link a person added or retried, or a
 * preview; `background` is bulk work (an import's links, a bulk or plan re-enrichment). Host
 * slots, parser threads, the CPU and the browser's pages serve interactive work first.
 */
export const WORK_LANES = ["interactive", "background"] as const;
export type WorkLane = (typeof WORK_LANES)[number];

/**
 * How a link's page was last fetched: plain, from the shared fetch cache, rendered in the browser,
 * or not fetched at all: captured by the user's own browser through the extension (decision 069).
 */
export const FETCH_METHODS = ["plain", "cache", "browser", "capture"] as const;
export type FetchMethod = (typeof FETCH_METHODS)[number];

/**
 * What a user's outbound webhook can subscribe to (decision 067). highlight.created is emitted by
 * the highlights feature; the others by saving, enrichment and imports.
 */
export const WEBHOOK_EVENTS = ["link.saved", "link.enriched", "link.failed", "highlight.created", "import.finished"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a delivery carries: a subscribed event, or the ping the Test button sends. */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, "ping"] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

/** A webhook delivery: pending while it is tried (and retried), then delivered (a 2xx) or failed for good. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The tools of the MCP server at /mcp (decision 066): which scope of a personal API token each needs. */
export const MCP_READ_TOOLS = ["search_links", "get_link"] as const;
export const MCP_WRITE_TOOLS = ["save_link", "add_tags"] as const;
export const MCP_TOOLS = [...MCP_READ_TOOLS, ...MCP_WRITE_TOOLS] as const;
export type McpTool = (typeof MCP_TOOLS)[number];

/** Whether a value is one of a list's, narrowing it (a list's `includes` takes only its own values). */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}

/** Where a review card came from (decision 068): a highlight's cloze, a quiz question, a key term. */
export const CARD_KINDS = ["highlight", "quiz", "term"] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** A card's FSRS learning state, in ts-fsrs's State order (0–3). */
export const CARD_STATES = ["new", "learning", "review", "relearning"] as const;
export type CardState = (typeof CARD_STATES)[number];

/** How well the user recalled a card: FSRS's Again, Hard, Good, Easy (keys 1–4, ts-fsrs Rating 1–4). */
export const REVIEW_GRADES = ["again", "hard", "good", "easy"] as const;
/** The review digest mail's choices (users.review_digest): off by default. */
export const REVIEW_DIGESTS = ["off", "daily", "weekly"] as const;
export type ReviewDigest = (typeof REVIEW_DIGESTS)[number];
export type ReviewGrade = (typeof REVIEW_GRADES)[number];
