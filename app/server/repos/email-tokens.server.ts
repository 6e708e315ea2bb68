import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { EmailToken, EmailTokenPurpose } from "../platform/db-schema.server";

export async function insertEmailToken(
  db: Database,
  token: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; email: string; expiresAt: Date },
): Promise<EmailToken> {
  return db
    .insertInto("email_tokens")
    .values({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      email: token.email,
      expires_at: token.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function getEmailTokenByHash(db: Database, tokenHash: string): Promise<EmailToken | undefined> {
  return db.selectFrom("email_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Marks a token used; false when someone else used it first (single use under concurrency). */
export async function markEmailTokenUsed(db: Database, id: string): Promise<boolean> {
  const result = await db
    .updateTable("email_tokens")
    .set({ used_at: new Date() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Retires a user's unused tokens of one purpose, so only the newest link works. */
export async function retireEmailTokens(db: Database, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .updateTable("email_tokens")
    .set({ used_at: new Date() })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

export async function getLatestEmailTokenTime(db: Database, userId: string, purpose: EmailTokenPurpose): Promise<Date | null> {
  const row = await db
    .selectFrom("email_tokens")
    .select(sql<Date | null>`max(created_at)`.as("latest"))
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  return row?.latest ?? null;
}

/** Tokens that can no longer be used and are older than `before`. */
export async function deleteSpentEmailTokens(db: Database, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("email_tokens")
    .where("created_at", "<", before)
    .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<", sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
