import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKS } from "~/lib/packs";
import { createStripeProvider, packLookupKey, planLookupKey, type StripeProvider } from "~/server/billing/providers/stripe.server";
import { HttpError } from "~/server/platform/http.server";
import { parseForm, startFakeStripe, type FakeInvoice, type FakeStripe } from "../helpers/fake-stripe";

// The adapter alone: the real stripe SDK against the loopback Stripe (no database involved).
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe?.close());

const provider = (webhookSecret: string | null = stripe.webhookSecret): StripeProvider =>
  createStripeProvider({ secretKey: "sk_test_x", webhookSecret, apiBase: stripe.apiBase });
const pack = (id: string) => PACKS.find((p) => p.id === id)!;
const customer = (userId: string, customerId: string | null = null) => ({ userId, email: `${userId}@example.com`, customerId });
const calls = (method: string, path: string) => stripe.requests.filter((r) => r.method === method && r.path === path);
const urls = (checkoutId: string) => ({ successUrl: `http://app.test/upgrade?checkout=success&checkoutId=${checkoutId}`, cancelUrl: `http://app.test/upgrade?checkout=cancelled&checkoutId=${checkoutId}` });

describe("the form parser of the fake", () => {
  it("reads Stripe's bracket keys into objects and arrays", () => {
    expect(parseForm("line_items[0][price]=p&line_items[0][quantity]=2&metadata[userId]=u&lookup_keys[]=a&lookup_keys[]=b&expand[0]=x.y")).toEqual({
      line_items: [{ price: "p", quantity: "2" }],
      metadata: { userId: "u" },
      lookup_keys: ["a", "b"],
      expand: ["x.y"],
    });
  });
});

