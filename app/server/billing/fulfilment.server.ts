/**
 * The one place that decides what an account gets for a payment, whichever provider reports
 * it: a Stripe webhook, the return page's eager sync, or test mode's Pay button.
 *
 * - Events are stored by id in the transaction that acts on them: a replay finds the id and
 *   does nothing; a concurrent duplicate waits on the key, then finds it.
 * - A checkout's credits are granted under its row lock, once (fulfilled_at).
 * - Subscriptions are never applied as deltas: each event makes us read the subscription's
 *   current state from the provider and write that (`applySubscription`).
 */
import type { CheckoutState } from "~/lib/billing";
import { isUuid } from "~/lib/ids";
import { PACKS } from "~/lib/packs";
import { formatEur } from "~/lib/plans";
import { recordAudit } from "../audit/audit.server";
import { packPurchasedMail, paymentFailedMail } from "../mail/mail-templates.server";
import { createNotification } from "../notifications/notifications.server";
import { db, type Database } from "../platform/db.server";
import type { Checkout } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import {
  getCheckout,
  getCheckoutByPaymentRef,
  getCheckoutByProviderSession,
  getSubscription,
  getUserByBillingCustomer,
  insertReceipt,
  lockCheckout,
  setBillingCustomer,
  storePaymentEvent,
  updateCheckout,
  markReceiptRefunded,
} from "../repos/billing.server";
import { getUserById } from "../repos/users.server";
import { AfterCommit } from "./after-commit.server";
import { packDescription, planName } from "./catalogue.server";
import { changeCredits, unspentCreditsOf } from "./ledger.server";
import { paymentProvider } from "./payments.server";
import type { CheckoutSnapshot, InvoiceFacts, PaymentProvider, ProviderEvent, SubscriptionSnapshot } from "./providers/provider.server";
import { applySubscription } from "./subscriptions.server";

const billingUrl = () => `${env().APP_URL}/settings/billing`;
const eur = (cents: number) => formatEur(cents / 100);

/** What the provider says, read before any transaction opens (no row lock waits on the network). */
interface Facts {
  checkout?: CheckoutSnapshot | null;
  subscription?: SubscriptionSnapshot | null;
}

async function gather(provider: PaymentProvider, event: ProviderEvent): Promise<Facts> {
  switch (event.kind) {
    case "checkout.completed":
    case "checkout.expired": {
      const checkout = await provider.checkout(event.providerSessionId);
      const subscription = checkout?.subscriptionId ? await provider.subscription(checkout.subscriptionId) : null;
      return { checkout, subscription };
    }
    case "subscription.changed":
      return { subscription: await provider.subscription(event.subscriptionId) };
    case "invoice.paid":
    case "invoice.failed":
      return { subscription: event.invoice.subscriptionId ? await provider.subscription(event.invoice.subscriptionId) : null };
    default:
      return {};
  }
}

/**
 * Acts on a provider event once. "duplicate" when the same event id was handled before (its
 * transaction committed); a failure rolls the stored id back, so the provider's retry acts.
 */
export async function handleProviderEvent(event: ProviderEvent, provider: PaymentProvider = paymentProvider()): Promise<"processed" | "duplicate"> {
  const facts = await gather(provider, event);
  const after = new AfterCommit();
  const stored = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await storePaymentEvent(trx, { id: event.id, provider: event.provider, type: event.type }))) return false;
      await act(trx, provider, event, facts, after);
      return true;
    });
  await after.run();
  return stored ? "processed" : "duplicate";
}

async function act(trx: Database, provider: PaymentProvider, event: ProviderEvent, facts: Facts, after: AfterCommit): Promise<void> {
  switch (event.kind) {
    case "checkout.completed":
      if (facts.checkout) await fulfilCheckout(trx, provider, facts.checkout, facts.subscription ?? null, after);
      return;
    case "checkout.expired": {
      const checkout = await findCheckout(trx, facts.checkout ?? null, event.providerSessionId);
      if (checkout?.status === "open") await updateCheckout(trx, checkout.id, { status: "expired" });
      return;
    }
    case "subscription.changed":
      if (facts.subscription) await applySubscription(trx, provider.name, facts.subscription, after);
      return;
    case "invoice.paid":
      await invoicePaid(trx, provider, event.invoice, facts.subscription ?? null, after);
      return;
    case "invoice.failed":
      await invoiceFailed(trx, provider, event.invoice, facts.subscription ?? null, after);
      return;
    case "charge.refunded":
      await refund(trx, event.paymentRef, event.amountRefundedCents);
      return;
    case "ignored":
      return;
  }
}

async function findCheckout(trx: Database, snapshot: CheckoutSnapshot | null, providerSessionId: string): Promise<Checkout | undefined> {
  if (snapshot?.checkoutId && isUuid(snapshot.checkoutId)) {
    const byId = await getCheckout(trx, snapshot.checkoutId);
    if (byId) return byId;
  }
  return getCheckoutByProviderSession(trx, providerSessionId);
}

