/**
 * Stripe behind the PaymentProvider seam: Checkout Sessions, the Customer Portal, and webhook
 * events verified on the raw body and reduced to ProviderEvents. It reports Stripe's truth and
 * decides nothing; fulfilment (../fulfilment.server.ts) does.
 */
import { createRequire } from "node:module";
import type Stripe from "stripe";
import { isPaidPlan, packPriceCents, planPriceCents } from "../catalogue.server";
import type { PaidPlanId, SubscriptionStatus } from "~/lib/billing";
import type { Pack } from "~/lib/packs";
import { PLANS } from "~/lib/plans";
import { HttpError } from "../../platform/http.server";
import { log } from "../../platform/logger.server";
import type { CheckoutSnapshot, InvoiceFacts, PaymentProvider, ProviderEvent, SubscriptionSnapshot } from "./provider.server";

export interface StripeProviderOptions {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_...); without it every webhook is refused. */
  webhookSecret: string | null;
  /** Another API host, such as http://127.0.0.1:PORT in tests; default Stripe's own. */
  apiBase?: string;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: "stripe";
  /** Verifies the signature on the raw body and reduces the event; 400 when it does not verify. */
  parseWebhook(rawBody: string, signature: string | null): ProviderEvent;
}

export function isStripeProvider(provider: PaymentProvider): provider is StripeProvider {
  return provider.name === "stripe" && "parseWebhook" in provider;
}

/** Prices are found by these keys (and created on first use), so no Stripe ids live in config. */
export const packLookupKey = (packId: Pack["id"]) => `linkwise_${packId}`;
export const planLookupKey = (plan: PaidPlanId) => `linkwise_${plan}_monthly`;

const PLAN_BY_LOOKUP_KEY = new Map<string, PaidPlanId>((["scout", "creator"] as const).map((plan) => [planLookupKey(plan), plan]));
const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ["active", "trialing", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "paused"];
const INVALID_SIGNATURE = "Invalid webhook signature.";

// The SDK (about 0.15 s of CPU to load) is required when a provider is first made: a process
// that takes no payments through Stripe never loads it. Synchronously, as parseWebhook is.
const require = createRequire(import.meta.url);
let sdk: typeof Stripe | undefined;
const stripeSdk = () => (sdk ??= require("stripe") as typeof Stripe);

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === "string" ? value : value.id);

function isMissing(error: unknown): boolean {
  return error instanceof stripeSdk().errors.StripeError && (error.statusCode === 404 || error.code === "resource_missing");
}

