import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { SessionKind, User } from "../platform/db-schema.server";

export async function insertAuthSession(
  db: Database,
  session: { userId: string; tokenHash: string; kind: SessionKind; expiresAt: Date; userAgent?: string | null; ip?: string | null },
): Promise<{ id: string }> {
  return db
    .insertInto("auth_sessions")
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      kind: session.kind,
      expires_at: session.expiresAt,
      user_agent: session.userAgent?.slice(0, 300) ?? null,
      ip: session.ip ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/**
 * The unexpired session for a token hash, with its user and whether it was revoked; undefined
 * when unknown or expired.
 */
export async function getSessionWithUser(
  db: Database,
  tokenHash: string,
): Promise<{ sessionId: string; kind: SessionKind; lastUsedAt: Date; authenticatedAt: Date; revoked: boolean; user: User } | undefined> {
  const row = await db
    .selectFrom("auth_sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .selectAll("u")
    .select([
      "s.id as session_id",
      "s.kind as session_kind",
      "s.last_used_at as session_last_used_at",
      "s.authenticated_at as session_authenticated_at",
      "s.revoked_at as session_revoked_at",
    ])
    .where("s.token_hash", "=", tokenHash)
    .where("s.expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_kind, session_last_used_at, session_authenticated_at, session_revoked_at, ...user } = row;
  return {
    sessionId: session_id,
    kind: session_kind,
    lastUsedAt: session_last_used_at,
    authenticatedAt: session_authenticated_at,
    revoked: session_revoked_at !== null,
    user,
  };
}

/**
 * Records that the session's owner has just proved who they are (decision 048); returns the
 * time written, or null when the session is gone (ended meanwhile), revoked or not theirs.
 */
export async function markSessionAuthenticated(db: Database, session: { id: string; userId: string }): Promise<Date | null> {
  const row = await db
    .updateTable("auth_sessions")
    .set({ authenticated_at: sql<Date>`now()` })
    .where("id", "=", session.id)
    .where("user_id", "=", session.userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("authenticated_at")
    .executeTakeFirst();
  return row?.authenticated_at ?? null;
}

/**
 * Records a request on the session and as the user's last activity, each at most once per
 * `intervalMs`: the conditions make concurrent requests (and several sessions of one user)
 * write once, not once each.
 */
export async function touchAuthSession(db: Database, session: { id: string; userId: string }, intervalMs: number): Promise<void> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - intervalMs);
  await db.updateTable("auth_sessions").set({ last_used_at: now }).where("id", "=", session.id).where("last_used_at", "<", cutoff).execute();
  await db
    .updateTable("users")
    .set({ last_active_at: now })
    .where("id", "=", session.userId)
    .where((eb) => eb.or([eb("last_active_at", "is", null), eb("last_active_at", "<", cutoff)]))
    .execute();
}

/** Ends every live session and token of a user, keeping the rows (see `revoked_at`); returns how many. */
export async function revokeAuthSessionsForUser(db: Database, userId: string): Promise<number> {
  const result = await db
    .updateTable("auth_sessions")
    .set({ revoked_at: new Date() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteAuthSession(db: Database, sessionId: string): Promise<void> {
  await db.deleteFrom("auth_sessions").where("id", "=", sessionId).execute();
}

/** Ends every session and token of a user, except optionally one. */
export async function deleteAuthSessionsForUser(db: Database, userId: string, exceptSessionId?: string): Promise<number> {
  let query = db.deleteFrom("auth_sessions").where("user_id", "=", userId);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredAuthSessions(db: Database): Promise<number> {
  const result = await db.deleteFrom("auth_sessions").where("expires_at", "<=", sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
