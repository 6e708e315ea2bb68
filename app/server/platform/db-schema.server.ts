import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { FlagRole } from "~/lib/feature-flags";
import type { DashboardView } from "~/lib/library";
import type { ReaderFontSize, ReaderWidth } from "~/lib/reader";
import type { EnrichedWith } from "~/lib/plan-enrichment";
import type { ArtifactKind, CardKind, CardState, CreditReason, HighlightColour, ImportStatus, LinkStatus, PaymentProvider, ReviewDigest, ReviewGrade, Role, WebhookDeliveryEvent, WebhookDeliveryStatus, WebhookEvent } from "~/lib/vocabulary";

/**
 * The one description of the database for Kysely. Each table's interface matches its
 * migration in migrations/; change both together.
 */
export interface DB {
  users: UsersTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  auth_sessions: AuthSessionsTable;
  email_tokens: EmailTokensTable;
  auth_failures: AuthFailuresTable;
  notifications: NotificationsTable;
  mail_outbox: MailOutboxTable;
  links: LinksTable;
  enrichment_usage: EnrichmentUsageTable;
  link_artifacts: LinkArtifactsTable;
  user_preferences: UserPreferencesTable;
  saved_searches: SavedSearchesTable;
  share_views: ShareViewsTable;
  contact_messages: ContactMessagesTable;
  plan_notify_signups: PlanNotifySignupsTable;
  audit_events: AuditEventsTable;
  feature_flags: FeatureFlagsTable;
  role_grants: RoleGrantsTable;
  checkouts: CheckoutsTable;
  subscriptions: SubscriptionsTable;
  credit_ledger: CreditLedgerTable;
  receipts: ReceiptsTable;
  payment_events: PaymentEventsTable;
  app_settings: AppSettingsTable;
  favicons: FaviconsTable;
  api_tokens: ApiTokensTable;
  affiliate_rules: AffiliateRulesTable;
  lead_images: LeadImagesTable;
  imports: ImportsTable;
  bulk_operations: BulkOperationsTable;
  import_items: ImportItemsTable;
  fetch_cache: FetchCacheTable;
  link_articles: LinkArticlesTable;
  reading_positions: ReadingPositionsTable;
  highlights: HighlightsTable;
  cards: CardsTable;
  card_reviews: CardReviewsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  link_captures: LinkCapturesTable;
  feeds: FeedsTable;
  feed_items: FeedItemsTable;
}

// The closed lists the check constraints hold are written once, in ~/lib/vocabulary.ts (decision 037).
export { ROLES } from "~/lib/vocabulary";
export type { ArtifactKind, ImportStatus, LinkStatus, Role, WebhookDeliveryEvent, WebhookDeliveryStatus, WebhookEvent };

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  email_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  last_active_at: Date | null;
  pack_credits: ColumnType<number, number | undefined, number>;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  billing_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The review digest mail: off (the default), daily or weekly; when the last one went. */
  review_digest: ColumnType<ReviewDigest, ReviewDigest | undefined, ReviewDigest>;
  review_digest_sent_at: Date | null;
}
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface WorkerHeartbeatsTable {
  worker_id: string;
  hostname: string;
  pid: number;
  started_at: Date;
  last_beat_at: Date;
  jobs_processed: ColumnType<number, number | undefined, number>;
  queues: ColumnType<string[], string[] | undefined, string[]>;
  concurrency: number | null;
  heartbeat_interval_ms: number | null;
  jobs_failed: ColumnType<number, number | undefined, number>;
  current_jobs: ColumnType<RunningJob[], string | undefined, string>;
}
export type WorkerHeartbeat = Selectable<WorkerHeartbeatsTable>;
/** A job a worker is running right now, as its heartbeat row lists it. */
export interface RunningJob {
  queue: string;
  id: string;
  name: string;
  startedAt: string;
}

export type SessionKind = "web" | "api";
export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  kind: SessionKind;
  user_agent: string | null;
  ip: string | null;
  created_at: CreatedAt;
  last_used_at: UpdatedAt;
  expires_at: Date;
  /** Set when someone else ended the session (an admin deactivating the account). */
  revoked_at: Date | null;
  /** When its owner last proved who they are: the sign-in, then each re-authentication (decision 048). */
  authenticated_at: UpdatedAt;
}
export type AuthSession = Selectable<AuthSessionsTable>;

export type EmailTokenPurpose = "confirm_email" | "reset_password" | "change_email";
export interface EmailTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  email: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}
export type EmailToken = Selectable<EmailTokensTable>;

