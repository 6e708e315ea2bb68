import * as z from "zod";
import { QUEUE_NAMES, type QueueName } from "./vocabulary";

/**
 * The jobs console's vocabulary, shared by its API, its page and the command line: queue
 * names, the failure filter and what each answer looks like.
 */
export { QUEUE_NAMES };
export type JobQueueName = QueueName;

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
  reason: z
    .string()
    .trim()
    .min(1)
    .max(300, "reason is at most 300 characters")
    .describe('Any part of the reason, in any case: "404" finds "The page answered 404 Not Found".')
    .optional(),
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

const timestamp = () => z.iso.datetime({ offset: true });
const queueNameSchema = z.enum(QUEUE_NAMES);
const failureKindSchema = z.enum(["link", "artifact"]);
const count = () => z.number().int();

export const queueCountsSchema = z.object({ waiting: count(), prioritized: count(), active: count(), delayed: count(), failed: count(), completed: count() });
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const queueStatsSchema = z.object({
  name: queueNameSchema,
  paused: z.boolean(),
  counts: queueCountsSchema,
  oldestWaiting: z
    .object({ id: z.string(), enqueuedAt: timestamp(), ageMs: z.number() })
    .nullable()
    .describe("The job that has waited longest (waiting or prioritized), or null when none waits."),
  perMinute: z
    .object({ from: timestamp(), completed: z.array(count()), failed: z.array(count()) })
    .describe("Jobs finished per minute over the last hour, oldest minute first (the last is the current one)."),
  lastHour: z.object({ completed: count(), failed: count() }),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

export const jobsStatsSchema = z
  .object({
    queues: z.array(queueStatsSchema),
    failures: z.object({ total: count(), links: count(), artifacts: count() }).describe("Failed rows in Postgres, whatever Redis still holds."),
    workers: z.object({ live: count(), lost: count() }),
    at: timestamp(),
  })
  .meta({ id: "JobsStats" });
export type JobsStats = z.infer<typeof jobsStatsSchema>;

export const publicFailureSchema = z
  .object({
    kind: failureKindSchema,
    id: z.string().describe("The link's or the on-demand result's id; it is also its job's id."),
    linkId: z.string(),
    queue: z.enum(FAILURE_QUEUES),
    reason: z.string(),
    user: z.object({ id: z.string(), email: z.string() }),
    domain: z.string(),
    url: z.string(),
    failedAt: timestamp(),
    job: z.string().describe('The BullMQ job\'s state, or "missing" when Redis no longer holds it (the row can still be replayed).'),
  })
  .meta({ id: "JobFailure" });
export type PublicFailure = z.infer<typeof publicFailureSchema>;

export const failureGroupSchema = z.object({ reason: z.string(), count: count(), links: count(), artifacts: count(), lastFailedAt: timestamp() });
export type FailureGroup = z.infer<typeof failureGroupSchema>;

/** How many failures have one reason. */
export const reasonCountSchema = z.object({ reason: z.string(), count: count() });
export type ReasonCount = z.infer<typeof reasonCountSchema>;

/** At most this many reasons are listed when a reason filter matched nothing. */
export const OTHER_REASONS_MAX = 20;

const otherReasons = () =>
  z
    .array(reasonCountSchema)
    .optional()
    .describe(
      `Only when a reason filter matched nothing: the reasons the other filters do match, most frequent first (at most ${OTHER_REASONS_MAX}), so the next try can name one.`,
    );

export const failurePageSchema = z
  .object({
    total: count(),
    groups: z.array(failureGroupSchema),
    items: z.array(publicFailureSchema),
    nextCursor: z.string().nullable(),
    otherReasons: otherReasons(),
  })
  .meta({ id: "FailurePage" });
export type FailurePage = z.infer<typeof failurePageSchema>;

export const jobAttemptSchema = z.object({
  number: count(),
  startedAt: timestamp().nullable(),
  finishedAt: timestamp().nullable(),
  outcome: z.enum(["failed", "succeeded", "running", "postponed"]),
  error: z.string().nullable(),
  stack: z.string().nullable(),
});
export type JobAttempt = z.infer<typeof jobAttemptSchema>;

export const jobLogLineSchema = z.object({ at: timestamp().nullable(), message: z.string() });
export type JobLogLine = z.infer<typeof jobLogLineSchema>;

export const jobDetailSchema = z.object({
  queue: queueNameSchema,
  id: z.string(),
  name: z.string(),
  state: z.string(),
  data: z.unknown(),
  priority: z.number(),
  attemptsMade: count(),
  maxAttempts: count(),
  createdAt: timestamp(),
  processedAt: timestamp().nullable(),
  finishedAt: timestamp().nullable(),
  failedReason: z.string().nullable(),
  attempts: z.array(jobAttemptSchema),
  logs: z.array(jobLogLineSchema),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const failureDetailSchema = z
  .object({
    kind: z.enum(["link", "artifact", "job"]),
    id: z.string(),
    queue: queueNameSchema,
    link: z
      .object({
        id: z.string(),
        url: z.string(),
        status: z.string(),
        error: z.string().nullable(),
        title: z.string().nullable(),
        engine: z.string().nullable(),
        createdAt: timestamp(),
        updatedAt: timestamp(),
        enrichedAt: timestamp().nullable(),
      })
      .nullable(),
    artifact: z.object({ id: z.string(), kind: z.string(), variant: z.string(), status: z.string(), error: z.string().nullable(), updatedAt: timestamp() }).nullable(),
    owner: z.object({ id: z.string(), email: z.string(), role: z.string() }).nullable(),
    payload: z.unknown().describe("What the job carries (or would carry, when it is gone)."),
    job: jobDetailSchema.nullable(),
    jobMissing: z.string().nullable().describe("Why there is no job, in words, when there is none."),
  })
  .meta({ id: "FailureDetail" });
export type FailureDetail = z.infer<typeof failureDetailSchema>;

export const retryOneResultSchema = z.object({
  id: z.string(),
  kind: z.enum(["link", "artifact", "job"]),
  queue: queueNameSchema,
  outcome: z.literal("queued").describe("Replayed now; the row was failed and is pending again."),
});
export type RetryOneResult = z.infer<typeof retryOneResultSchema>;

export const bulkResultSchema = z
  .object({
    matched: count().describe(`Rows the filter matched (at most ${MAX_BULK} are looked at per call).`),
    queued: count().describe("Rows put back on the queue by this call."),
    skipped: z.object({ alreadyQueued: count(), noEnrichmentLeft: count() }).describe("Rows left alone, by reason."),
    more: z.boolean().describe("More rows match than one call handles: call again."),
    dryRun: z.boolean(),
    otherReasons: otherReasons(),
  })
  .meta({ id: "BulkJobResult" });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const workerInfoSchema = z
  .object({
    id: z.string(),
    hostname: z.string(),
    pid: count(),
    queues: z.array(z.string()),
    concurrency: count().nullable(),
    startedAt: timestamp(),
    lastBeatAt: timestamp(),
    jobsDone: count(),
    jobsFailed: count(),
    running: z.array(z.object({ queue: z.string(), id: z.string(), name: z.string(), startedAt: timestamp() })),
    status: z.enum(["live", "lost"]).describe("Lost: no beat for two of its heartbeat intervals."),
  })
  .meta({ id: "Worker" });
export type WorkerInfo = z.infer<typeof workerInfoSchema>;

/** The answers of the console's one-job and per-queue actions. */
export const promotedJobSchema = z.object({ id: z.string(), queue: queueNameSchema, promoted: z.literal(true) });
export const removedJobSchema = z.object({
  id: z.string(),
  queue: queueNameSchema,
  removed: z.literal(true),
  previousState: z.enum(["unknown", "failed", "completed", "delayed", "prioritized", "waiting", "waiting-children"]),
});
export const queuePausedSchema = z.object({ queue: queueNameSchema, paused: z.boolean() });
