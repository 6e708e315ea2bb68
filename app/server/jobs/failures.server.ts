import { isDatabaseUnavailable } from "../platform/db.server";

/**
 * Which failures are worth retrying. A lost connection, a timeout or a database that is
 * restarting may pass on the next attempt; a data error, a bug or a refused page will fail
 * the same way every time, so retrying only delays the answer the user sees.
 */

// Beyond an unreachable database (db.server.ts): SQLSTATE 40 rollback (deadlock, serialization),
// 53 resources, 57 operator intervention, 58 system errors, 55P03 lock not available.
const TRANSIENT_SQLSTATE = /^(40|53|57|58)...$|^55P03$/;

// ioredis reports a lost or unready connection with these messages.
const TRANSIENT_MESSAGES = /Connection is closed|Reached the max retries per request|Redis is not reachable|Stream isn't writeable/i;

/** True when the same work may succeed later; errors that say so themselves (`permanent`) decide for themselves. */
export function isTransientError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { permanent, code, message, name } = error as { permanent?: unknown; code?: unknown; message?: unknown; name?: unknown };
  if (typeof permanent === "boolean") return !permanent;
  if (isDatabaseUnavailable(error)) return true;
  if (typeof code === "string" && TRANSIENT_SQLSTATE.test(code)) return true;
  if (name === "MaxRetriesPerRequestError") return true;
  return typeof message === "string" && TRANSIENT_MESSAGES.test(message);
}