describe("prices by lookup key", () => {
  it("creates a missing price once, in EUR from the catalogue, then reuses it", async () => {
    const stripeProvider = provider();
    // Two first uses at once share one look-up and one creation.
    const [first, second] = await Promise.all([
      stripeProvider.createCheckout({ checkoutId: "c-1", customer: customer("u1"), item: { kind: "pack", pack: pack("pack-20"), quantity: 2 }, ...urls("c-1") }),
      stripeProvider.createCheckout({ checkoutId: "c-2", customer: customer("u2"), item: { kind: "pack", pack: pack("pack-20"), quantity: 1 }, ...urls("c-2") }),
    ]);
    expect(calls("POST", "/v1/products")).toHaveLength(1);
    const created = calls("POST", "/v1/prices");
    expect(created).toHaveLength(1);
    expect(created[0]!.params).toMatchObject({ currency: "eur", unit_amount: "499", lookup_key: "linkwise_pack-20" });
    expect(created[0]!.params.recurring).toBeUndefined();
    expect(calls("GET", "/v1/prices")[0]!.params).toMatchObject({ lookup_keys: ["linkwise_pack-20"] });

    const sessionA = stripe.state.sessions.get(first.providerSessionId)!;
    expect(sessionA.amount_total).toBe(998);
    expect(stripe.state.sessionInputs.get(second.providerSessionId)!.lineItems[0]!.price).toBe(stripe.state.sessionInputs.get(first.providerSessionId)!.lineItems[0]!.price);

    // The same instance asks Stripe no more; a new one (another process) finds it by key.
    const before = stripe.requests.length;
    await stripeProvider.createCheckout({ checkoutId: "c-3", customer: customer("u1", first.customerId), item: { kind: "pack", pack: pack("pack-20"), quantity: 1 }, ...urls("c-3") });
    expect(stripe.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/checkout/sessions"]);
    await provider().createCheckout({ checkoutId: "c-4", customer: customer("u1", first.customerId), item: { kind: "pack", pack: pack("pack-20"), quantity: 1 }, ...urls("c-4") });
    expect(calls("POST", "/v1/prices")).toHaveLength(1);
    expect(calls("GET", "/v1/prices")).toHaveLength(2);
  });

  it("uses a price an operator created in the dashboard with the lookup key", async () => {
    const stripeProvider = provider();
    const product = { id: "prod_manual", object: "product" as const, name: "Starter", active: true, metadata: {} };
    stripe.state.products.set(product.id, product);
    stripe.state.prices.set("price_manual", { id: "price_manual", object: "price", active: true, currency: "eur", unit_amount: 299, lookup_key: packLookupKey("pack-10"), product: product.id, recurring: null, type: "one_time" });
    const pricesBefore = calls("POST", "/v1/prices").length;
    const { providerSessionId } = await stripeProvider.createCheckout({ checkoutId: "c-5", customer: customer("u5"), item: { kind: "pack", pack: pack("pack-10"), quantity: 3 }, ...urls("c-5") });
    expect(calls("POST", "/v1/prices")).toHaveLength(pricesBefore);
    expect(stripe.state.sessionInputs.get(providerSessionId)!.lineItems).toEqual([{ price: "price_manual", quantity: "3" }]);
  });
});

describe("checkouts", () => {
  it("creates the customer once and a payment-mode session for a pack, with our ids in metadata", async () => {
    const stripeProvider = provider();
    const created = await stripeProvider.createCheckout({ checkoutId: "chk-pack", customer: customer("user-a"), item: { kind: "pack", pack: pack("pack-50"), quantity: 1 }, ...urls("chk-pack") });
    expect(created.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(created.customerId).toMatch(/^cus_/);
    expect(stripe.state.customers.get(created.customerId!)).toMatchObject({ email: "user-a@example.com", metadata: { userId: "user-a" } });
    const session = calls("POST", "/v1/checkout/sessions").at(-1)!.params;
    expect(session).toMatchObject({
      mode: "payment",
      customer: created.customerId,
      client_reference_id: "user-a",
      metadata: { checkoutId: "chk-pack", userId: "user-a" },
      payment_intent_data: { metadata: { checkoutId: "chk-pack", userId: "user-a", packId: "pack-50" } },
      success_url: urls("chk-pack").successUrl,
      cancel_url: urls("chk-pack").cancelUrl,
    });
    expect(session.subscription_data).toBeUndefined();

    const again = await stripeProvider.createCheckout({ checkoutId: "chk-pack-2", customer: customer("user-a", created.customerId), item: { kind: "pack", pack: pack("pack-10"), quantity: 1 }, ...urls("chk-pack-2") });
    expect(again.customerId).toBeNull();
    expect([...stripe.state.customers.values()].filter((c) => c.metadata.userId === "user-a")).toHaveLength(1);
  });

  it("replaces a stored customer Stripe no longer has (deleted, or made with test-mode keys)", async () => {
    const stripeProvider = provider();
    const created = await stripeProvider.createCheckout({ checkoutId: "chk-gone", customer: customer("user-g", "cus_test_gone"), item: { kind: "pack", pack: pack("pack-10"), quantity: 1 }, ...urls("chk-gone") });
    expect(created.customerId).toMatch(/^cus_test_/);
    expect(created.customerId).not.toBe("cus_test_gone");
    expect(stripe.state.sessions.get(created.providerSessionId)!.customer).toBe(created.customerId);
    expect(stripe.state.customers.get(created.customerId!)!.metadata).toEqual({ userId: "user-g" });
    // The portal answers null when Stripe refuses (the caller shows "not available").
    expect(await stripeProvider.portalUrl("cus_test_gone", "http://app.test/")).toBeNull();
  });

  it("reports a pack checkout before and after payment, with the payment intent as the refund reference", async () => {
    const stripeProvider = provider();
    const created = await stripeProvider.createCheckout({ checkoutId: "chk-snap", customer: customer("user-b"), item: { kind: "pack", pack: pack("pack-10"), quantity: 2 }, ...urls("chk-snap") });
    expect(await stripeProvider.checkout(created.providerSessionId)).toMatchObject({ status: "open", paid: false, paymentRef: null, checkoutId: "chk-snap", userId: "user-b" });
    stripe.completeCheckout(created.providerSessionId);
    const snapshot = await stripeProvider.checkout(created.providerSessionId);
    const intent = [...stripe.state.paymentIntents.values()].find((pi) => pi.metadata.checkoutId === "chk-snap")!;
    expect(snapshot).toEqual({
      providerSessionId: created.providerSessionId,
      checkoutId: "chk-snap",
      userId: "user-b",
      status: "complete",
      paid: true,
      customerId: created.customerId,
      subscriptionId: null,
      paymentRef: intent.id,
      amountTotalCents: 598,
      currency: "eur",
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/receipts\/ch_/),
    });
    expect(await stripeProvider.checkout("cs_test_unknown")).toBeNull();
  });

  it("sells a plan as a monthly subscription and reads its state back from Stripe", async () => {
    const stripeProvider = provider();
    const created = await stripeProvider.createCheckout({ checkoutId: "chk-sub", customer: customer("user-c"), item: { kind: "subscription", plan: "creator" }, ...urls("chk-sub") });
    const params = calls("POST", "/v1/checkout/sessions").at(-1)!.params;
    expect(params).toMatchObject({ mode: "subscription", metadata: { checkoutId: "chk-sub", userId: "user-c" }, subscription_data: { metadata: { userId: "user-c", plan: "creator" } } });
    expect(params.payment_intent_data).toBeUndefined();
    const price = [...stripe.state.prices.values()].find((p) => p.lookup_key === planLookupKey("creator"))!;
    expect(price).toMatchObject({ unit_amount: 1295, currency: "eur", recurring: { interval: "month" } });

    stripe.completeCheckout(created.providerSessionId);
    const snapshot = (await stripeProvider.checkout(created.providerSessionId))!;
    expect(snapshot).toMatchObject({ status: "complete", paid: true, paymentRef: null, amountTotalCents: 1295 });
    expect(snapshot.subscriptionId).toMatch(/^sub_/);

    const subscription = (await stripeProvider.subscription(snapshot.subscriptionId!))!;
    expect(subscription).toMatchObject({ id: snapshot.subscriptionId, customerId: created.customerId, userId: "user-c", plan: "creator", status: "active", cancelAtPeriodEnd: false });
    const days = (subscription.currentPeriodEnd.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);

    // A portal plan change moves the item to the other price; the lookup key names the plan.
    await stripeProvider.createCheckout({ checkoutId: "chk-scout", customer: customer("user-z"), item: { kind: "subscription", plan: "scout" }, ...urls("chk-scout") });
    stripe.updateSubscription(snapshot.subscriptionId!, { price: planLookupKey("scout"), cancelAtPeriodEnd: true, status: "past_due" });
    expect(await stripeProvider.subscription(snapshot.subscriptionId!)).toMatchObject({ plan: "scout", cancelAtPeriodEnd: true, status: "past_due" });
    stripe.updateSubscription(snapshot.subscriptionId!, { status: "canceled" });
    expect(await stripeProvider.subscription(snapshot.subscriptionId!)).toMatchObject({ status: "canceled" });
    expect(await stripeProvider.subscription("sub_test_unknown")).toBeNull();
  });

  it("opens the Customer Portal for a customer", async () => {
    const stripeProvider = provider();
    const { customerId } = await stripeProvider.createCheckout({ checkoutId: "chk-portal", customer: customer("user-d"), item: { kind: "pack", pack: pack("pack-10"), quantity: 1 }, ...urls("chk-portal") });
    expect(await stripeProvider.portalUrl(customerId!, "http://app.test/settings/billing")).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(calls("POST", "/v1/billing_portal/sessions").at(-1)!.params).toEqual({ customer: customerId, return_url: "http://app.test/settings/billing" });
  });
});

describe("webhooks", () => {
  const delivered = (stripeProvider: StripeProvider, payload: object) => {
    const { body, headers } = stripe.signedDelivery(payload);
    return stripeProvider.parseWebhook(body, headers["stripe-signature"]);
  };

  it("reduces Stripe's events to what fulfilment acts on", async () => {
    const stripeProvider = provider();
    const sub = await stripeProvider.createCheckout({ checkoutId: "chk-w1", customer: customer("user-w"), item: { kind: "subscription", plan: "scout" }, ...urls("chk-w1") });
    const [created, completed, paid] = stripe.completeCheckout(sub.providerSessionId);
    if (!created || !completed || !paid) throw new Error("expected three events");
    const subscriptionId = stripe.state.sessions.get(sub.providerSessionId)!.subscription as string;

    expect(delivered(stripeProvider, completed)).toEqual({ id: completed.id, provider: "stripe", type: "checkout.session.completed", kind: "checkout.completed", providerSessionId: sub.providerSessionId });
    expect(delivered(stripeProvider, created)).toMatchObject({ kind: "subscription.changed", subscriptionId, type: "customer.subscription.created" });
    for (const type of ["updated", "deleted", "paused", "resumed"]) {
      expect(delivered(stripeProvider, stripe.event(`customer.subscription.${type}`, created.data.object))).toMatchObject({ kind: "subscription.changed", subscriptionId });
    }
    const invoice = paid.data.object as FakeInvoice;
    expect(delivered(stripeProvider, paid)).toEqual({
      id: paid.id,
      provider: "stripe",
      type: "invoice.paid",
      kind: "invoice.paid",
      invoice: { id: invoice.id, subscriptionId, customerId: sub.customerId, amountCents: 495, currency: "eur", url: invoice.hosted_invoice_url, at: new Date(invoice.status_transitions.paid_at! * 1000) },
    });
    const failed = stripe.event("invoice.payment_failed", stripe.invoice(subscriptionId, { paid: false }));
    expect(delivered(stripeProvider, failed)).toMatchObject({ kind: "invoice.failed", invoice: { subscriptionId, amountCents: 495 } });

    const packCheckout = await stripeProvider.createCheckout({ checkoutId: "chk-w2", customer: customer("user-w", sub.customerId), item: { kind: "pack", pack: pack("pack-20"), quantity: 1 }, ...urls("chk-w2") });
    const [packCompleted] = stripe.completeCheckout(packCheckout.providerSessionId);
    expect(delivered(stripeProvider, stripe.event("checkout.session.async_payment_succeeded", packCompleted!.data.object))).toMatchObject({ kind: "checkout.completed", providerSessionId: packCheckout.providerSessionId });
    expect(delivered(stripeProvider, stripe.expireCheckout(packCheckout.providerSessionId))).toMatchObject({ kind: "checkout.expired", providerSessionId: packCheckout.providerSessionId });
    const paymentRef = stripe.state.sessions.get(packCheckout.providerSessionId)!.payment_intent as string;
    stripe.refund(paymentRef, 100);
    expect(delivered(stripeProvider, stripe.refund(paymentRef, 150))).toMatchObject({ kind: "charge.refunded", paymentRef, amountRefundedCents: 250 });
    expect(delivered(stripeProvider, stripe.event("customer.updated", { id: "cus_x", object: "customer" }))).toMatchObject({ kind: "ignored", type: "customer.updated" });
  });

  it("refuses a missing or wrong signature, a changed body, and every webhook when no secret is set", () => {
    const event = stripe.event("checkout.session.completed", { id: "cs_test_1", object: "checkout.session" });
    const { body, headers } = stripe.signedDelivery(event);
    const forged = stripe.signedDelivery(event, "whsec_someone_else");
    const refused = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof HttpError ? { status: error.status, message: error.message } : error;
      }
      return "accepted";
    };
    const invalid = { status: 400, message: "Invalid webhook signature." };
    expect(refused(() => provider().parseWebhook(body, null))).toEqual(invalid);
    expect(refused(() => provider().parseWebhook(body, "t=1,v1=abc"))).toEqual(invalid);
    expect(refused(() => provider().parseWebhook(forged.body, forged.headers["stripe-signature"]))).toEqual(invalid);
    expect(refused(() => provider().parseWebhook(body.replace("cs_test_1", "cs_test_2"), headers["stripe-signature"]))).toEqual(invalid);
    expect(refused(() => provider(null).parseWebhook(body, headers["stripe-signature"]))).toEqual(invalid);
    expect(refused(() => provider().parseWebhook(body, headers["stripe-signature"]))).toBe("accepted");
  });
});
