import { sql } from "kysely";
import type { Database } from "../platform/db.server";

/**
 * Records a sign-in attempt before its password is checked, unless the email or the address
 * already has `max` attempts since `since`: then nothing is recorded and the counts come back.
 * Attempts for the same email or address take turns (transaction-scoped advisory locks, always
 * taken email first), so however many arrive at once, exactly the first `max` are recorded.
 */
export async function reserveAuthAttempt(
  db: Database,
  attempt: { email: string; ip: string },
  since: Date,
  max: number,
): Promise<{ id: number } | { refused: { email: AttemptCount; ip: AttemptCount } }> {
  return db.transaction().execute(async (trx) => {
    // Two lock classes (1: email, 2: address), so an email can never share a lock with an address.
    await sql`select pg_advisory_xact_lock(1, hashtext(${attempt.email}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(2, hashtext(${attempt.ip}))`.execute(trx);
    const counts = await countAuthAttempts(trx, attempt, since);
    if (counts.email.count >= max || counts.ip.count >= max) return { refused: counts };
    const row = await trx.insertInto("auth_failures").values(attempt).returning("id").executeTakeFirstOrThrow();
    return { id: row.id };
  });
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