export interface AuthFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: CreatedAt;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: string;
  title: string;
  body: ColumnType<string, string | undefined, string>;
  link: string | null;
  read_at: Date | null;
  created_at: CreatedAt;
}
export type Notification = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: CreatedAt;
}
export type OutboxMail = Selectable<MailOutboxTable>;

export interface CodeSnippet {
  language: string;
  code: string;
}
export interface LinksTable {
  id: Generated<string>;
  user_id: string;
  url: string;
  normalized_url: string;
  status: ColumnType<LinkStatus, LinkStatus | undefined, LinkStatus>;
  error: string | null;
  title: string | null;
  description: string | null;
  favicon: string | null;
  canonical_url: string | null;
  /** canonical_url normalised as a saved URL is (normalizeUrl): with normalized_url, what finds the same page saved twice (decision 053). */
  canonical_key: string | null;
  language: string | null;
  reading_minutes: number | null;
  content_text: string | null;
  summary: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  tag_suggestions: ColumnType<string[], string[] | undefined, string[]>;
  /** The tags the user gave (import, edit, bulk, accepted suggestions): first in `tags`, never removed by enrichment (decision 040). */
  user_tags: ColumnType<string[], string[] | undefined, string[]>;
  /** Tags the user took off: enrichment never adds (or suggests) them again. */
  dismissed_tags: ColumnType<string[], string[] | undefined, string[]>;
  /** The title (description) is the user's (from their file or an edit): enrichment leaves it. */
  title_by_user: ColumnType<boolean, boolean | undefined, boolean>;
  description_by_user: ColumnType<boolean, boolean | undefined, boolean>;
  code_snippets: ColumnType<CodeSnippet[], string | undefined, string>;
  enrichment_engine: string | null;
  category: string | null;
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
  /** The owner shows its highlights and notes on the public share page (decision 060). */
  share_highlights: ColumnType<boolean, boolean | undefined, boolean>;
  shared_at: Date | null;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  enriched_at: Date | null;
  /** Set while an operator's re-enrichment of this enriched link is queued; the run clears it. */
  reenrich_requested_at: Date | null;
  /** Set when the owner deleted it: hidden from every read until restored or purged. */
  deleted_at: Date | null;
  /** What the reader found besides the text (decision 022). */
  byline: string | null;
  published_at: Date | null;
  site_name: string | null;
  /** Our path for the page's lead image (`/lead-images/{key}`), or null. */
  lead_image: string | null;
  /** Which reader found the text: semantic, readability, heuristic, json-ld, text, markdown. */
  extractor: string | null;
  /** The import that brought the link in; its enrichment takes the import queue's low-priority path. */
  import_id: string | null;
  /** The owner's own notes (searchable). */
  notes: string | null;
  /** When the user marked it read (null: Unread) and archived it (null: in the library); only the user sets them (decision 056). */
  read_at: Date | null;
  archived_at: Date | null;
  // search_vector and search_rank_vector (tsvector) are kept by a trigger and only read in SQL (repos/link-search.server.ts, decision 031).
  /** How the page was last fetched: plain, cache (the shared fetch cache) or browser. */
  fetch_method: string | null;
  /** That fetch's time in ms (for the cache, the look-up's). */
  fetch_ms: number | null;
  /** Why it was not a plain fetch (the cache entry's age, why the browser was needed); null for plain. */
  fetch_reason: string | null;
  /** What the last enrichment used: the owner's plan then and its enrichment features (decision 041); null before one. */
  enriched_with: ColumnType<EnrichedWith | null, string | null | undefined, string | null>;
  saved_at: UpdatedAt;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type Link = Selectable<LinksTable>;
export type NewLink = Insertable<LinksTable>;

export interface InvalidEntry {
  line: number;
  url: string;
  reason: string;
}
export interface ImportsTable {
  id: Generated<string>;
  user_id: string;
  status: ColumnType<ImportStatus, ImportStatus | undefined, ImportStatus>;
  format: string | null;
  file_name: string | null;
  parsed: ColumnType<number, number | undefined, number>;
  saved: ColumnType<number, number | undefined, number>;
  duplicates: ColumnType<number, number | undefined, number>;
  invalid: ColumnType<number, number | undefined, number>;
  invalid_lines: ColumnType<InvalidEntry[], string | undefined, string>;
  enriched: ColumnType<number, number | undefined, number>;
  failed: ColumnType<number, number | undefined, number>;
  not_enriched: ColumnType<number, number | undefined, number>;
  saved_through: ColumnType<number, number | undefined, number>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  finished_at: Date | null;
}
export type Import = Selectable<ImportsTable>;
export interface ImportItemsTable {
  import_id: string;
  position: number;
  line: number;
  url: string;
  normalized_url: string;
  title: string | null;
  description: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  saved_at: Date | null;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  /** The file marked it read (archived): the new link starts so (decision 056). */
  read: ColumnType<boolean, boolean | undefined, boolean>;
  archived: ColumnType<boolean, boolean | undefined, boolean>;
}
export type ImportItem = Selectable<ImportItemsTable>;

export type UsageSource = "allowance" | "credit" | "unlimited";
export interface EnrichmentUsageTable {
  id: Generated<number>;
  user_id: string;
  link_id: string | null;
  kind: string;
  source: UsageSource;
  provider: string | null;
  model: string | null;
  tokens_in: number | null;
  tokens_out: number | null;
  duration_ms: number | null;
  created_at: CreatedAt;
}

export interface LinkArtifactsTable {
  id: Generated<string>;
  link_id: string;
  user_id: string;
  kind: ArtifactKind;
  variant: ColumnType<string, string | undefined, string>;
  status: ColumnType<"pending" | "ready" | "error", "pending" | "ready" | "error" | undefined, "pending" | "ready" | "error">;
  error: string | null;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  engine: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type LinkArtifact = Selectable<LinkArtifactsTable>;

export interface UserPreferencesTable {
  user_id: string;
  summary_length: ColumnType<"short" | "medium" | "long", "short" | "medium" | "long" | undefined, "short" | "medium" | "long">;
  language: string | null;
  difficulty: ColumnType<"beginner" | "intermediate" | "expert", "beginner" | "intermediate" | "expert" | undefined, "beginner" | "intermediate" | "expert">;
  /** The dashboard's view of the list (decision 051). */
  dashboard_view: ColumnType<DashboardView, DashboardView | undefined, DashboardView>;
  /** The reader's settings (decision 055). */
  reader_font_size: ColumnType<ReaderFontSize, ReaderFontSize | undefined, ReaderFontSize>;
  reader_width: ColumnType<ReaderWidth, ReaderWidth | undefined, ReaderWidth>;
  updated_at: UpdatedAt;
}

/** The article's HTML as the page had it (decision 055): replaced by each enrichment, sanitised whenever shown. */
export interface LinkArticlesTable {
  link_id: string;
  html: string;
  base_url: string;
  updated_at: UpdatedAt;
}

/** How far the owner has read a link in the reader, 0..1. */
export interface ReadingPositionsTable {
  link_id: string;
  user_id: string;
  progress: number;
  updated_at: UpdatedAt;
}

/**
 * A passage of a link's article the user highlighted (decision 060): a text-quote selector (exact,
 * prefix, suffix) and the position of its first character in the article's text, a colour and a
 * note. The user's: enrichment never changes it. search_vector is kept by a trigger (SQL only).
 */
export interface HighlightsTable {
  id: Generated<string>;
  user_id: string;
  link_id: string;
  exact: string;
  prefix: ColumnType<string, string | undefined, string>;
  suffix: ColumnType<string, string | undefined, string>;
  start_offset: number;
  colour: ColumnType<HighlightColour, HighlightColour | undefined, HighlightColour>;
  note: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type Highlight = Selectable<HighlightsTable>;

/**
 * A review card (decision 068): the user's, from their highlight, a quiz question, a key term or
 * written by hand, with the passage it came from and its FSRS state (ts-fsrs's Card fields).
 */
export interface CardsTable {
  id: Generated<string>;
  user_id: string;
  link_id: string;
  highlight_id: string | null;
  kind: CardKind;
  front: string;
  back: string;
  hint: string | null;
  source_text: string | null;
  source_start: number | null;
  suspended: ColumnType<boolean, boolean | undefined, boolean>;
  due: ColumnType<Date, Date | string | undefined, Date | string>;
  stability: ColumnType<number, number | undefined, number>;
  difficulty: ColumnType<number, number | undefined, number>;
  elapsed_days: ColumnType<number, number | undefined, number>;
  scheduled_days: ColumnType<number, number | undefined, number>;
  learning_steps: ColumnType<number, number | undefined, number>;
  reps: ColumnType<number, number | undefined, number>;
  lapses: ColumnType<number, number | undefined, number>;
  state: ColumnType<CardState, CardState | undefined, CardState>;
  last_review: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type CardRow = Selectable<CardsTable>;

/** One grade of a card: the history, with the state and due date it changed. */
export interface CardReviewsTable {
  id: Generated<string>;
  card_id: string;
  user_id: string;
  grade: ReviewGrade;
  reviewed_at: CreatedAt;
  state_before: CardState;
  due_before: ColumnType<Date, Date | string, never>;
  due_after: ColumnType<Date, Date | string, never>;
}
export type CardReviewRow = Selectable<CardReviewsTable>;

/** A search the user saved from the dashboard's sidebar: its name and its URL parameters. */
export interface SavedSearchesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  query: string;
  created_at: CreatedAt;
}

export interface ShareViewsTable {
  link_id: string;
  visitor: string;
  day: ColumnType<Date, string, never>;
  viewed_at: CreatedAt;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  created_at: CreatedAt;
}

export interface PlanNotifySignupsTable {
  email: string;
  plans: string[];
  user_id: string | null;
  created_at: CreatedAt;
  notified_at: Date | null;
}

/** Who did what to what; append-only (a trigger refuses updates and deletes). */
export const AUDIT_KINDS = ["account", "user", "flag", "payment", "job"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export interface AuditEventsTable {
  id: Generated<string>;
  kind: AuditKind;
  action: string;
  actor_id: string | null;
  actor_label: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  created_at: CreatedAt;
}
export type AuditEvent = Selectable<AuditEventsTable>;

/** A saved cell of the role × feature table; a cell with no row reads as its default in code. */
export interface FeatureFlagsTable {
  feature_key: string;
  role: FlagRole;
  enabled: boolean;
  updated_by_id: string | null;
  updated_by_label: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type FeatureFlagRow = Selectable<FeatureFlagsTable>;
/** A role an admin set by hand; at most one live (not revoked) grant per user. */
export type GrantedRole = Exclude<Role, "FreeUser">;
export interface RoleGrantsTable {
  id: Generated<string>;
  user_id: string;
  role: GrantedRole;
  granted_by_id: string | null;
  granted_by_label: string | null;
  granted_at: CreatedAt;
  revoked_at: Date | null;
  revoked_by_id: string | null;
  revoked_by_label: string | null;
}
export type RoleGrant = Selectable<RoleGrantsTable>;

// ---------------------------------------------------------------------------- payments

export type PaymentProviderName = PaymentProvider;

/** A checkout we started; fulfilment locks the row so its credits or plan are granted once. */
export interface CheckoutsTable {
  id: Generated<string>;
  user_id: string;
  provider: PaymentProviderName;
  provider_session_id: string | null;
  kind: "pack" | "subscription";
  pack_id: string | null;
  quantity: ColumnType<number, number | undefined, number>;
  credits: ColumnType<number, number | undefined, number>;
  plan: "scout" | "creator" | null;
  amount_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  status: ColumnType<"open" | "complete" | "canceled" | "expired", "open" | "complete" | "canceled" | "expired" | undefined, "open" | "complete" | "canceled" | "expired">;
  return_url: string;
  payment_ref: string | null;
  subscription_id: string | null;
  credits_refunded: ColumnType<number, number | undefined, number>;
  fulfilled_at: Date | null;
  created_at: CreatedAt;
}
export type Checkout = Selectable<CheckoutsTable>;

/** A subscription as its provider last reported it. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  provider: PaymentProviderName;
  plan: "scout" | "creator";
  status: string;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  current_period_end: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type Subscription = Selectable<SubscriptionsTable>;

export type CreditLedgerReason = CreditReason;
export interface CreditLedgerTable {
  id: Generated<string>;
  user_id: string;
  delta: number;
  balance_after: number;
  reason: CreditLedgerReason;
  checkout_id: string | null;
  link_id: string | null;
  actor_id: string | null;
  note: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}
export type CreditLedgerRow = Selectable<CreditLedgerTable>;

export interface ReceiptsTable {
  id: Generated<string>;
  /** Null once the account is deleted: billing records are kept (customer_email says whose). */
  user_id: string | null;
  customer_email: string;
  provider: PaymentProviderName;
  provider_ref: string;
  checkout_id: string | null;
  subscription_id: string | null;
  description: string;
  amount_cents: number;
  amount_refunded_cents: ColumnType<number, number | undefined, number>;
  currency: string;
  status: "paid" | "refunded" | "partially_refunded" | "failed";
  url: string | null;
  paid_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type ReceiptRow = Selectable<ReceiptsTable>;

export interface PaymentEventsTable {
  id: string;
  provider: PaymentProviderName;
  type: string;
  received_at: CreatedAt;
}

export interface AppSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_by_id: string | null;
  updated_by_label: string | null;
  updated_at: UpdatedAt;
}

/** A site's icon as we serve it; no data means we looked and found none. */
export interface FaviconsTable {
  key: string;
  source_url: string;
  content_type: string | null;
  data: Buffer | null;
  fetched_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type FaviconRow = Selectable<FaviconsTable>;

export type ApiTokenScope = "read" | "write";

/** A personal API token (apiAccess); the secret is stored only as its SHA-256 hash. */
export interface ApiTokensTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  token_hash: string;
  scopes: ApiTokenScope[];
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
}
export type ApiTokenRow = Selectable<ApiTokensTable>;

/** A Creator's affiliate rule: links to `domain` on their share pages go out with `param=value`. */
export interface AffiliateRulesTable {
  id: Generated<string>;
  user_id: string;
  domain: string;
  param: string;
  value: string;
  created_at: CreatedAt;
}
export type AffiliateRuleRow = Selectable<AffiliateRulesTable>;
/** Pages' lead images, kept and served like favicons (at most 2 MB each). */
export type LeadImagesTable = FaviconsTable;
export type LeadImageRow = Selectable<LeadImagesTable>;

export type BulkAction = "reenrich" | "retry" | "add-tag" | "remove-tag" | "share" | "unshare" | "delete" | "restore" | "export" | "mark-read" | "mark-unread" | "archive" | "unarchive";
export type BulkStatus = "running" | "done" | "failed";

/** A bulk action (batchProcessing) over a snapshot of the user's link ids, and how far it got. */
export interface BulkOperationsTable {
  id: Generated<string>;
  user_id: string;
  action: BulkAction;
  status: ColumnType<BulkStatus, BulkStatus | undefined, BulkStatus>;
  tag: string | null;
  format: string | null;
  link_ids: string[];
  total: number;
  processed: ColumnType<number, number | undefined, number>;
  done: ColumnType<number, number | undefined, number>;
  failed: ColumnType<number, number | undefined, number>;
  skipped: ColumnType<number, number | undefined, number>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  finished_at: Date | null;
  /** A re-enrichment's or retry's failures were told (or none failed): set with the notification. */
  failures_notified_at: Date | null;
}
export type BulkOperation = Selectable<BulkOperationsTable>;
/** One address's shared fetch (fetch-cache.server.ts): a parse for everyone, or a recent failure. */
export interface FetchCacheTable {
  key: string;
  url: string;
  outcome: "ok" | "failed";
  final_url: string | null;
  content_type: string | null;
  bytes: number | null;
  parse: ColumnType<unknown, string | null | undefined, string | null>;
  parse_version: ColumnType<number, number | undefined, number>;
  method: ColumnType<string, string | undefined, string>;
  etag: string | null;
  last_modified: string | null;
  failure: string | null;
  failure_kind: string | null;
  fetched_at: ColumnType<Date, Date | undefined, Date>;
  fresh_until: Date;
}
export type FetchCacheRow = Selectable<FetchCacheTable>;

/** A user's outbound webhook (decision 067); the secret signs every delivery, so it is stored as it is. */
export interface WebhooksTable {
  id: Generated<string>;
  user_id: string;
  url: string;
  secret: string;
  events: WebhookEvent[];
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: string | null;
  consecutive_failures: ColumnType<number, number | undefined, number>;
  /** An admin's webhook that hears every user's events (while its owner is an admin). */
  instance: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}
export type WebhookRow = Selectable<WebhooksTable>;

/** One event for one webhook: its stored body, tried until delivered or failed for good. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  webhook_id: string;
  event: WebhookDeliveryEvent;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  response_status: number | null;
  response_ms: number | null;
  error: string | null;
  created_at: CreatedAt;
  delivered_at: Date | null;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The page the browser extension captured for a link ("Save page as I see it", decision 069): read instead of fetching the address. */
export interface LinkCapturesTable {
  link_id: string;
  user_id: string;
  url: string;
  html: string;
  captured_at: ColumnType<Date, Date | undefined, Date>;
}
export type LinkCaptureRow = Selectable<LinkCapturesTable>;

/** A user's subscription to a feed (decision 070): polled with its validators, backed off while it fails. */
export interface FeedsTable {
  id: Generated<string>;
  user_id: string;
  url: string;
  site_url: string | null;
  title: string | null;
  /** Applied to each new item as the user's own tags. */
  tags: ColumnType<string[], string[] | undefined, string[]>;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  etag: string | null;
  last_modified: string | null;
  next_poll_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Polls failed in a row; the back-off doubles with each. */
  failures: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  last_polled_at: Date | null;
  created_at: CreatedAt;
}
export type FeedRow = Selectable<FeedsTable>;

/** An entry of a feed seen once: never saved again, even after the user deleted its link. */
export interface FeedItemsTable {
  feed_id: string;
  item_key: string;
  link_id: string | null;
  seen_at: CreatedAt;
}
