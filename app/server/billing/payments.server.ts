/**
 * Which provider takes payments in this process: Stripe when STRIPE_SECRET_KEY is set, else
 * the labelled test mode. Tests swap it with `setPaymentProvider`.
 */
import { env } from "../platform/env.server";
import { singleton } from "../platform/singleton.server";
import type { PaymentProvider } from "./providers/provider.server";
import { createStripeProvider } from "./providers/stripe.server";
import { testModeProvider } from "./providers/test-mode.server";

function slot(): { provider: PaymentProvider | null } {
  return singleton("payment-provider", () => ({ provider: null }));
}

export function paymentProvider(): PaymentProvider {
  const current = slot();
  if (!current.provider) {
    const config = env();
    current.provider = config.STRIPE_SECRET_KEY
      ? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null, apiBase: config.STRIPE_API_BASE })
      : testModeProvider();
  }
  return current.provider;
}

/** Swaps the provider (tests); returns a function that puts the previous one back. */
export function setPaymentProvider(provider: PaymentProvider): () => void {
  const current = slot();
  const previous = current.provider;
  current.provider = provider;
  return () => {
    current.provider = previous;
  };
}
