import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { UsageSource } from "../platform/db-schema.server";

export async function countAllowanceUsage(db: Database, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("enrichment_usage")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("user_id", "=", userId)
    .where("source", "!=", "credit")
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return row.count;
}

export interface UsageRun {
  provider: string;
  model: string;
  tokensIn: number | null;
  tokensOut: number | null;
  durationMs: number;
}

export async function insertUsage(
  db: Database,
  usage: { userId: string; linkId: string | null; kind: string; source: UsageSource; run?: UsageRun },
): Promise<void> {
  await db
    .insertInto("enrichment_usage")
    .values({
      user_id: usage.userId,
      link_id: usage.linkId,
      kind: usage.kind,
      source: usage.source,
      provider: usage.run?.provider ?? null,
      model: usage.run?.model ?? null,
      tokens_in: usage.run?.tokensIn ?? null,
      tokens_out: usage.run?.tokensOut ?? null,
      duration_ms: usage.run?.durationMs ?? null,
    })
    .execute();
}

/** Locks the user's row for the rest of the transaction and returns role and credits. */
export async function lockUserForCharge(db: Database, userId: string) {
  return db.selectFrom("users").select(["role", "pack_credits"]).where("id", "=", userId).forUpdate().executeTakeFirst();
}

/** Role, pack credits and allowance used since `since`, in one round trip. */
export async function getQuotaState(db: Database, userId: string, since: Date) {
  return db
    .selectFrom("users")
    .select((eb) => [
      "role",
      "pack_credits",
      eb
        .selectFrom("enrichment_usage")
        .select(sql<number>`count(*)::int`.as("used"))
        .where("enrichment_usage.user_id", "=", userId)
        .where("source", "!=", "credit")
        .where("created_at", ">=", since)
        .as("used"),
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
}
