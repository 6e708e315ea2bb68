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

type Obj = Record<string, any>;

const newId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 24 * 3600;

/** `a[0][b]=1&c[]=2` → `{a: [{b: "1"}], c: ["2"]}`, as Stripe reads a form (and a query string). */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: any = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const next = path[i + 1];
      const container = () => (next === "" || /^\d+$/.test(next ?? "") ? [] : {});
      if (Array.isArray(node) && segment === "") {
        if (last) node.push(value);
        else node = node[node.push(container()) - 1];
      } else if (last) node[segment] = value;
      else node = node[segment] ??= container();
    });
  }
  return root;
}

export interface SubscriptionPatch {
  /** A price id or lookup key: a plan change. */
  price?: string;
  cancelAtPeriodEnd?: boolean;
  status?: "active" | "past_due" | "canceled" | "unpaid";
}

export async function startFakeStripe({ webhookSecret = "whsec_fake_stripe_secret" } = {}) {
  const state = {
    customers: new Map<string, Obj>(),
    products: new Map<string, Obj>(),
    prices: new Map<string, Obj>(),
    sessions: new Map<string, Obj>(),
    subscriptions: new Map<string, Obj>(),
    paymentIntents: new Map<string, Obj>(),
    charges: new Map<string, Obj>(),
  };
  /** Every API call, for assertions on what the adapter asked for. */
  const requests: Array<{ method: string; path: string; params: Obj }> = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const missing = (kind: string, id: string) => ({
    status: 404,
    body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param: "id" } },
  });
  const list = (data: Obj[], url: string) => ({ object: "list", data, has_more: false, url });

  function priceFor(ref: string): Obj | undefined {
    return state.prices.get(ref) ?? [...state.prices.values()].find((p) => p.lookup_key === ref);
  }

  function subscriptionItem(price: Obj, start: number) {
    return { id: newId("si"), object: "subscription_item", price, quantity: 1, current_period_start: start, current_period_end: start + MONTH_S, metadata: {} };
  }

  function withExpansions(session: Obj, expand: string[]): Obj {
    const out = { ...session };
    delete out.line_items_input;
    if (out.payment_intent && expand.some((e) => e.startsWith("payment_intent"))) {
      const intent = { ...state.paymentIntents.get(out.payment_intent) };
      if (expand.includes("payment_intent.latest_charge")) intent.latest_charge = state.charges.get(intent.latest_charge);
      out.payment_intent = intent;
    }
    return out;
  }

  function route(method: string, path: string, params: Obj): { status: number; body: unknown } {
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer = { id: newId("cus"), object: "customer", email: params.email ?? null, metadata: params.metadata ?? {}, created: now() };
      state.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/products") {
      const product = { id: newId("prod"), object: "product", name: params.name, active: true, metadata: params.metadata ?? {}, created: now() };
      state.products.set(product.id, product);
      return { status: 200, body: product };
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys: string[] = params.lookup_keys ?? [];
      const data = [...state.prices.values()].filter((p) => (keys.length === 0 || keys.includes(p.lookup_key)) && (params.active !== "true" || p.active));
      return { status: 200, body: list(data.slice(0, Number(params.limit ?? 10)), "/v1/prices") };
    }
    if (method === "POST" && path === "/v1/prices") {
      if (!state.products.has(params.product)) return missing("product", params.product);
      if (params.transfer_lookup_key === "true") for (const p of state.prices.values()) if (p.lookup_key === params.lookup_key) p.lookup_key = null;
      const price = {
        id: newId("price"),
        object: "price",
        active: true,
        currency: params.currency,
        unit_amount: Number(params.unit_amount),
        lookup_key: params.lookup_key ?? null,
        product: params.product,
        recurring: params.recurring ? { interval: params.recurring.interval, interval_count: 1 } : null,
        type: params.recurring ? "recurring" : "one_time",
        created: now(),
      };
      state.prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const items: Obj[] = params.line_items ?? [];
      for (const item of items) if (!priceFor(item.price)) return missing("price", item.price);
      const id = newId("cs");
      const session = {
        id,
        object: "checkout.session",
        mode: params.mode,
        status: "open",
        payment_status: "unpaid",
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total: items.reduce((sum, item) => sum + priceFor(item.price)!.unit_amount * Number(item.quantity ?? 1), 0),
        currency: "eur",
        payment_intent: null,
        subscription: null,
        created: now(),
        expires_at: now() + 24 * 3600,
        // Kept for completeCheckout, never sent.
        line_items_input: items,
        subscription_metadata: params.subscription_data?.metadata ?? {},
        payment_intent_metadata: params.payment_intent_data?.metadata ?? {},
      };
      state.sessions.set(id, session);
      return { status: 200, body: withExpansions(session, []) };
    }
    if (method === "GET" && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = state.sessions.get(match[1]!);
      return session ? { status: 200, body: withExpansions(session, params.expand ?? []) } : missing("checkout.session", match[1]!);
    }
    if (method === "GET" && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = state.subscriptions.get(match[1]!);
      return subscription ? { status: 200, body: subscription } : missing("subscription", match[1]!);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!state.customers.has(params.customer)) return missing("customer", params.customer);
      const id = newId("bps");
      return { status: 200, body: { id, object: "billing_portal.session", customer: params.customer, return_url: params.return_url, url: `https://billing.stripe.test/p/session/${id}` } };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://fake-stripe");
    const params = parseForm(req.method === "GET" ? url.search.slice(1) : body);
    requests.push({ method: req.method ?? "GET", path: url.pathname, params });
    const key = req.headers["idempotency-key"] as string | undefined;
    const answer = (key && idempotent.get(key)) || route(req.method ?? "GET", url.pathname, params);
    if (key && answer.status < 500) idempotent.set(key, answer);
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A full event as Stripe delivers it, with a unique id and a snapshot of the object. */
  function event(type: string, object: Obj): Obj {
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

  function invoice(subscriptionId: string, { paid }: { paid: boolean }): Obj {
    const subscription = state.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
    const amount = subscription.items.data[0].price.unit_amount;
    const id = newId("in");
    return {
      id,
      object: "invoice",
      customer: subscription.customer,
      status: paid ? "paid" : "open",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: "eur",
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
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

    /** The customer pays: the session completes, and Stripe's events in the order it sends them. */
    completeCheckout(sessionId: string): Obj[] {
      const session = state.sessions.get(sessionId);
      if (!session) throw new Error(`No checkout session ${sessionId}`);
      Object.assign(session, { status: "complete", payment_status: "paid" });
      if (session.mode === "subscription") {
        const price = priceFor(session.line_items_input[0].price)!;
        const subscription = {
          id: newId("sub"),
          object: "subscription",
          customer: session.customer,
          status: "active",
          cancel_at_period_end: false,
          metadata: session.subscription_metadata,
          created: now(),
          ended_at: null,
          items: { object: "list", data: [subscriptionItem(price, now())], has_more: false, url: "/v1/subscription_items" },
        };
        state.subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
        return [event("customer.subscription.created", subscription), event("checkout.session.completed", session), event("invoice.paid", invoice(subscription.id, { paid: true }))];
      }
      const charge = { id: newId("ch"), object: "charge", amount: session.amount_total, amount_refunded: 0, refunded: false, currency: "eur", customer: session.customer, payment_intent: "", receipt_url: "" };
      const intent = { id: newId("pi"), object: "payment_intent", amount: session.amount_total, currency: "eur", status: "succeeded", customer: session.customer, latest_charge: charge.id, metadata: session.payment_intent_metadata };
      Object.assign(charge, { payment_intent: intent.id, receipt_url: `https://pay.stripe.test/receipts/${charge.id}` });
      state.charges.set(charge.id, charge);
      state.paymentIntents.set(intent.id, intent);
      session.payment_intent = intent.id;
      return [event("checkout.session.completed", withExpansions(session, []))];
    },

    expireCheckout(sessionId: string): Obj {
      const session = state.sessions.get(sessionId)!;
      session.status = "expired";
      return event("checkout.session.expired", withExpansions(session, []));
    },

    /** A change made in the Customer Portal or by Stripe's dunning: the updated (or deleted) event. */
    updateSubscription(id: string, patch: SubscriptionPatch): Obj {
      const subscription = state.subscriptions.get(id);
      if (!subscription) throw new Error(`No subscription ${id}`);
      if (patch.price) {
        const price = priceFor(patch.price);
        if (!price) throw new Error(`No price ${patch.price}`);
        subscription.items.data = [subscriptionItem(price, subscription.items.data[0].current_period_start)];
      }
      if (patch.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = patch.cancelAtPeriodEnd;
      if (patch.status) subscription.status = patch.status;
      if (patch.status === "canceled") subscription.ended_at = now();
      return event(patch.status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated", subscription);
    },

    /** Refunds part (or all) of a pack's payment; the charge.refunded event carries the running total. */
    refund(paymentIntentId: string, amountCents: number): Obj {
      const intent = state.paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`No payment intent ${paymentIntentId}`);
      const charge = state.charges.get(intent.latest_charge)!;
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + amountCents);
      charge.refunded = charge.amount_refunded === charge.amount;
      return event("charge.refunded", charge);
    },

    /** The body and headers Stripe would POST; `secret` another secret to forge a bad signature. */
    signedDelivery(payload: Obj | string, secret = webhookSecret) {
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
