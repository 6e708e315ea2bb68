import { sql } from "kysely";
import type { Database } from "../db.server";

export async function insertAuthFailure(db: Database, failure: { email: string; ip: string }): Promise<void> {
  await db.insertInto("auth_failures").values(failure).execute();
}

/** Failures for one key since `since`, and the oldest of them (it decides when the window frees up). */
export async function countAuthFailures(
  db: Database,
  key: { column: "email" | "ip"; value: string },
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom("auth_failures")
    .select([sql<number>`count(*)::int`.as("count"), sql<Date | null>`min(created_at)`.as("oldest")])
    .where(key.column, "=", key.value)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return { count: row.count, oldest: row.oldest };
}

export async function deleteAuthFailuresForEmail(db: Database, email: string): Promise<void> {
  await db.deleteFrom("auth_failures").where("email", "=", email).execute();
}

export async function deleteAuthFailuresBefore(db: Database, before: Date): Promise<void> {
  await db.deleteFrom("auth_failures").where("created_at", "<", before).execute();
}
