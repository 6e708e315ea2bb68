// Placeholder until the Stripe adapter lands (branch p14-stripe): the interface only.
import { HttpError } from "../../platform/http.server";
import type { PaymentProvider, ProviderEvent } from "./provider.server";

export interface StripeProvider extends PaymentProvider {
  parseWebhook(rawBody: string, signature: string | null): ProviderEvent;
}

export function createStripeProvider(_options: { secretKey: string; webhookSecret: string | null; apiBase?: string }): StripeProvider {
  const unavailable = () => {
    throw new HttpError(503, "Stripe is not available in this build.");
  };
  return {
    name: "stripe",
    createCheckout: unavailable,
    checkout: unavailable,
    subscription: unavailable,
    portalUrl: unavailable,
    parseWebhook: unavailable,
  };
}