function sdkConfig(apiBase: string | undefined): Stripe.StripeConfig {
  // Stripe's own retries carry idempotency keys; one is enough for a request a person waits on.
  const config: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false };
  if (!apiBase) return config;
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { ...config, host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const StripeSdk = stripeSdk();
  const stripe = new StripeSdk(options.secretKey, sdkConfig(options.apiBase));
  // Lookup key → price id; a promise, so concurrent first uses share one look-up (or creation).
  const prices = new Map<string, Promise<string>>();

  async function findOrCreatePrice(lookupKey: string, product: { name: string; amountCents: number; monthly: boolean }): Promise<string> {
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const created = await stripe.products.create({ name: product.name, metadata: { lookupKey } });
    const price = await stripe.prices.create({
      product: created.id,
      currency: "eur",
      unit_amount: product.amountCents,
      lookup_key: lookupKey,
      // Another process may have created one meanwhile; the newest simply takes the key.
      transfer_lookup_key: true,
      ...(product.monthly ? { recurring: { interval: "month" as const } } : {}),
    });
    return price.id;
  }

  function priceId(lookupKey: string, product: { name: string; amountCents: number; monthly: boolean }): Promise<string> {
    let price = prices.get(lookupKey);
    if (!price) {
      price = findOrCreatePrice(lookupKey, product);
      prices.set(lookupKey, price);
      // A failed look-up is tried again next time rather than cached.
      price.catch(() => prices.delete(lookupKey));
    }
    return price;
  }

  function packPrice(pack: Pack) {
    return priceId(packLookupKey(pack.id), { name: `Linkwise ${pack.name} (${pack.count} enrichments)`, amountCents: packPriceCents(pack), monthly: false });
  }

  function planPrice(plan: PaidPlanId) {
    const known = PLANS.find((p) => p.id === plan);
    if (!known) throw new Error(`Unknown plan ${plan}`);
    return priceId(planLookupKey(plan), { name: `Linkwise ${known.name}`, amountCents: planPriceCents(plan), monthly: true });
  }

  function invoiceFacts(invoice: Stripe.Invoice, eventCreated: number, paid: boolean): InvoiceFacts {
    const at = (paid ? invoice.status_transitions.paid_at : null) ?? eventCreated;
    return {
      id: invoice.id,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      customerId: idOf(invoice.customer),
      amountCents: paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      url: invoice.hosted_invoice_url ?? null,
      at: new Date(at * 1000),
    };
  }

  return {
    name: "stripe",

    async createCheckout({ checkoutId, customer, item, successUrl, cancelUrl }) {
      const newCustomer = async (idempotencyKey: string) =>
        (await stripe.customers.create({ email: customer.email, metadata: { userId: customer.userId } }, { idempotencyKey })).id;
      const metadata = { checkoutId, userId: customer.userId };
      const lineItem =
        item.kind === "pack" ? { price: await packPrice(item.pack), quantity: item.quantity } : { price: await planPrice(item.plan), quantity: 1 };
      const createSession = (customerId: string, idempotencyKey: string) => {
        const common = { customer: customerId, client_reference_id: customer.userId, success_url: successUrl, cancel_url: cancelUrl, metadata, line_items: [lineItem] };
        const params: Stripe.Checkout.SessionCreateParams =
          item.kind === "pack"
            ? { ...common, mode: "payment", payment_intent_data: { metadata: { ...metadata, packId: item.pack.id } } }
            : { ...common, mode: "subscription", subscription_data: { metadata: { userId: customer.userId, plan: item.plan } } };
        return stripe.checkout.sessions.create(params, { idempotencyKey });
      };

      let createdCustomerId: string | null = null;
      let customerId = customer.customerId;
      // A retry after a failed checkout (the id never stored) finds this customer again.
      if (!customerId) customerId = createdCustomerId = await newCustomer(`linkwise-customer-${customer.userId}`);
      let session: Stripe.Checkout.Session;
      try {
        session = await createSession(customerId, `linkwise-checkout-${checkoutId}`);
      } catch (error) {
        // The stored customer is gone (deleted, or made with the other mode's keys): make a new one.
        if (!createdCustomerId && isMissing(error) && (error as Stripe.errors.StripeError).param === "customer") {
          customerId = createdCustomerId = await newCustomer(`linkwise-customer-${customer.userId}-after-${customerId}`);
          session = await createSession(customerId, `linkwise-checkout-${checkoutId}-${customerId}`);
        } else {
          throw error;
        }
      }
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { providerSessionId: session.id, url: session.url, customerId: createdCustomerId };
    },

    async checkout(providerSessionId): Promise<CheckoutSnapshot | null> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(providerSessionId, { expand: ["payment_intent.latest_charge"] });
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      return {
        providerSessionId: session.id,
        checkoutId: session.metadata?.checkoutId ?? null,
        userId: session.metadata?.userId ?? session.client_reference_id ?? null,
        status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
        paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        paymentRef: idOf(session.payment_intent),
        amountTotalCents: session.amount_total,
        currency: session.currency,
        receiptUrl: charge?.receipt_url ?? null,
      };
    },

    async subscription(subscriptionId): Promise<SubscriptionSnapshot | null> {
      let subscription: Stripe.Subscription;
      try {
        subscription = await stripe.subscriptions.retrieve(subscriptionId);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const items = subscription.items.data;
      const lookupKey = items[0]?.price.lookup_key;
      const plan = (lookupKey && PLAN_BY_LOOKUP_KEY.get(lookupKey)) || (typeof subscription.metadata.plan === "string" && isPaidPlan(subscription.metadata.plan) ? subscription.metadata.plan : null);
      // Since API 2025-03-31 the period lives on each item; they share one cycle here.
      const periodEnd = Math.max(0, ...items.map((entry) => entry.current_period_end));
      const status = SUBSCRIPTION_STATUSES.find((known) => known === subscription.status) ?? "incomplete";
      return {
        id: subscription.id,
        customerId: idOf(subscription.customer),
        userId: subscription.metadata.userId ?? null,
        plan,
        status,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        currentPeriodEnd: new Date((periodEnd || subscription.ended_at || subscription.created) * 1000),
      };
    },

    async portalUrl(customerId, returnUrl) {
      try {
        return (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
      } catch (error) {
        // Most often the portal was never configured in the Dashboard: tell the operator, and
        // the user "not available right now" (null) rather than a 500.
        if (!(error instanceof StripeSdk.errors.StripeError)) throw error;
        log.error("Stripe refused a Customer Portal session", { customerId, code: error.code, message: error.message });
        return null;
      }
    },

    parseWebhook(rawBody, signature): ProviderEvent {
      if (!options.webhookSecret || !signature) throw new HttpError(400, INVALID_SIGNATURE);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new HttpError(400, INVALID_SIGNATURE);
      }
      const base = { id: event.id, provider: "stripe" as const, type: event.type };
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          return { ...base, kind: "checkout.completed", providerSessionId: event.data.object.id };
        case "checkout.session.expired":
          return { ...base, kind: "checkout.expired", providerSessionId: event.data.object.id };
        case "customer.subscription.created":
        case "customer.subscription.updated":
        case "customer.subscription.deleted":
        case "customer.subscription.paused":
        case "customer.subscription.resumed":
          // Only the id: fulfilment reads the subscription's current state, whatever the order.
          return { ...base, kind: "subscription.changed", subscriptionId: event.data.object.id };
        case "invoice.paid":
          return { ...base, kind: "invoice.paid", invoice: invoiceFacts(event.data.object, event.created, true) };
        case "invoice.payment_failed":
          return { ...base, kind: "invoice.failed", invoice: invoiceFacts(event.data.object, event.created, false) };
        case "charge.refunded": {
          const paymentRef = idOf(event.data.object.payment_intent);
          if (!paymentRef) return { ...base, kind: "ignored" };
          return { ...base, kind: "charge.refunded", paymentRef, amountRefundedCents: event.data.object.amount_refunded };
        }
        default:
          return { ...base, kind: "ignored" };
      }
    },
  };
}
