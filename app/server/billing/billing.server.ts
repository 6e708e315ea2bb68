/**
 * The billing page's services: what the user has (plan, subscription, credits, receipts),
 * managing the plan (Stripe's portal, or cancel/resume in test mode), and the sweep that
 * settles subscriptions whose paid period has ended.
 */
import { randomUUID } from "node:crypto";
import type { BillingSummary, PaidPlanId, Receipt, SubscriptionStatus } from "~/lib/billing";
import { recordAudit } from "../audit/audit.server";
import { db } from "../platform/db.server";
import type { Subscription, User } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { listLapsedSubscriptions, listReceipts, listSubscriptionsOf, lockSubscription, updateSubscription } from "../repos/billing.server";
import { getLiveRoleGrant } from "../repos/role-grants.server";
import { AfterCommit } from "./after-commit.server";
import { planOfRole, planPriceCents, CURRENCY } from "./catalogue.server";
import { handleProviderEvent } from "./fulfilment.server";
import { paymentProvider } from "./payments.server";
import type { PaymentProvider } from "./providers/provider.server";
import { salesState } from "./sales.server";
import { grantsAccess, liveTestSubscription, recomputeRole, syncSubscription } from "./subscriptions.server";

/** The subscription the page talks about: the one giving access, else the latest. */
function currentSubscription(subscriptions: Subscription[]): Subscription | undefined {
  return subscriptions.find((s) => grantsAccess(s)) ?? subscriptions[0];
}

export async function billingSummary(user: User): Promise<BillingSummary> {
  const [subscriptions, grant, sales] = await Promise.all([listSubscriptionsOf(db(), user.id), getLiveRoleGrant(db(), user.id), salesState()]);
  const subscription = currentSubscription(subscriptions);
  const provider = paymentProvider();
  const live = subscription && grantsAccess(subscription) ? subscription : undefined;
  return {
    provider: provider.name,
    sales,
    plan: planOfRole(user.role) ?? "creator",
    role: user.role,
    manualGrant: grant !== undefined,
    subscription: subscription
      ? {
          plan: subscription.plan,
          status: subscription.status as SubscriptionStatus,
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          currentPeriodEnd: subscription.current_period_end.toISOString(),
        }
      : null,
    credits: user.pack_credits,
    manage: provider.name === "stripe" ? (user.billing_customer_id ? "portal" : null) : live?.provider === "test" ? "test" : null,
  };
}

export async function receiptsOf(userId: string, limit = 50): Promise<Receipt[]> {
  const rows = await listReceipts(db(), userId, limit);
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    amount: row.amount_cents / 100,
    amountRefunded: row.amount_refunded_cents / 100,
    currency: row.currency.toUpperCase(),
    status: row.status,
    paidAt: row.paid_at.toISOString(),
    url: row.url,
  }));
}

/** Stripe's Customer Portal, where a paying user changes or cancels their plan. */
export async function billingPortalUrl(user: User, returnPath: string, appUrl: string): Promise<{ url: string }> {
  const provider = paymentProvider();
  if (provider.name !== "stripe") throw new HttpError(409, "Test mode has no billing portal: cancel or resume the plan on the billing page.");
  if (!user.billing_customer_id) throw new HttpError(409, "There is nothing to manage yet: you have not bought anything.");
  const url = await provider.portalUrl(user.billing_customer_id, `${appUrl}${returnPath}`);
  if (!url) throw new HttpError(502, "The billing portal is not available right now. Please try again.");
  return { url };
}

function requireTestMode(provider: PaymentProvider): void {
  if (provider.name !== "test") throw new HttpError(409, "Manage your plan in the billing portal.");
}

