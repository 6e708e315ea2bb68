import type { Usage } from "~/lib/links";
import { db as defaultDb, type Database } from "../platform/db.server";
import type { Role, UsageSource } from "../platform/db-schema.server";
import { monthlyAllowance, quotaRefusal } from "./entitlements.server";
import { changeCredits } from "./ledger.server";
import {
  countAllowanceUsage,
  getQuotaState,
  insertUsage,
  lockUserForCharge,
  type UsageRun,
} from "../repos/enrichment-usage.server";
import { countPendingLinks } from "../repos/links.server";

export function currentPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

export async function getUsage(db: Database, userId: string): Promise<Usage> {
  const { start, end } = currentPeriod();
  const state = await getQuotaState(db, userId, start);
  if (!state) throw new Error(`No user ${userId}`);
  return {
    used: state.used ?? 0,
    limit: monthlyAllowance(state.role),
    credits: state.pack_credits,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
  };
}

/** The signed-in user's meter: what the dashboard and `GET /api/usage` show. */
export function usageOf(userId: string): Promise<Usage> {
  return getUsage(defaultDb(), userId);
}

function sourceFor(role: Role, used: number, credits: number): UsageSource | null {
  const allowance = monthlyAllowance(role);
  if (allowance === null) return "unlimited";
  if (used < allowance) return "allowance";
  return credits > 0 ? "credit" : null;
}

/**
 * Whether one more enrichment would be paid for (a cheap check before doing the work). With
 * the role at hand, unlimited roles need no query.
 */
export async function hasEnrichmentLeft(db: Database, userId: string, role?: Role): Promise<boolean> {
  if (role && monthlyAllowance(role) === null) return true;
  const usage = await getUsage(db, userId);
  return usage.limit === null || usage.used < usage.limit || usage.credits > 0;
}

/**
 * How many more enrichments the user's allowance pays for, for work queued in bulk (an import, a
 * bulk re-enrichment): the month's allowance and pack credits left, less the links already
 * waiting (each will spend one). Unlimited plans: no end. Pass a transaction to count inside it.
 */
export async function enrichmentBudget(db: Database, userId: string, role: Role): Promise<number> {
  if (monthlyAllowance(role) === null) return Number.POSITIVE_INFINITY;
  const usage = await getUsage(db, userId);
  const left = (usage.limit === null ? Number.POSITIVE_INFINITY : Math.max(0, usage.limit - usage.used)) + usage.credits;
  return Math.max(0, left - (await countPendingLinks(db, userId)));
}

/** Refuses (403 with the upgrade URL) a request that would need an enrichment none is left for. */
export async function requireEnrichmentLeft(db: Database, userId: string, role?: Role): Promise<void> {
  if (!(await hasEnrichmentLeft(db, userId, role))) throw quotaRefusal();
}

/**
 * Counts one successful enrichment, from the monthly allowance first and then pack credits.
 * Call inside the transaction that stores the result; the user's row is locked so two jobs
 * cannot spend the same last enrichment. False when nothing is left.
 */
export async function chargeEnrichment(
  trx: Database,
  input: { userId: string; linkId: string | null; kind: string; run?: UsageRun; role?: Role },
): Promise<boolean> {
  // Unlimited roles have nothing to count and nothing to race for: no lock, no count.
  if (input.role && monthlyAllowance(input.role) === null) {
    await insertUsage(trx, { ...input, source: "unlimited" });
    return true;
  }
  const user = await lockUserForCharge(trx, input.userId);
  if (!user) return false;
  const used = await countAllowanceUsage(trx, input.userId, currentPeriod().start);
  const source = sourceFor(user.role, used, user.pack_credits);
  if (!source) return false;
  // A pack credit is spent through the ledger, so the billing page's history adds up.
  if (source === "credit") await changeCredits(trx, { userId: input.userId, delta: -1, reason: "enrichment", linkId: input.linkId });
  await insertUsage(trx, { ...input, source });
  return true;
}
