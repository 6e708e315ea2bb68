import { UnrecoverableError } from "bullmq";

/**
 * The one failure classifier (issue #32, decision 037). For each kind of error a job can end
 * with, one row says what the user reads, the class the failure metric counts it under, and
 * whether the job runs again: jobs/failures.server.ts settles a failed link or result by it, the
 * worker counts failures and postpones jobs by it.
 *
 * The error classes are declared here, below every room that throws them (fetching, enrichment,
 * jobs), so the table names them without importing those rooms; their old modules re-export
 * them, and code throws and catches them as before.
 */

// ---------------------------------------------------------------------------------- the errors

/** What went wrong with a fetch, for code to branch on; the message is for people and may be reworded. */
export type FetchFailure =
  | "invalid-address"
  | "blocked"
  | "not-found"
  | "timeout"
  | "refused"
  | "reset"
  | "tls"
  | "network"
  | "too-many-redirects"
  | "http-status"
  | "not-a-page"
  | "too-large";

/** A failed fetch with a short reason a person can read. Permanent ones are not retried. */
export class FetchError extends Error {
  /**
   * A 429 or 503 that said when to come back (Retry-After), and the host that said it. Not a
   * postponement in the table below: that would make the worker postpone the whole queue;
   * host-limits.server.ts makes only that host's jobs wait.
   */
  serverWait?: { ms: number; host: string };

  constructor(
    message: string,
    readonly permanent: boolean,
    readonly kind: FetchFailure = "network",
  ) {
    super(message);
    this.name = "FetchError";
  }
}

/** A page that was fetched but can never be read, with a reason a person can read. */
export class PageError extends Error {
  override name = "PageError";
}

/** A page the browser could not render; transient unless the address itself was refused. */
export class BrowserError extends Error {
  override name = "BrowserError";
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** The model failed, with a reason a person can read. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

/**
 * The model server answered 429: it wants fewer calls, not different input. `retryAfterMs` (its
 * Retry-After, else a default) tells the worker to put the job back for that long without
 * spending one of its attempts (its row below).
 */
export class LlmRateLimitError extends LlmError {
  constructor(readonly retryAfterMs: number) {
    super("The model server asked us to slow down (429 Too Many Requests)", false);
    this.name = "LlmRateLimitError";
  }
}

/**
 * The page has too little text for the result asked for: the page's doing, not ours. The message
 * is shown to the user, and the job fails at once (another attempt reads the same text).
 */
export class PageTooThinError extends Error {
  override name = "PageTooThinError";
}

/** A job whose data does not fit its queue's schema: it can never succeed. */
export class InvalidPayloadError extends UnrecoverableError {
  override name = "InvalidPayloadError";
}

// ----------------------------------------------------------------------------------- the table

/**
 * What the job does next:
 * - `postpone`: not the job's fault; it is put back without spending an attempt, for as long as
 *   the error asks (`postponeMs`), and the item stays pending;
 * - `permanent`: it would fail the same way every time: recorded now, no retries;
 * - `as-error-says`: the error's own `permanent` decides (a 404 is, a timeout is not).
 */
export type RetryRule = "postpone" | "permanent" | "as-error-says";

/**
 * The failure metric's `reason` label: a few fixed names, never a message (which names addresses
 * and statuses). `ours` is everything the table does not know: ours to fix.
 */
export type MetricClass = `fetch-${FetchFailure}` | "page" | "browser" | "model" | "payload" | "ours";

export interface FailureClass<E extends Error = Error> {
  type: abstract new (...args: never[]) => E;
  /** `readable`: the user reads the error's own message; `fallback`: the job's generic reason (and we log it). */
  userReason: "readable" | "fallback";
  metricClass: MetricClass | ((error: E) => MetricClass);
  retry: RetryRule;
  /** For `postpone`: how long, in ms. */
  postponeMs?: (error: E) => number;
}

const row = <E extends Error>(failure: FailureClass<E>) => failure as unknown as FailureClass;

/** First match wins: a subclass comes before its base class. */
export const FAILURE_CLASSES: readonly FailureClass[] = [
  row({ type: LlmRateLimitError, userReason: "readable", metricClass: "model", retry: "postpone", postponeMs: (error) => error.retryAfterMs }),
  row({ type: LlmError, userReason: "readable", metricClass: "model", retry: "as-error-says" }),
  row({ type: FetchError, userReason: "readable", metricClass: (error) => `fetch-${error.kind}`, retry: "as-error-says" }),
  row({ type: PageError, userReason: "readable", metricClass: "page", retry: "permanent" }),
  row({ type: PageTooThinError, userReason: "readable", metricClass: "page", retry: "permanent" }),
  row({ type: BrowserError, userReason: "readable", metricClass: "browser", retry: "as-error-says" }),
  row({ type: InvalidPayloadError, userReason: "fallback", metricClass: "payload", retry: "permanent" }),
];

/** What the table says of one error. */
export interface Classified {
  /** The row that matched; undefined for an error the table does not know (ours). */
  failure: FailureClass | undefined;
  /** The error that matched it: the error itself or one of its causes. */
  matched: unknown;
}

/**
 * The row for an error. A failure that wraps what really failed as its `cause` (a permanent job
 * failure does) is classified by that cause.
 */
export function classifyFailure(error: unknown): Classified {
  for (let current = error, depth = 0; current && depth < 5; current = (current as Error).cause, depth++) {
    const failure = FAILURE_CLASSES.find((candidate) => current instanceof candidate.type);
    if (failure) return { failure, matched: current };
  }
  return { failure: undefined, matched: error };
}

/** The failure metric's class of an error. */
export function metricClassOf(error: unknown): MetricClass {
  const { failure, matched } = classifyFailure(error);
  if (!failure) return "ours";
  return typeof failure.metricClass === "function" ? failure.metricClass(matched as Error) : failure.metricClass;
}

/** Whether the user reads the error's own message (else the job's fallback reason). */
export function isReadableFailure(error: unknown): boolean {
  return classifyFailure(error).failure?.userReason === "readable";
}

/** How long to put the job back for, when its row says to postpone; undefined otherwise. */
export function postponementOf(error: unknown): number | undefined {
  const { failure, matched } = classifyFailure(error);
  if (failure?.retry !== "postpone" || !failure.postponeMs) return undefined;
  const ms = failure.postponeMs(matched as Error);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/**
 * Whether the table knows the error will fail the same way again (true), may pass later
 * (false), or does not know it (undefined: the caller's own rules decide).
 */
export function isPermanentFailure(error: unknown): boolean | undefined {
  const { failure, matched } = classifyFailure(error);
  if (!failure) return undefined;
  if (failure.retry === "postpone") return false;
  if (failure.retry === "permanent") return true;
  const { permanent } = matched as { permanent?: unknown };
  return permanent === true;
}
