import { sql } from "kysely";
import type { Database } from "../platform/db.server";

/** Resolves once Postgres answers a trivial query: health checks and start-up waits. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Takes a transaction-scoped advisory lock named `key`: concurrent runs of the same task (two
 * processes starting at once) take turns, and the lock goes with the transaction.
 */
export async function lockForTransaction(db: Database, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

/** `text` with `%`, `_` and `\` escaped, to match literally inside a LIKE / ILIKE pattern. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}
