import { QUEUE_NAMES, isOneOf, type QueueName } from "~/lib/vocabulary";

/**
 * The queue names for code (the list itself is ~/lib/vocabulary.ts, which imports nothing), so
 * the environment schema can validate WORKER_QUEUES and WORKER_CONCURRENCY against them;
 * queue.server.ts re-exports them.
 */
export const QUEUES = {
  /** Housekeeping that proves the wiring: the heartbeat job. */
  system: "system",
  /** Fetch, parse and enrich one saved link. */
  enrichLink: "enrich-link",
  /** On-demand results of an enriched link: advanced summary, quiz, rephrasing, course. */
  enrichTask: "enrich-task",
  /** Imports: an uploaded file's staged bookmarks saved in chunks, then their low-priority enrichment. */
  import: "import",
  /** Bulk actions over many links (batchProcessing): one job per operation, applied in chunks. */
  bulk: "bulk",
  /** Script-built pages of links people added, rendered in the headless browser, handed over by enrichment (decision 030). */
  render: "render",
  /** The same for background work (imports, bulk and plan re-enrichments), on fewer pages (decision 049). */
  renderBackground: "render-background",
  /** One POST of a stored event to a user's webhook, retried with exponential back-off (decision 067). */
  webhookDelivery: "webhook-delivery",
  /** One poll of a user's feed: fetched with its validators, new items saved as links (decision 070). */
  feedPoll: "feed-poll",
} as const satisfies Record<string, QueueName>;

export { QUEUE_NAMES, type QueueName };

export function isQueueName(value: string): value is QueueName {
  return isOneOf(QUEUE_NAMES, value);
}
