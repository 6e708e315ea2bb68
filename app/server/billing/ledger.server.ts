/**
 * Pack credits: every grant and spend is a row of the credit ledger, written with the new
 * balance (users.pack_credits) in one transaction under the user's row lock, so the history
 * always adds up to the balance and the balance never goes below zero.
 */
import type { CreditEntry, CreditHistoryPage } from "~/lib/billing";
import { isUuid } from "~/lib/ids";
import { recordAudit } from "../audit/audit.server";
import { db, type Database } from "../platform/db.server";
import type { CreditLedgerReason, CreditLedgerRow } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { getCreditLedgerRow, listCreditLedger, lockUserCredits, sumGrantsAfter, writeCreditChange } from "../repos/billing.server";

interface CreditChange {
  userId: string;
  delta: number;
  reason: CreditLedgerReason;
  checkoutId?: string | null;
  linkId?: string | null;
  actorId?: string | null;
  note?: string;
}

/**
 * Applies a change inside the caller's transaction. A removal larger than the balance takes
 * only what is there (refunds: the balance never goes negative); returns the delta applied.
 */
export async function changeCredits(trx: Database, change: CreditChange): Promise<number> {
  const user = await lockUserCredits(trx, change.userId);
  if (!user) throw new HttpError(404, "User not found");
  const delta = Math.max(change.delta, -user.pack_credits);
  if (delta === 0) return 0;
  await writeCreditChange(trx, { ...change, delta, balanceAfter: user.pack_credits + delta });
  return delta;
}

/**
 * What is left unspent of a checkout's credits. Credits are spent oldest first, so of this
 * purchase's credits, what remains is the balance less every grant made after it (those are
 * spent last), within 0 and the purchase's own count.
 */
export async function unspentCreditsOf(trx: Database, input: { userId: string; checkoutId: string; credits: number }): Promise<number> {
  const user = await lockUserCredits(trx, input.userId);
  if (!user) return 0;
  const later = await sumGrantsAfter(trx, input.userId, input.checkoutId);
  return Math.min(input.credits, Math.max(0, user.pack_credits - later));
}

/** An admin adds or removes credits by hand, with a reason, audited; inside the admin action's transaction. */
export async function adjustCredits(
  trx: Database,
  actor: { id: string; email: string },
  target: { id: string; email: string },
  input: { delta: number; note: string },
): Promise<{ credits: number }> {
  const before = await lockUserCredits(trx, target.id);
  if (!before) throw new HttpError(404, "User not found");
  const credits = before.pack_credits + input.delta;
  if (credits < 0) throw new HttpError(400, `This would take the balance below zero: the user has ${before.pack_credits} credits.`);
  await changeCredits(trx, { userId: target.id, delta: input.delta, reason: "admin_adjustment", actorId: actor.id, note: input.note });
  await recordAudit(
    {
      kind: "payment",
      action: "credits.adjusted",
      actor: { id: actor.id, label: actor.email },
      target: { type: "user", id: target.id, label: target.email },
      before: { credits: before.pack_credits },
      after: { credits, note: input.note },
    },
    trx,
  );
  return { credits };
}

const NOTES: Record<CreditLedgerReason, string> = {
  purchase: "Pack purchase",
  refund: "Refund",
  enrichment: "Enrichment",
  admin_adjustment: "Adjustment by support",
};

function toEntry(row: CreditLedgerRow): CreditEntry {
  return {
    id: row.id,
    delta: row.delta,
    balanceAfter: row.balance_after,
    reason: row.reason,
    note: row.note || NOTES[row.reason],
    createdAt: row.created_at.toISOString(),
  };
}

/** The user's credit history, newest first; the cursor is the last entry's id. */
export async function creditHistory(userId: string, cursor?: string | null, limit = 20): Promise<CreditHistoryPage> {
  let before: { createdAt: Date; id: string } | undefined;
  if (cursor) {
    const row = isUuid(cursor) ? await getCreditLedgerRow(db(), cursor) : undefined;
    if (!row || row.user_id !== userId) throw new HttpError(400, "cursor is not valid");
    before = { createdAt: row.created_at, id: row.id };
  }
  const rows = await listCreditLedger(db(), userId, { before, limit: limit + 1 });
  const entries = rows.slice(0, limit).map(toEntry);
  return { entries, nextCursor: rows.length > limit ? entries.at(-1)!.id : null };
}
