import { UnrecoverableError } from "bullmq";
import { isDatabaseUnavailable } from "../platform/db.server";
import { isPermanentFailure, isReadableFailure, postponementOf } from "../platform/failure-classes.server";
import { log } from "../platform/logger.server";

/**
 * Which failures are worth retrying. A lost connection, a timeout or a database that is
 * restarting may pass on the next attempt; a data error, a bug or a refused page will fail
 * the same way every time, so retrying only delays the answer the user sees. The errors of the
 * failure table (platform/failure-classes.server.ts) follow their row; the rules here are for
 * the rest: our database, Redis and code.
 */

// Beyond an unreachable database (db.server.ts): SQLSTATE 40 rollback (deadlock, serialization),
// 53 resources, 57 operator intervention, 58 system errors, 55P03 lock not available.
const TRANSIENT_SQLSTATE = /^(40|53|57|58)...$|^55P03$/;

// ioredis reports a lost or unready connection with these messages.
const TRANSIENT_MESSAGES = /Connection is closed|Reached the max retries per request|Redis is not reachable|Stream isn't writeable/i;

/** True when the same work may succeed later: the failure table's row, else errors that say so themselves (`permanent`), else ours. */
export function isTransientError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  // Already decided: BullMQ fails it at once.
  if (error instanceof UnrecoverableError) return false;
  const known = isPermanentFailure(error);
  if (known !== undefined) return !known;
  const { permanent, code, message, name } = error as { permanent?: unknown; code?: unknown; message?: unknown; name?: unknown };
  if (typeof permanent === "boolean") return !permanent;
  if (isDatabaseUnavailable(error)) return true;
  if (typeof code === "string" && TRANSIENT_SQLSTATE.test(code)) return true;
  if (name === "MaxRetriesPerRequestError") return true;
  return typeof message === "string" && TRANSIENT_MESSAGES.test(message);
}

/**
 * How long the job should wait before it runs again when an outside party asked us to come
 * back later (a model's 429): not the job's fault, so the worker puts it back without spending
 * an attempt. Undefined for any other error. The failure table's `postpone` rows say which.
 */
export { postponementOf };

/**
 * A failure that will happen again on every attempt. It is BullMQ's UnrecoverableError, so the
 * job fails at once instead of spending its retries.
 */
export class PermanentJobError extends UnrecoverableError {
  override name = "PermanentJobError";

  /** `cause`: the error behind it, whose stack joins this one's (BullMQ keeps only the stack). */
  constructor(message: string, cause?: unknown) {
    super(message);
    // Kept whole too: the failure metrics classify by what really failed.
    this.cause = cause;
    if (cause instanceof Error && cause.stack) this.stack = `${this.stack ?? message}\nCaused by: ${cause.stack}`;
  }
}

/** The work was finished by another run meanwhile: roll back what this run did and skip. */
export class AlreadyDone extends Error {}

/**
 * The one policy for a job that failed, shared by saved links and on-demand results:
 * - our database being out, or a party asking us to come back later, is not the item's fault:
 *   rethrown as is, the item stays pending;
 * - errors the failure table calls readable (a fetch, a page, the browser, a model) show their
 *   own message, any other shows `fallbackReason` (and is logged: it is ours to fix);
 * - what may pass later is retried, and recorded on the item only on the final attempt;
 * - what will fail the same way again is recorded now and fails the job without retries.
 */
export async function settleJobFailure(
  error: unknown,
  options: {
    finalAttempt: boolean;
    fallbackReason: string;
    record: (reason: string) => Promise<void>;
    context: Record<string, unknown>;
  },
): Promise<never> {
  if (isDatabaseUnavailable(error) || postponementOf(error) !== undefined) throw error;
  const known = isReadableFailure(error);
  const reason = known ? (error as Error).message : options.fallbackReason;
  const permanent = !isTransientError(error);
  if (!known) log.error("job failed on our side", { ...options.context, permanent, error });
  if (permanent || options.finalAttempt) await options.record(reason);
  if (permanent) throw new PermanentJobError(reason, error);
  throw error;
}
