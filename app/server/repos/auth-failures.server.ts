import { sql } from "kysely";
import type { Database } from "../db.server";

/**
 * A sign-in attempt, recorded before the password is checked so that attempts sent at once
 * are counted too. It stays as a failure unless the attempt succeeds or is refused.
 */
export async function insertAuthAttempt(db: Database, attempt: { email: string; ip: string }): Promise<number> {
  const row = await db.insertInto("auth_failures").values(attempt).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteAuthAttempt(db: Database, id: number): Promise<void> {
  await db.deleteFrom("auth_failures").where("id", "=", id).execute();
}

/** Attempts for one key since `since`, and the oldest of them (it decides when the window frees up). */
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
