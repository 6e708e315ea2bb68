/**
 * Test mode's checkout page: what the user is buying, and Pay or Cancel. Pay plays the
 * provider's part (the checkout is paid; a subscription starts, or the plan changes) and then
 * reports `checkout.completed` to the same fulfilment a Stripe webhook reaches.
 */
import { randomUUID } from "node:crypto";
import type { PaidPlanId } from "~/lib/billing";
import { PACKS } from "~/lib/packs";
import { db } from "../platform/db.server";
import { HttpError } from "../platform/http.server";
import { lockCheckout, updateCheckout, updateSubscription, upsertSubscription } from "../repos/billing.server";
import { addMonths } from "./billing.server";
import { packDescription, planName } from "./catalogue.server";
import { returnWith } from "./checkout.server";
import { handleProviderEvent, ownCheckout } from "./fulfilment.server";
import { paymentProvider } from "./payments.server";
import type { PaymentProvider } from "./providers/provider.server";
import { liveTestSubscription } from "./subscriptions.server";

export interface TestCheckoutView {
  id: string;
  kind: "pack" | "subscription";
  description: string;
  amountEur: number;
  quantity: number;
  plan: PaidPlanId | null;
  status: "open" | "complete" | "canceled" | "expired";
}

function testProvider(): PaymentProvider {
  const provider = paymentProvider();
  if (provider.name !== "test") throw new HttpError(404, "Test mode is off: payments go through Stripe.");
  return provider;
}

async function testCheckout(checkoutId: string, userId: string) {
  testProvider();
  const checkout = await ownCheckout(checkoutId, userId);
  if (checkout.provider !== "test") throw new HttpError(404, "Checkout not found");
  return checkout;
}

export async function testCheckoutView(checkoutId: string, userId: string): Promise<TestCheckoutView> {
  const checkout = await testCheckout(checkoutId, userId);
  const pack = PACKS.find((p) => p.id === checkout.pack_id);
  return {
    id: checkout.id,
    kind: checkout.kind,
    description: pack ? packDescription(pack, checkout.quantity) : `${planName(checkout.plan!)} plan, monthly`,
    amountEur: checkout.amount_cents / 100,
    quantity: checkout.quantity,
    plan: checkout.plan,
    status: checkout.status,
  };
}

/** Pays an open test checkout and fulfils it; returns where the browser goes next. */
export async function payTestCheckout(checkoutId: string, userId: string): Promise<string> {
  const provider = testProvider();
  const checkout = await testCheckout(checkoutId, userId);
  if (checkout.status === "canceled" || checkout.status === "expired") throw new HttpError(409, "This checkout was cancelled. Start a new one.");
  let newSubscription: string | null = null;
  await db()
    .transaction()
    .execute(async (trx) => {
      const locked = (await lockCheckout(trx, checkout.id))!;
      if (locked.status !== "open") return;
      let subscriptionId: string | null = null;
      if (locked.kind === "subscription") {
        const live = await liveTestSubscription(trx, userId);
        if (live) {
          // Already subscribed: test mode switches the plan, as Stripe's portal would.
          await updateSubscription(trx, live.id, { plan: locked.plan!, cancel_at_period_end: false });
          subscriptionId = live.id;
        } else {
          subscriptionId = `test_sub_${randomUUID()}`;
          await upsertSubscription(trx, {
            id: subscriptionId,
            user_id: userId,
            provider: "test",
            plan: locked.plan!,
            status: "active",
            cancel_at_period_end: false,
            current_period_end: addMonths(new Date(), 1),
          });
        }
        newSubscription = subscriptionId;
      }
      await updateCheckout(trx, locked.id, { status: "complete", payment_ref: `test_pi_${locked.id}`, subscription_id: subscriptionId });
    });
  await handleProviderEvent(
    { id: `test_evt_${randomUUID()}`, provider: "test", type: "checkout.session.completed", kind: "checkout.completed", providerSessionId: checkout.provider_session_id! },
    provider,
  );
  if (newSubscription) {
    await handleProviderEvent(
      {
        id: `test_evt_${randomUUID()}`,
        provider: "test",
        type: "invoice.paid",
        kind: "invoice.paid",
        invoice: { id: `test_in_${checkout.id}`, subscriptionId: newSubscription, customerId: null, amountCents: checkout.amount_cents, currency: checkout.currency, url: null, at: new Date() },
      },
      provider,
    );
  }
  return returnWith(checkout.return_url, "success", checkout.id);
}

/** Cancels an open test checkout; returns where the browser goes next. */
export async function cancelTestCheckout(checkoutId: string, userId: string): Promise<string> {
  const checkout = await testCheckout(checkoutId, userId);
  if (checkout.status === "open") await updateCheckout(db(), checkout.id, { status: "canceled" });
  return returnWith(checkout.return_url, "cancelled", checkout.id);
}
