/**
 * A Stripe API stand-in on loopback, for the real `stripe` SDK (its host/port/protocol options):
 * exactly the endpoints app/server/billing/providers/stripe.server.ts calls, form-encoded as the
 * SDK sends them, answered in Stripe's object shapes, with in-memory state. Test controls play
 * the customer's and Stripe's part (pay, change a plan, refund) and return the events Stripe
 * would send; `signedDelivery` signs them as Stripe does.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };
type Metadata = Record<string, string>;

const str = (value: FormValue | undefined) => (typeof value === "string" ? value : undefined);
const obj = (value: FormValue | undefined): Form => (value && typeof value === "object" && !Array.isArray(value) ? value : {});
const strings = (value: FormValue | undefined) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const metadata = (value: FormValue | undefined) => Object.fromEntries(Object.entries(obj(value)).filter((e): e is [string, string] => typeof e[1] === "string"));

const newId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 24 * 3600;

/** `a[0][b]=1&c[]=2` → `{a: [{b: "1"}], c: ["2"]}`, as Stripe reads a form (and a query string). */
export function parseForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Form | FormValue[] = root;
    path.forEach((segment, i) => {
      const next = path[i + 1];
      const child = (): FormValue => (next === undefined ? value : next === "" || /^\d+$/.test(next) ? [] : {});
      if (Array.isArray(node)) {
        const index = segment === "" ? node.length : Number(segment);
        node = (node[index] ??= child()) as Form | FormValue[];
      } else {
        node = (node[segment] ??= child()) as Form | FormValue[];
      }
    });
  }
  return root;
}

export interface FakePrice {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  lookup_key: string | null;
  product: string;
  recurring: { interval: string; interval_count: number } | null;
  type: "one_time" | "recurring";
}

interface FakeSubscriptionItem {
  id: string;
  object: "subscription_item";
  price: FakePrice;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string | null;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Metadata;
  created: number;
  ended_at: number | null;
  items: { object: "list"; data: FakeSubscriptionItem[]; has_more: false; url: string };
}

export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  customer: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  success_url: string;
  cancel_url: string;
  url: string;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  subscription: string | null;
  created: number;
  expires_at: number;
}

/** What the session was created with and Stripe keeps to itself (never sent back). */
interface SessionInput {
  lineItems: Array<{ price: string; quantity: string }>;
  subscriptionMetadata: Metadata;
  paymentIntentMetadata: Metadata;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  customer: string | null;
  latest_charge: string;
  metadata: Metadata;
}

export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  customer: string | null;
  payment_intent: string;
  receipt_url: string;
}

export interface FakeInvoice {
  id: string;
  object: "invoice";
  customer: string | null;
  status: string;
  amount_due: number;
  amount_paid: number;
  currency: string;
  hosted_invoice_url: string;
  created: number;
  status_transitions: { finalized_at: number; paid_at: number | null; marked_uncollectible_at: null; voided_at: null };
  parent: { type: "subscription_details"; quote_details: null; subscription_details: { subscription: string; metadata: Metadata } };
}

export interface FakeEvent<T extends object = object> {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: T };
}

export interface SubscriptionPatch {
  /** A price id or lookup key: a plan change. */
  price?: string;
  cancelAtPeriodEnd?: boolean;
  status?: "active" | "past_due" | "canceled" | "unpaid";
}

type Answer = { status: number; body: unknown };

