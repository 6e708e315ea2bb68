import { sql } from "kysely";
import type { Database } from "../platform/db.server";

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

export interface AttemptCount {
  count: number;
  /** The oldest attempt: it decides when the window frees up. */
  oldest: Date | null;
}

/** Attempts since `since` for one email and for one address, in one query. */
export async function countAuthAttempts(
  db: Database,
  key: { email: string; ip: string },
  since: Date,
): Promise<{ email: AttemptCount; ip: AttemptCount }> {
  const row = await db
    .selectFrom("auth_failures")
    .select([
      sql<number>`count(*) filter (where email = ${key.email})::int`.as("emailCount"),
      sql<Date | null>`min(created_at) filter (where email = ${key.email})`.as("emailOldest"),
      sql<number>`count(*) filter (where ip = ${key.ip})::int`.as("ipCount"),
      sql<Date | null>`min(created_at) filter (where ip = ${key.ip})`.as("ipOldest"),
    ])
    .where((eb) => eb.or([eb("email", "=", key.email), eb("ip", "=", key.ip)]))
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return {
    email: { count: row.emailCount, oldest: row.emailOldest },
    ip: { count: row.ipCount, oldest: row.ipOldest },
  };
}

export async function deleteAuthFailuresForEmail(db: Database, email: string): Promise<void> {
  await db.deleteFrom("auth_failures").where("email", "=", email).execute();
}

export async function deleteAuthFailuresBefore(db: Database, before: Date): Promise<void> {
  await db.deleteFrom("auth_failures").where("created_at", "<", before).execute();
}
