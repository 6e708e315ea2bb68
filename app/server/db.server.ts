import { Kysely, PostgresDialect, type Transaction } from "kysely";
import pg from "pg";
import type { DB } from "./db-schema.server";
import { env } from "./env.server";
import { StripNulPlugin } from "./strip-nul-plugin.server";

export type { DB } from "./db-schema.server";
/** What repo functions take first, so callers can group several calls in one transaction. */
export type Database = Kysely<DB> | Transaction<DB>;

// Postgres BIGINT (counts) arrive as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function createDb(connectionString: string, max = 10): Kysely<DB> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => undefined);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new StripNulPlugin()] });
}

// Kept on globalThis so dev rebuilds (and the Express server importing the same module
// as the Remix build) share one pool.
const globalStore = globalThis as unknown as { __linkwiseDb?: Kysely<DB> };

export function db(): Kysely<DB> {
  globalStore.__linkwiseDb ??= createDb(env().DATABASE_URL, env().DATABASE_POOL_MAX);
  return globalStore.__linkwiseDb;
}

export async function closeDb(): Promise<void> {
  const instance = globalStore.__linkwiseDb;
  globalStore.__linkwiseDb = undefined;
  await instance?.destroy();
}
