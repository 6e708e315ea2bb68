import { z } from "zod";

/**
 * The jobs console's vocabulary, shared by its API, its page and the command line: queue
 * names, the failure filter and what each answer looks like.
 */
export const QUEUE_NAMES = ["system", "enrich-link", "enrich-task", "import", "render"] as const;
export type JobQueueName = (typeof QUEUE_NAMES)[number];

/** Queues whose failed work belongs to a row (a link or an on-demand result). */
export const FAILURE_QUEUES = ["enrich-link", "enrich-task"] as const;
export type FailureQueue = (typeof FAILURE_QUEUES)[number];
export type FailureKind = "link" | "artifact";

/** Retry-all and re-enrich touch at most this many rows per call; call again for the rest. */
export const MAX_BULK = 10_000;

const DURATION = /^(\d+)\s*(s|m|h|d|w)$/i;
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * A point in time from "2h" (that long ago), "30m", "7d", or an ISO date; undefined when it is
 * neither. `now` is a parameter so the answer can be checked.
 */
export function parseTimeAgo(value: string, now = Date.now()): Date | undefined {
  const trimmed = value.trim();
  const duration = DURATION.exec(trimmed);
  if (duration) return new Date(now - Number(duration[1]) * UNIT_MS[duration[2]!.toLowerCase()]!);
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed)) return undefined;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const TIME_MESSAGE = "must be a duration such as 30m, 2h or 7d, or an ISO date";
const timeSchema = (name: string) =>
  z
    .string()
    .transform((value, ctx) => {
      const date = parseTimeAgo(value);
      if (!date) {
        ctx.addIssue({ code: "custom", message: `${name} ${TIME_MESSAGE}` });
        return z.NEVER;
      }
      return date;
    });

/** Which failures: every field narrows; none means all of them. */
export const failureFilterSchema = z.object({
  queue: z.enum(FAILURE_QUEUES, { error: `queue must be one of ${FAILURE_QUEUES.join(", ")}` }).optional(),
  reason: z.string().trim().min(1).max(300, "reason is at most 300 characters").optional(),
  /** An email address or a user id. */
  user: z.string().trim().min(1).max(320, "user is an email address or a user id").optional(),
  /** A host; its subdomains match too. */
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/, "domain must be a host name such as example.com")
    .optional(),
  since: timeSchema("since").optional(),
  until: timeSchema("until").optional(),
});
export type FailureFilter = z.infer<typeof failureFilterSchema>;
/** The same filter before parsing (what a query string or the command line hands over). */
export type FailureFilterInput = z.input<typeof failureFilterSchema>;

/** Which enriched links to enrich again (the case of switching models). */
export const reenrichFilterObject = z.object({
  user: z.string().trim().min(1).max(320).optional(),
  /** An engine label ("openai/gpt-4o-mini") or a provider ("local"). */
  engine: z.string().trim().min(1).max(200).optional(),
  /** Enriched before this time. */
  before: timeSchema("before").optional(),
});
/** Re-enriching everything by accident would be costly: at least one field is required. */
export const REENRICH_TARGET = {
  check: (filter: { user?: unknown; engine?: unknown; before?: unknown }) =>
    filter.user !== undefined || filter.engine !== undefined || filter.before !== undefined,
  message: "Say which links to re-enrich: user, engine or before (or several).",
};
export const reenrichFilterSchema = reenrichFilterObject.refine(REENRICH_TARGET.check, { message: REENRICH_TARGET.message });
export type ReenrichFilter = z.infer<typeof reenrichFilterSchema>;

export interface QueueCounts {
  waiting: number;
  prioritized: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

export interface QueueStats {
  name: JobQueueName;
  paused: boolean;
  counts: QueueCounts;
  /** The job that has waited longest (waiting or prioritized), or null when none waits. */
  oldestWaiting: { id: string; enqueuedAt: string; ageMs: number } | null;
  /** Jobs finished per minute over the last hour, oldest minute first (the last is the current one). */
  perMinute: { from: string; completed: number[]; failed: number[] };
  lastHour: { completed: number; failed: number };
}

export interface JobsStats {
  queues: QueueStats[];
  /** Failed rows in Postgres, whatever Redis still holds. */
  failures: { total: number; links: number; artifacts: number };
  workers: { live: number; lost: number };
  at: string;
}

export interface PublicFailure {
  kind: FailureKind;
  /** The link's or the on-demand result's id; it is also its job's id. */
  id: string;
  linkId: string;
  queue: FailureQueue;
  reason: string;
  user: { id: string; email: string };
  domain: string;
  url: string;
  failedAt: string;
  /** The BullMQ job's state, or "missing" when Redis no longer holds it (the row can still be replayed). */
  job: string;
}

export interface FailureGroup {
  reason: string;
  count: number;
  links: number;
  artifacts: number;
  lastFailedAt: string;
}

export interface FailurePage {
  total: number;
  groups: FailureGroup[];
  items: PublicFailure[];
  nextCursor: string | null;
}

export interface JobAttempt {
  number: number;
  startedAt: string | null;
  finishedAt: string | null;
  outcome: "failed" | "succeeded" | "running" | "postponed";
  error: string | null;
  stack: string | null;
}

export interface JobLogLine {
  at: string | null;
  message: string;
}

export interface JobDetail {
  queue: JobQueueName;
  id: string;
  name: string;
  state: string;
  data: unknown;
  priority: number;
  attemptsMade: number;
  maxAttempts: number;
  createdAt: string;
  processedAt: string | null;
  finishedAt: string | null;
  failedReason: string | null;
  attempts: JobAttempt[];
  logs: JobLogLine[];
}

export interface FailureDetail {
  kind: FailureKind | "job";
  id: string;
  queue: JobQueueName;
  link: {
    id: string;
    url: string;
    status: string;
    error: string | null;
    title: string | null;
    engine: string | null;
    createdAt: string;
    updatedAt: string;
    enrichedAt: string | null;
  } | null;
  artifact: { id: string; kind: string; variant: string; status: string; error: string | null; updatedAt: string } | null;
  owner: { id: string; email: string; role: string } | null;
  /** What the job carries (or would carry, when it is gone). */
  payload: unknown;
  job: JobDetail | null;
  /** Why there is no job, in words, when there is none. */
  jobMissing: string | null;
}

export interface RetryOneResult {
  id: string;
  kind: FailureKind | "job";
  queue: JobQueueName;
  /** "queued": replayed now; the row was failed and is pending again. */
  outcome: "queued";
}

export interface BulkResult {
  /** Rows the filter matched (at most MAX_BULK are looked at per call). */
  matched: number;
  /** Rows put back on the queue by this call. */
  queued: number;
  /** Rows left alone, by reason. */
  skipped: { alreadyQueued: number; noEnrichmentLeft: number };
  /** More rows match than one call handles: call again. */
  more: boolean;
  dryRun: boolean;
}

export interface WorkerInfo {
  id: string;
  hostname: string;
  pid: number;
  queues: string[];
  concurrency: number | null;
  startedAt: string;
  lastBeatAt: string;
  jobsDone: number;
  jobsFailed: number;
  running: Array<{ queue: string; id: string; name: string; startedAt: string }>;
  /** Lost: no beat for two of its heartbeat intervals. */
  status: "live" | "lost";
}
