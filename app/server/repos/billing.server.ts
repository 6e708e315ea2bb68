import { sql } from "kysely";
import { RENEWING_STATUSES } from "~/lib/billing";
import type { Database } from "../platform/db.server";
import type {
  Checkout,
  CheckoutsTable,
  CreditLedgerReason,
  CreditLedgerRow,
  PaymentProviderName,
  ReceiptRow,
  ReceiptsTable,
  Subscription,
} from "../platform/db-schema.server";
import type { Insertable } from "kysely";

// ---------------------------------------------------------------------------- checkouts

export async function insertCheckout(db: Database, checkout: Insertable<CheckoutsTable>): Promise<Checkout> {
  return db.insertInto("checkouts").values(checkout).returningAll().executeTakeFirstOrThrow();
}

export async function setCheckoutProviderSession(db: Database, id: string, providerSessionId: string): Promise<void> {
  await db.updateTable("checkouts").set({ provider_session_id: providerSessionId }).where("id", "=", id).execute();
}

export async function deleteCheckout(db: Database, id: string): Promise<void> {
  await db.deleteFrom("checkouts").where("id", "=", id).execute();
}

export async function getCheckout(db: Database, id: string): Promise<Checkout | undefined> {
  return db.selectFrom("checkouts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function getCheckoutByProviderSession(db: Database, providerSessionId: string): Promise<Checkout | undefined> {
  return db.selectFrom("checkouts").selectAll().where("provider_session_id", "=", providerSessionId).executeTakeFirst();
}

export async function getCheckoutByPaymentRef(db: Database, paymentRef: string): Promise<Checkout | undefined> {
  return db.selectFrom("checkouts").selectAll().where("payment_ref", "=", paymentRef).executeTakeFirst();
}

/** Locks the checkout for the rest of the transaction: fulfilment and refunds take turns. */
export async function lockCheckout(db: Database, id: string): Promise<Checkout | undefined> {
  return db.selectFrom("checkouts").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function updateCheckout(
  db: Database,
  id: string,
  patch: Partial<Pick<Checkout, "status" | "payment_ref" | "subscription_id" | "fulfilled_at" | "credits_refunded">>,
): Promise<void> {
  await db.updateTable("checkouts").set(patch).where("id", "=", id).execute();
}

// ---------------------------------------------------------------------------- customers

export async function setBillingCustomer(db: Database, userId: string, customerId: string): Promise<void> {
  await db.updateTable("users").set({ billing_customer_id: customerId }).where("id", "=", userId).execute();
}

export async function getUserByBillingCustomer(db: Database, customerId: string) {
  return db.selectFrom("users").select(["id", "email"]).where("billing_customer_id", "=", customerId).executeTakeFirst();
}

// ---------------------------------------------------------------------------- subscriptions

export async function upsertSubscription(
  db: Database,
  row: Pick<Subscription, "id" | "user_id" | "provider" | "plan" | "status" | "cancel_at_period_end" | "current_period_end">,
): Promise<void> {
  await db
    .insertInto("subscriptions")
    .values(row)
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({
        plan: row.plan,
        status: row.status,
        cancel_at_period_end: row.cancel_at_period_end,
        current_period_end: row.current_period_end,
        updated_at: new Date(),
      }),
    )
    .execute();
}

export async function getSubscription(db: Database, id: string): Promise<Subscription | undefined> {
  return db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function lockSubscription(db: Database, id: string): Promise<Subscription | undefined> {
  return db.selectFrom("subscriptions").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function listSubscriptionsOf(db: Database, userId: string): Promise<Subscription[]> {
  return db.selectFrom("subscriptions").selectAll().where("user_id", "=", userId).orderBy("updated_at", "desc").execute();
}

export async function updateSubscription(
  db: Database,
  id: string,
  patch: Partial<Pick<Subscription, "plan" | "status" | "cancel_at_period_end" | "current_period_end">>,
): Promise<void> {
  await db.updateTable("subscriptions").set({ ...patch, updated_at: new Date() }).where("id", "=", id).execute();
}

/**
 * Subscriptions the sweep must look at: a period that has ended while the row still grants
 * access (Stripe's renewal is late or it was cancelled) or test mode's, which we renew ourselves.
 */
export async function listLapsedSubscriptions(db: Database, now: Date, limit: number): Promise<Subscription[]> {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("current_period_end", "<=", now)
    .where((eb) =>
      eb.or([
        eb("status", "in", [...RENEWING_STATUSES]),
        // A cancelled one needs settling once, when its period ends; a day is room enough.
        eb.and([eb("status", "=", "canceled"), eb("current_period_end", ">", new Date(now.getTime() - 24 * 3_600_000))]),
      ]),
    )
    .orderBy("current_period_end")
    .limit(limit)
    .execute();
}

// ---------------------------------------------------------------------------- credits

/** Locks the user's row and returns what a balance change needs. */
export async function lockUserCredits(db: Database, userId: string) {
  return db.selectFrom("users").select(["id", "email", "role", "pack_credits"]).where("id", "=", userId).forUpdate().executeTakeFirst();
}

/** Writes the new balance and its ledger row; call with the user's row locked. */
export async function writeCreditChange(
  db: Database,
  change: {
    userId: string;
    delta: number;
    balanceAfter: number;
    reason: CreditLedgerReason;
    checkoutId?: string | null;
    linkId?: string | null;
    actorId?: string | null;
    note?: string;
  },
): Promise<void> {
  await db.updateTable("users").set({ pack_credits: change.balanceAfter }).where("id", "=", change.userId).execute();
  await db
    .insertInto("credit_ledger")
    .values({
      user_id: change.userId,
      delta: change.delta,
      balance_after: change.balanceAfter,
      reason: change.reason,
      checkout_id: change.checkoutId ?? null,
      link_id: change.linkId ?? null,
      actor_id: change.actorId ?? null,
      note: change.note ?? "",
    })
    .execute();
}

/**
 * Credits granted (by purchase or an admin) after the checkout's own grant, less what refunds
 * took back of those later purchases: FIFO says those are spent last.
 */
export async function sumGrantsAfter(db: Database, userId: string, checkoutId: string): Promise<number> {
  const grantedAt = db
    .selectFrom("credit_ledger")
    .select(sql<Date>`min(created_at)`.as("at"))
    .where("checkout_id", "=", checkoutId)
    .where("delta", ">", 0);
  const laterPurchases = db
    .selectFrom("credit_ledger")
    .select("checkout_id")
    .where("user_id", "=", userId)
    .where("reason", "=", "purchase")
    .where("created_at", ">", grantedAt);
  const row = await db
    .selectFrom("credit_ledger")
    .select(sql<number>`coalesce(sum(delta), 0)::int`.as("total"))
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb.and([eb("delta", ">", 0), eb("created_at", ">", grantedAt)]),
        eb.and([eb("reason", "=", "refund"), eb("checkout_id", "in", laterPurchases)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Math.max(0, row.total);
}

/** The user's ledger, newest first, from before the (created_at, id) cursor. */
export async function listCreditLedger(
  db: Database,
  userId: string,
  { before, limit }: { before?: { createdAt: Date; id: string }; limit: number },
): Promise<CreditLedgerRow[]> {
  let query = db.selectFrom("credit_ledger").selectAll().where("user_id", "=", userId);
  if (before) {
    query = query.where((eb) =>
      eb.or([eb("created_at", "<", before.createdAt), eb.and([eb("created_at", "=", before.createdAt), eb("id", "<", before.id)])]),
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function getCreditLedgerRow(db: Database, id: string): Promise<CreditLedgerRow | undefined> {
  return db.selectFrom("credit_ledger").selectAll().where("id", "=", id).executeTakeFirst();
}

// ---------------------------------------------------------------------------- receipts

/** Inserts the receipt unless one with the same provider reference exists; true if inserted. */
export async function insertReceipt(db: Database, receipt: Insertable<ReceiptsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto("receipts")
    .values(receipt)
    .onConflict((oc) => oc.column("provider_ref").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Records how much of a payment was refunded so far; the status follows from the amounts. */
export async function markReceiptRefunded(db: Database, providerRef: string, amountRefundedCents: number): Promise<void> {
  await db
    .updateTable("receipts")
    .set((eb) => ({
      amount_refunded_cents: amountRefundedCents,
      status: eb.case().when("amount_cents", "<=", amountRefundedCents).then("refunded" as const).else("partially_refunded" as const).end(),
    }))
    .where("provider_ref", "=", providerRef)
    .execute();
}

export async function listReceipts(db: Database, userId: string, limit: number): Promise<ReceiptRow[]> {
  return db.selectFrom("receipts").selectAll().where("user_id", "=", userId).orderBy("paid_at", "desc").limit(limit).execute();
}

// ---------------------------------------------------------------------------- provider events

/**
 * Stores a provider event by id; false when it was stored before. A concurrent duplicate
 * waits on the primary key until the first transaction ends, then finds it stored.
 */
export async function storePaymentEvent(db: Database, event: { id: string; provider: PaymentProviderName; type: string }): Promise<boolean> {
  const inserted = await db
    .insertInto("payment_events")
    .values(event)
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

// ---------------------------------------------------------------------------- settings

export async function getAppSetting(db: Database, key: string) {
  return db.selectFrom("app_settings").selectAll().where("key", "=", key).executeTakeFirst();
}

export async function putAppSetting(db: Database, key: string, value: unknown, by: { id: string; label: string }): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto("app_settings")
    .values({ key, value: json, updated_by_id: by.id, updated_by_label: by.label })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_by_id: by.id, updated_by_label: by.label, updated_at: new Date() }))
    .execute();
}