/** Test mode: cancel at the end of the period (or take the cancellation back), as Stripe's portal would. */
export async function setCancelAtPeriodEnd(user: User, cancel: boolean): Promise<BillingSummary> {
  const provider = paymentProvider();
  requireTestMode(provider);
  const live = await liveTestSubscription(db(), user.id);
  if (!live) throw new HttpError(409, "You have no plan to cancel.");
  if (live.cancel_at_period_end !== cancel) {
    // The provider's side of the change (test mode keeps it in our table), then the same sync a webhook runs.
    await db()
      .transaction()
      .execute(async (trx) => {
        await lockSubscription(trx, live.id);
        await updateSubscription(trx, live.id, { cancel_at_period_end: cancel });
        await recordAudit(
          {
            kind: "payment",
            action: cancel ? "subscription.cancel-requested" : "subscription.resumed",
            actor: { id: user.id, label: user.email },
            target: { type: "user", id: user.id, label: user.email },
            after: { subscriptionId: live.id, plan: live.plan, endsAt: live.current_period_end.toISOString() },
          },
          trx,
        );
      });
    await handleProviderEvent({ id: `test_evt_${randomUUID()}`, provider: "test", type: "customer.subscription.updated", kind: "subscription.changed", subscriptionId: live.id }, provider);
  }
  return billingSummary(user);
}

/** Adds whole months, keeping the day where the month has it (Jan 31 + 1 → the last day of February). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

export interface SweepResult {
  seen: number;
  renewed: number;
  ended: number;
  resynced: number;
}

const SWEEP_BATCH = 200;
/** A Stripe subscription still "active" an hour after its period ended missed a webhook: ask Stripe. */
const STRIPE_LATE_MS = 60 * 60 * 1000;

/**
 * Settles subscriptions whose paid period has ended: test mode renews (with a receipt) or
 * ends them itself; cancelled ones drop their plan; Stripe ones that look stale are read again
 * from Stripe, so a lost webhook cannot keep or take a plan for long. Runs on the worker.
 */
export async function sweepSubscriptions(now = new Date()): Promise<SweepResult> {
  const provider = paymentProvider();
  const result: SweepResult = { seen: 0, renewed: 0, ended: 0, resynced: 0 };
  for (const subscription of await listLapsedSubscriptions(db(), now, SWEEP_BATCH)) {
    result.seen++;
    try {
      if (subscription.status === "canceled") {
        const after = new AfterCommit();
        await db()
          .transaction()
          .execute((trx) => recomputeRole(trx, subscription.user_id, after, now));
        await after.run();
      } else if (subscription.provider === "test" && provider.name === "test") {
        if (await settleTestSubscription(provider, subscription, now)) result.renewed++;
        else result.ended++;
      } else if (subscription.provider === "stripe" && provider.name === "stripe" && now.getTime() - subscription.current_period_end.getTime() > STRIPE_LATE_MS) {
        await syncSubscription(provider, subscription.id, subscription.user_id);
        result.resynced++;
      }
    } catch (error) {
      log.warn("billing sweep: a subscription could not be settled", { subscriptionId: subscription.id, error });
    }
  }
  return result;
}

/** Test mode's renewal or end of one period; true when renewed. */
async function settleTestSubscription(provider: PaymentProvider, subscription: Subscription, now: Date): Promise<boolean> {
  const renew = !subscription.cancel_at_period_end;
  let periodEnd = subscription.current_period_end;
  while (renew && periodEnd <= now) periodEnd = addMonths(periodEnd, 1);
  await updateSubscription(db(), subscription.id, renew ? { current_period_end: periodEnd } : { status: "canceled" });
  if (renew) {
    await handleProviderEvent(
      {
        id: `test_evt_${randomUUID()}`,
        provider: "test",
        type: "invoice.paid",
        kind: "invoice.paid",
        invoice: { id: `test_in_${randomUUID()}`, subscriptionId: subscription.id, customerId: null, amountCents: planPriceCents(subscription.plan as PaidPlanId), currency: CURRENCY, url: null, at: now },
      },
      provider,
    );
  } else {
    await handleProviderEvent({ id: `test_evt_${randomUUID()}`, provider: "test", type: "customer.subscription.deleted", kind: "subscription.changed", subscriptionId: subscription.id }, provider);
  }
  return renew;
}