/**
 * Grants what a paid checkout bought, once: a pack's credits with a receipt, or the plan (by
 * writing the subscription the provider now reports). Safe to call any number of times.
 */
async function fulfilCheckout(
  trx: Database,
  provider: PaymentProvider,
  snapshot: CheckoutSnapshot,
  subscription: SubscriptionSnapshot | null,
  after: AfterCommit,
): Promise<void> {
  const found = await findCheckout(trx, snapshot, snapshot.providerSessionId);
  if (!found) {
    log.warn("completed checkout we did not start ignored", { providerSessionId: snapshot.providerSessionId });
    return;
  }
  const checkout = (await lockCheckout(trx, found.id))!;
  if (snapshot.status !== "complete" || !snapshot.paid) return;
  if (checkout.fulfilled_at) return;
  await updateCheckout(trx, checkout.id, {
    status: "complete",
    payment_ref: snapshot.paymentRef ?? checkout.payment_ref,
    subscription_id: snapshot.subscriptionId ?? checkout.subscription_id,
    fulfilled_at: new Date(),
  });
  if (snapshot.customerId) await rememberCustomer(trx, checkout.user_id, snapshot.customerId);
  const user = (await getUserById(trx, checkout.user_id))!;

  if (checkout.kind === "pack") {
    const pack = PACKS.find((p) => p.id === checkout.pack_id)!;
    const description = packDescription(pack, checkout.quantity);
    await changeCredits(trx, { userId: user.id, delta: checkout.credits, reason: "purchase", checkoutId: checkout.id, note: description });
    const amount = snapshot.amountTotalCents ?? checkout.amount_cents;
    await insertReceipt(trx, {
      user_id: user.id,
      customer_email: user.email,
      provider: provider.name,
      provider_ref: snapshot.paymentRef ?? `checkout:${checkout.id}`,
      checkout_id: checkout.id,
      description,
      amount_cents: amount,
      currency: snapshot.currency ?? checkout.currency,
      status: "paid",
      url: snapshot.receiptUrl,
    });
    await recordAudit(
      {
        kind: "payment",
        action: "pack.purchased",
        actor: { id: user.id, label: user.email },
        target: { type: "user", id: user.id, label: user.email },
        after: { pack: pack.id, quantity: checkout.quantity, credits: checkout.credits, amountCents: amount, provider: provider.name, checkoutId: checkout.id },
      },
      trx,
    );
    await createNotification(trx, {
      userId: user.id,
      type: "purchase",
      title: "Purchase successful",
      body: `${checkout.credits} enrichment credits were added to your account.`,
      link: "/settings/billing",
    });
    const balance = user.pack_credits + checkout.credits;
    after.mail(packPurchasedMail(user.email, { description, credits: checkout.credits, balance, amount: eur(amount), url: billingUrl() }));
    return;
  }

  await recordAudit(
    {
      kind: "payment",
      action: "subscription.started",
      actor: { id: user.id, label: user.email },
      target: { type: "user", id: user.id, label: user.email },
      after: { plan: checkout.plan, provider: provider.name, checkoutId: checkout.id, subscriptionId: snapshot.subscriptionId },
    },
    trx,
  );
  if (subscription) await applySubscription(trx, provider.name, subscription, after, user.id);
}

async function rememberCustomer(trx: Database, userId: string, customerId: string): Promise<void> {
  const owner = await getUserByBillingCustomer(trx, customerId);
  if (!owner) await setBillingCustomer(trx, userId, customerId);
}

/** Whose invoice: the subscription we know, else the provider's customer. */
async function invoiceOwner(trx: Database, invoice: InvoiceFacts, subscription: SubscriptionSnapshot | null): Promise<string | null> {
  if (subscription?.userId) return subscription.userId;
  if (invoice.subscriptionId) {
    const known = await getSubscription(trx, invoice.subscriptionId);
    if (known) return known.user_id;
  }
  if (invoice.customerId) return (await getUserByBillingCustomer(trx, invoice.customerId))?.id ?? null;
  return null;
}

async function invoicePaid(trx: Database, provider: PaymentProvider, invoice: InvoiceFacts, subscription: SubscriptionSnapshot | null, after: AfterCommit) {
  const userId = await invoiceOwner(trx, invoice, subscription);
  const owner = userId ? await getUserById(trx, userId) : undefined;
  if (!userId || !owner) return log.warn("invoice for an unknown customer ignored", { invoiceId: invoice.id });
  const plan = subscription?.plan ? planName(subscription.plan) : "Subscription";
  const inserted = await insertReceipt(trx, {
    user_id: userId,
    customer_email: owner.email,
    provider: provider.name,
    provider_ref: invoice.id,
    subscription_id: invoice.subscriptionId,
    description: `${plan} plan, monthly`,
    amount_cents: invoice.amountCents,
    currency: invoice.currency,
    status: "paid",
    url: invoice.url,
    paid_at: invoice.at,
  });
  if (inserted) {
    await recordAudit(
      { kind: "payment", action: "invoice.paid", actor: null, target: { type: "user", id: userId }, after: { invoiceId: invoice.id, amountCents: invoice.amountCents, subscriptionId: invoice.subscriptionId } },
      trx,
    );
  }
  if (subscription) await applySubscription(trx, provider.name, subscription, after, userId);
}

