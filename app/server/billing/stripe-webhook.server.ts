/**
 * Stripe's webhook: verify the signature on the raw body, then hand the event to fulfilment,
 * which stores it by id and acts once. A failure answers 500, so Stripe delivers it again.
 */
import { HttpError } from "../platform/http.server";
import { handleProviderEvent } from "./fulfilment.server";
import { paymentProvider } from "./payments.server";
import { isStripeProvider } from "./providers/stripe.server";

export async function receiveStripeWebhook(rawBody: string, signature: string | null): Promise<{ received: true; duplicate: boolean }> {
  const provider = paymentProvider();
  // Test mode has no webhook: nothing here for anyone to probe.
  if (!isStripeProvider(provider)) throw new HttpError(404, "Stripe is not configured.");
  const event = provider.parseWebhook(rawBody, signature);
  const outcome = await handleProviderEvent(event, provider);
  return { received: true, duplicate: outcome === "duplicate" };
}
