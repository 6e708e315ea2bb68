import { Kysely, PostgresDialect, type Transaction } from "kysely";
import pg from "pg";
import type { DB } from "./db-schema.server";
import { env } from "./env.server";
import { dropSingleton, singleton } from "./singleton.server";
import { StripNulPlugin } from "./strip-nul-plugin.server";

export type { DB } from "./db-schema.server";
/** What repo functions take first, so callers can group several calls in one transaction. */
export type Database = Kysely<DB> | Transaction<DB>;

// Postgres BIGINT (counts) arrive as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function createDb(connectionString: string, max = 10): Kysely<DB> {
  // keepAlive: a peer that vanished without closing the socket is noticed instead of waited on.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000, keepAlive: true });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => undefined);
  // Nor may a checked-out one (a restart mid-transaction): the pool listens only while a client
  // is idle, and an 'error' with no listener ends the process. The query in flight fails on its
  // own, and the pool drops the broken client when it is released.
  pool.on("connect", (client) => client.on("error", () => undefined));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new StripNulPlugin()] });
}

// SQLSTATEs of a server that is restarting, shutting down or full: try again shortly.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
// pg's own wording for a lost connection or a pool that could not get one in time.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
];

/** Whether an error is Postgres refusing a duplicate under the named unique constraint (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const { code, constraint: violated } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === "23505" && violated === constraint;
}

/**
 * Whether an error means Postgres cannot be reached right now (down, restarting, connection
 * lost), as opposed to a bad query: callers answer 503 or retry later instead of failing.
 * The socket codes are not pg's alone; any of our own services refusing connections is an
 * outage on our side too, never the user's fault.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_SOCKET_CODES.has(code))) {
    return true;
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Node reports a refused connection to every address of a host as an AggregateError.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

const DB_SINGLETON = "db";

/** The process's one pool, shared across dev rebuilds and by the Express server and the Remix build. */
export function db(): Kysely<DB> {
  return singleton(DB_SINGLETON, () => createDb(env().DATABASE_URL, env().DATABASE_POOL_MAX));
}

export async function closeDb(): Promise<void> {
  await dropSingleton<Kysely<DB>>(DB_SINGLETON)?.destroy();
}