async function invoiceFailed(trx: Database, provider: PaymentProvider, invoice: InvoiceFacts, subscription: SubscriptionSnapshot | null, after: AfterCommit) {
  const userId = await invoiceOwner(trx, invoice, subscription);
  if (!userId) return log.warn("failed invoice for an unknown customer ignored", { invoiceId: invoice.id });
  const user = (await getUserById(trx, userId))!;
  await recordAudit(
    { kind: "payment", action: "payment.failed", actor: null, target: { type: "user", id: userId, label: user.email }, after: { invoiceId: invoice.id, amountCents: invoice.amountCents } },
    trx,
  );
  await createNotification(trx, {
    userId,
    type: "payment-failed",
    title: "Payment failed",
    body: `We could not take ${eur(invoice.amountCents)} for your subscription. Please update your payment method.`,
    link: "/settings/billing",
  });
  after.mail(paymentFailedMail(user.email, { amount: eur(invoice.amountCents), url: invoice.url ?? billingUrl() }));
  if (subscription) await applySubscription(trx, provider.name, subscription, after, userId);
}

/**
 * A refund of a pack takes back the part of its credits the refund covers, but only what is
 * still unspent: the balance never goes negative. `amountRefundedCents` is the payment's
 * total refunded so far (providers report it cumulatively), so partial refunds add up.
 */
async function refund(trx: Database, paymentRef: string, amountRefundedCents: number): Promise<void> {
  const found = await getCheckoutByPaymentRef(trx, paymentRef);
  await markReceiptRefunded(trx, paymentRef, amountRefundedCents);
  if (!found) return;
  const checkout = (await lockCheckout(trx, found.id))!;
  const fullyRefunded = amountRefundedCents >= checkout.amount_cents;
  if (checkout.kind !== "pack" || !checkout.fulfilled_at) return;
  const covered = fullyRefunded ? checkout.credits : Math.floor((checkout.credits * amountRefundedCents) / checkout.amount_cents);
  const owed = covered - checkout.credits_refunded;
  if (owed <= 0) return;
  const unspent = await unspentCreditsOf(trx, { userId: checkout.user_id, checkoutId: checkout.id, credits: checkout.credits - checkout.credits_refunded });
  const toTake = Math.min(owed, unspent);
  const taken = toTake > 0 ? -(await changeCredits(trx, { userId: checkout.user_id, delta: -toTake, reason: "refund", checkoutId: checkout.id, note: "Refund" })) : 0;
  // What could not be taken back was already spent: it counts as settled, not as owed later.
  await updateCheckout(trx, checkout.id, { credits_refunded: checkout.credits_refunded + owed });
  await recordAudit(
    { kind: "payment", action: "pack.refunded", actor: null, target: { type: "user", id: checkout.user_id }, after: { checkoutId: checkout.id, amountRefundedCents, creditsRemoved: taken, creditsAlreadySpent: owed - taken } },
    trx,
  );
}

// ---------------------------------------------------------------------------- the return page

function toState(checkout: Checkout): CheckoutState {
  return {
    id: checkout.id,
    kind: checkout.kind,
    status: checkout.status,
    fulfilled: checkout.fulfilled_at !== null,
    credits: checkout.kind === "pack" ? checkout.credits : null,
    plan: checkout.plan,
  };
}

/** The user's own checkout, or 404. */
export async function ownCheckout(checkoutId: string, userId: string): Promise<Checkout> {
  const checkout = isUuid(checkoutId) ? await getCheckout(db(), checkoutId) : undefined;
  if (!checkout || checkout.user_id !== userId) throw new HttpError(404, "Checkout not found");
  return checkout;
}

/**
 * Where a checkout stands, asking the provider when it is not fulfilled yet: the user who
 * comes back from paying sees their credits or plan at once, even if the webhook is late.
 */
export async function syncCheckout(checkoutId: string, userId: string, provider: PaymentProvider = paymentProvider()): Promise<CheckoutState> {
  const checkout = await ownCheckout(checkoutId, userId);
  if (checkout.fulfilled_at || !checkout.provider_session_id || checkout.provider !== provider.name) return toState(checkout);
  const snapshot = await provider.checkout(checkout.provider_session_id);
  if (snapshot?.status === "complete" && snapshot.paid) {
    const subscription = snapshot.subscriptionId ? await provider.subscription(snapshot.subscriptionId) : null;
    const after = new AfterCommit();
    await db()
      .transaction()
      .execute((trx) => fulfilCheckout(trx, provider, snapshot, subscription, after));
    await after.run();
  } else if (snapshot?.status === "expired" && checkout.status === "open") {
    await updateCheckout(db(), checkout.id, { status: "expired" });
  }
  return toState(await ownCheckout(checkoutId, userId));
}
