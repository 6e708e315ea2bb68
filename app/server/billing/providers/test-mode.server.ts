/**
 * Test mode: our own checkout page ("Test mode — no card is charged") instead of a payment
 * provider. Its "provider state" is our own tables: Pay marks the checkout paid (and starts or
 * changes the test subscription), then reports `checkout.completed` to the same fulfilment a
 * Stripe webhook reaches. See ../test-checkout.server.ts for the page's side.
 */
import { db } from "../../platform/db.server";
import { getCheckoutByProviderSession, getSubscription } from "../../repos/billing.server";
import type { SubscriptionStatus } from "~/lib/billing";
import type { CheckoutSnapshot, PaymentProvider, SubscriptionSnapshot } from "./provider.server";

export const TEST_SESSION_PREFIX = "test_cs_";

export function testCheckoutPath(checkoutId: string): string {
  return `/checkout/test/${checkoutId}`;
}

export function testModeProvider(): PaymentProvider {
  return {
    name: "test",
    async createCheckout({ checkoutId }) {
      return { providerSessionId: `${TEST_SESSION_PREFIX}${checkoutId}`, url: testCheckoutPath(checkoutId), customerId: null };
    },
    async checkout(providerSessionId): Promise<CheckoutSnapshot | null> {
      const row = await getCheckoutByProviderSession(db(), providerSessionId);
      if (!row) return null;
      const complete = row.status === "complete";
      return {
        providerSessionId,
        checkoutId: row.id,
        userId: row.user_id,
        status: row.status === "canceled" ? "expired" : row.status,
        paid: complete,
        customerId: null,
        subscriptionId: row.subscription_id,
        paymentRef: row.payment_ref,
        amountTotalCents: row.amount_cents,
        currency: row.currency,
        receiptUrl: null,
      };
    },
    async subscription(subscriptionId): Promise<SubscriptionSnapshot | null> {
      const row = await getSubscription(db(), subscriptionId);
      if (!row) return null;
      return {
        id: row.id,
        customerId: null,
        userId: row.user_id,
        plan: row.plan,
        status: row.status as SubscriptionStatus,
        cancelAtPeriodEnd: row.cancel_at_period_end,
        currentPeriodEnd: row.current_period_end,
      };
    },
    async portalUrl() {
      return null;
    },
  };
}
