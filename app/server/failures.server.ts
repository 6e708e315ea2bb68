/**
 * Which failures are worth retrying. A lost connection, a timeout or a database that is
 * restarting may pass on the next attempt; a data error, a bug or a refused page will fail
 * the same way every time, so retrying only delays the answer the user sees.
 */

// SQLSTATE classes: 08 connection, 40 rollback (deadlock, serialization), 53 resources,
// 57 operator intervention (shutdown, restart), 58 system errors; 55P03 lock not available.
const TRANSIENT_SQLSTATE = /^(08|40|53|57|58)|^55P03$/;

const TRANSIENT_SYSTEM_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

// pg and ioredis report lost connections as plain Errors with these messages.
const TRANSIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Reached the max retries per request|Redis is not reachable|the database system is (starting up|shutting down|in recovery mode)/i;

/** True when the same work may succeed later; errors that say so themselves (`permanent`) decide for themselves. */
export function isTransientError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { permanent, code, message, name } = error as { permanent?: unknown; code?: unknown; message?: unknown; name?: unknown };
  if (typeof permanent === "boolean") return !permanent;
  if (typeof code === "string" && (TRANSIENT_SYSTEM_CODES.has(code) || (code.length === 5 && TRANSIENT_SQLSTATE.test(code)))) return true;
  if (name === "MaxRetriesPerRequestError") return true;
  return typeof message === "string" && TRANSIENT_MESSAGES.test(message);
}