export async function startFakeStripe({ webhookSecret = "whsec_fake_stripe_secret" } = {}) {
  const state = {
    customers: new Map<string, { id: string; object: "customer"; email: string | null; metadata: Metadata }>(),
    products: new Map<string, { id: string; object: "product"; name: string; active: boolean; metadata: Metadata }>(),
    prices: new Map<string, FakePrice>(),
    sessions: new Map<string, FakeSession>(),
    sessionInputs: new Map<string, SessionInput>(),
    subscriptions: new Map<string, FakeSubscription>(),
    paymentIntents: new Map<string, FakePaymentIntent>(),
    charges: new Map<string, FakeCharge>(),
  };
  /** Every API call, for assertions on what the adapter asked for. */
  const requests: Array<{ method: string; path: string; params: Form }> = [];
  const idempotent = new Map<string, Answer>();

  const missing = (kind: string, id: string | undefined, param = "id"): Answer => ({
    status: 404,
    body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param } },
  });

  const priceFor = (ref: string) => state.prices.get(ref) ?? [...state.prices.values()].find((p) => p.lookup_key === ref);

  const subscriptionItem = (price: FakePrice, start: number): FakeSubscriptionItem => ({
    id: newId("si"),
    object: "subscription_item",
    price,
    quantity: 1,
    current_period_start: start,
    current_period_end: start + MONTH_S,
  });

  /** The session as `retrieve` answers it, with `expand[]` applied to the payment intent. */
  function expanded(session: FakeSession, expand: string[]): object {
    const intent = session.payment_intent ? state.paymentIntents.get(session.payment_intent) : undefined;
    if (!intent || !expand.some((e) => e.startsWith("payment_intent"))) return session;
    const charge = expand.includes("payment_intent.latest_charge") ? state.charges.get(intent.latest_charge) : intent.latest_charge;
    return { ...session, payment_intent: { ...intent, latest_charge: charge } };
  }

  function route(method: string, path: string, params: Form): Answer {
    const id = /^\/v1\/(?:checkout\/sessions|subscriptions)\/([^/]+)$/.exec(path)?.[1];
    if (method === "POST" && path === "/v1/customers") {
      const customer = { id: newId("cus"), object: "customer" as const, email: str(params.email) ?? null, metadata: metadata(params.metadata) };
      state.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/products") {
      const product = { id: newId("prod"), object: "product" as const, name: str(params.name) ?? "", active: true, metadata: metadata(params.metadata) };
      state.products.set(product.id, product);
      return { status: 200, body: product };
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = strings(params.lookup_keys);
      const data = [...state.prices.values()].filter((p) => (!keys.length || keys.includes(p.lookup_key ?? "")) && (str(params.active) !== "true" || p.active));
      return { status: 200, body: { object: "list", data: data.slice(0, Number(str(params.limit) ?? 10)), has_more: false, url: "/v1/prices" } };
    }
    if (method === "POST" && path === "/v1/prices") {
      const product = str(params.product) ?? "";
      if (!state.products.has(product)) return missing("product", product);
      const lookupKey = str(params.lookup_key) ?? null;
      if (str(params.transfer_lookup_key) === "true") for (const p of state.prices.values()) if (p.lookup_key === lookupKey) p.lookup_key = null;
      const interval = str(obj(params.recurring).interval);
      const price: FakePrice = {
        id: newId("price"),
        object: "price",
        active: true,
        currency: str(params.currency) ?? "eur",
        unit_amount: Number(str(params.unit_amount)),
        lookup_key: lookupKey,
        product,
        recurring: interval ? { interval, interval_count: 1 } : null,
        type: interval ? "recurring" : "one_time",
      };
      state.prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const lineItems = (Array.isArray(params.line_items) ? params.line_items : []).map((item) => ({ price: str(obj(item).price) ?? "", quantity: str(obj(item).quantity) ?? "1" }));
      const unknown = lineItems.find((item) => !priceFor(item.price));
      if (unknown) return missing("price", unknown.price, "line_items[0][price]");
      const customer = str(params.customer);
      if (customer && !state.customers.has(customer)) return missing("customer", customer, "customer");
      const sessionId = newId("cs");
      const session: FakeSession = {
        id: sessionId,
        object: "checkout.session",
        mode: str(params.mode) ?? "payment",
        status: "open",
        payment_status: "unpaid",
        customer: str(params.customer) ?? null,
        client_reference_id: str(params.client_reference_id) ?? null,
        metadata: metadata(params.metadata),
        success_url: str(params.success_url) ?? "",
        cancel_url: str(params.cancel_url) ?? "",
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        amount_total: lineItems.reduce((sum, item) => sum + priceFor(item.price)!.unit_amount * Number(item.quantity), 0),
        currency: "eur",
        payment_intent: null,
        subscription: null,
        created: now(),
        expires_at: now() + 24 * 3600,
      };
      state.sessions.set(sessionId, session);
      state.sessionInputs.set(sessionId, {
        lineItems,
        subscriptionMetadata: metadata(obj(params.subscription_data).metadata),
        paymentIntentMetadata: metadata(obj(params.payment_intent_data).metadata),
      });
      return { status: 200, body: session };
    }
    if (method === "GET" && id && path.startsWith("/v1/checkout/sessions/")) {
      const session = state.sessions.get(id);
      return session ? { status: 200, body: expanded(session, strings(params.expand)) } : missing("checkout.session", id);
    }
    if (method === "GET" && id && path.startsWith("/v1/subscriptions/")) {
      const subscription = state.subscriptions.get(id);
      return subscription ? { status: 200, body: subscription } : missing("subscription", id);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = str(params.customer) ?? "";
      if (!state.customers.has(customer)) return missing("customer", customer, "customer");
      const portalId = newId("bps");
      return { status: 200, body: { id: portalId, object: "billing_portal.session", customer, return_url: str(params.return_url), url: `https://billing.stripe.test/p/session/${portalId}` } };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://fake-stripe");
    const method = req.method ?? "GET";
    const params = parseForm(method === "GET" ? url.search.slice(1) : body);
    requests.push({ method, path: url.pathname, params });
    // As Stripe does: a repeated Idempotency-Key gets the first answer again.
    const key = req.headers["idempotency-key"] as string | undefined;
    const answer = (key && idempotent.get(key)) || route(method, url.pathname, params);
    if (key) idempotent.set(key, answer);
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A full event as Stripe delivers it, with a unique id and a snapshot of the object. */
  function event<T extends object>(type: string, object: T): FakeEvent<T> {
    return {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }

  function subscriptionOf(id: string): FakeSubscription {
    const subscription = state.subscriptions.get(id);
    if (!subscription) throw new Error(`No subscription ${id}`);
    return subscription;
  }

  /** An invoice of the subscription's price: paid (a renewal) or open (a failed payment). */
  function invoice(subscriptionId: string, { paid }: { paid: boolean }): FakeInvoice {
    const subscription = subscriptionOf(subscriptionId);
    const amount = subscription.items.data[0]!.price.unit_amount;
    const invoiceId = newId("in");
    return {
      id: invoiceId,
      object: "invoice",
      customer: subscription.customer,
      status: paid ? "paid" : "open",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: "eur",
      hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
      created: now(),
      status_transitions: { finalized_at: now(), paid_at: paid ? now() : null, marked_uncollectible_at: null, voided_at: null },
      parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: subscriptionId, metadata: subscription.metadata } },
    };
  }

  return {
    apiBase,
    webhookSecret,
    state,
    requests,
    event,
    invoice,

    /** The customer pays: the session completes; Stripe's events in the order it sends them. */
    completeCheckout(sessionId: string): FakeEvent[] {
      const session = state.sessions.get(sessionId);
      const input = state.sessionInputs.get(sessionId);
      if (!session || !input) throw new Error(`No checkout session ${sessionId}`);
      Object.assign(session, { status: "complete", payment_status: "paid" });
      if (session.mode === "subscription") {
        const subscription: FakeSubscription = {
          id: newId("sub"),
          object: "subscription",
          customer: session.customer,
          status: "active",
          cancel_at_period_end: false,
          metadata: input.subscriptionMetadata,
          created: now(),
          ended_at: null,
          items: { object: "list", data: [subscriptionItem(priceFor(input.lineItems[0]!.price)!, now())], has_more: false, url: "/v1/subscription_items" },
        };
        state.subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
        return [event("customer.subscription.created", subscription), event("checkout.session.completed", session), event("invoice.paid", invoice(subscription.id, { paid: true }))];
      }
      const chargeId = newId("ch");
      const intent: FakePaymentIntent = { id: newId("pi"), object: "payment_intent", amount: session.amount_total, currency: "eur", status: "succeeded", customer: session.customer, latest_charge: chargeId, metadata: input.paymentIntentMetadata };
      state.paymentIntents.set(intent.id, intent);
      state.charges.set(chargeId, {
        id: chargeId,
        object: "charge",
        amount: session.amount_total,
        amount_refunded: 0,
        refunded: false,
        currency: "eur",
        customer: session.customer,
        payment_intent: intent.id,
        receipt_url: `https://pay.stripe.test/receipts/${chargeId}`,
      });
      session.payment_intent = intent.id;
      return [event("checkout.session.completed", session)];
    },

    expireCheckout(sessionId: string): FakeEvent<FakeSession> {
      const session = state.sessions.get(sessionId)!;
      session.status = "expired";
      return event("checkout.session.expired", session);
    },

    /** A change made in the Customer Portal or by Stripe's dunning: the updated (or deleted) event. */
    updateSubscription(id: string, patch: SubscriptionPatch): FakeEvent<FakeSubscription> {
      const subscription = subscriptionOf(id);
      if (patch.price) {
        const price = priceFor(patch.price);
        if (!price) throw new Error(`No price ${patch.price}`);
        subscription.items.data = [subscriptionItem(price, subscription.items.data[0]!.current_period_start)];
      }
      if (patch.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = patch.cancelAtPeriodEnd;
      if (patch.status) subscription.status = patch.status;
      if (patch.status === "canceled") {
        subscription.ended_at = now();
        // Stripe deletes a cancel-at-period-end subscription when its period runs out.
        if (subscription.cancel_at_period_end) for (const item of subscription.items.data) item.current_period_end = now() - 1;
      }
      return event(patch.status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated", subscription);
    },

    /** Refunds part (or all) of a pack's payment; the charge.refunded event carries the running total. */
    refund(paymentIntentId: string, amountCents: number): FakeEvent<FakeCharge> {
      const intent = state.paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`No payment intent ${paymentIntentId}`);
      const charge = state.charges.get(intent.latest_charge)!;
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + amountCents);
      charge.refunded = charge.amount_refunded === charge.amount;
      return event("charge.refunded", charge);
    },

    /** The body and headers Stripe would POST; another `secret` forges a bad signature. */
    signedDelivery(payload: object | string, secret = webhookSecret) {
      const body = typeof payload === "string" ? payload : JSON.stringify(payload);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
      return { body, headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature } };
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
