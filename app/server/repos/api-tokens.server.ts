import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { ApiTokenRow, ApiTokenScope, User } from "../platform/db-schema.server";

export async function insertApiToken(
  db: Database,
  token: { userId: string; name: string; tokenHash: string; scopes: ApiTokenScope[]; expiresAt: Date | null },
): Promise<ApiTokenRow> {
  return db
    .insertInto("api_tokens")
    .values({ user_id: token.userId, name: token.name, token_hash: token.tokenHash, scopes: token.scopes, expires_at: token.expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's tokens that are not revoked, newest first (expired ones stay listed as expired). */
export async function listApiTokens(db: Database, userId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom("api_tokens")
    .selectAll()
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function countActiveApiTokens(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("api_tokens")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A usable token for a hash (not revoked, not expired) with its user; undefined otherwise. */
export async function getApiTokenWithUser(db: Database, tokenHash: string): Promise<{ token: ApiTokenRow; user: User } | undefined> {
  const row = await db
    .selectFrom("api_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .selectAll("u")
    .select([
      "t.id as token_id",
      "t.user_id as token_user_id",
      "t.name as token_name",
      "t.token_hash as token_token_hash",
      "t.scopes as token_scopes",
      "t.expires_at as token_expires_at",
      "t.last_used_at as token_last_used_at",
      "t.revoked_at as token_revoked_at",
      "t.created_at as token_created_at",
    ])
    .where("t.token_hash", "=", tokenHash)
    .where("t.revoked_at", "is", null)
    .where((eb) => eb.or([eb("t.expires_at", "is", null), eb("t.expires_at", ">", sql<Date>`now()`)]))
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    token_id,
    token_user_id,
    token_name,
    token_token_hash,
    token_scopes,
    token_expires_at,
    token_last_used_at,
    token_revoked_at,
    token_created_at,
    ...user
  } = row;
  return {
    token: {
      id: token_id,
      user_id: token_user_id,
      name: token_name,
      token_hash: token_token_hash,
      scopes: token_scopes,
      expires_at: token_expires_at,
      last_used_at: token_last_used_at,
      revoked_at: token_revoked_at,
      created_at: token_created_at,
    },
    user,
  };
}

/** Records a use at most once per `intervalMs` (concurrent requests write once). */
export async function touchApiToken(db: Database, id: string, intervalMs: number): Promise<void> {
  const cutoff = new Date(Date.now() - intervalMs);
  await db
    .updateTable("api_tokens")
    .set({ last_used_at: new Date() })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", cutoff)]))
    .execute();
}

/** Revokes one of the user's tokens; false when there is none by that id (or it is not theirs). */
export async function revokeApiToken(db: Database, where: { id: string; userId: string }): Promise<boolean> {
  const result = await db
    .updateTable("api_tokens")
    .set({ revoked_at: new Date() })
    .where("id", "=", where.id)
    .where("user_id", "=", where.userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
