import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingSummary, CheckoutState } from "~/lib/billing";
import { changeCredits } from "~/server/billing/ledger.server";
import { setPaymentProvider } from "~/server/billing/payments.server";
import { testModeProvider } from "~/server/billing/providers/test-mode.server";
import { planLookupKey } from "~/server/billing/providers/stripe.server";
import { hashPassword, scryptParams } from "~/server/accounts/password.server";
import { db } from "~/server/platform/db.server";
import type { Role } from "~/server/platform/db-schema.server";
import { startFakeStripe, type FakeEvent, type FakeStripe } from "../helpers/fake-stripe";
import { waitForMail } from "../helpers/outbox";
import { apiClient, startWebServer } from "../helpers/web-server";

// The whole Stripe path as production runs it: our routes, the real stripe SDK against a
// loopback Stripe, and webhooks signed with the SDK's test-header helper.
let stripe: FakeStripe;
let baseUrl: string;
let close: () => Promise<void>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ({ baseUrl, close } = await startWebServer({
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.apiBase,
    SALES_STATE: "open",
  }));
  api = apiClient(baseUrl);
});
afterAll(async () => {
  await close?.();
  await stripe?.close();
});

let counter = 0;
const PASSWORD = "stripe-payments-pass";
let passwordHash: string | undefined;

interface TestUser {
  id: string;
  email: string;
  token: string;
}

async function makeUser(role: Role = "FreeUser"): Promise<TestUser> {
  passwordHash ??= await hashPassword(PASSWORD, scryptParams("test"));
  const email = `stripe${++counter}-${role.toLowerCase()}@example.com`;
  const { id } = await db().insertInto("users").values({ email, password_hash: passwordHash, role, email_confirmed: true }).returning("id").executeTakeFirstOrThrow();
  const login = await api<{ token: string }>("POST", "/api/auth/login", { body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  return { id, email, token: login.body.token };
}

const WEBHOOK = "/api/webhooks/stripe";

/** POSTs the event as Stripe does: raw JSON, the signature header, no cookie and no Origin. */
async function deliver(event: FakeEvent | string, secret?: string) {
  const { body, headers } = stripe.signedDelivery(event, secret);
  const response = await fetch(`${baseUrl}${WEBHOOK}`, { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as { received?: boolean; duplicate?: boolean; message?: string } };
}

async function deliverAll(events: FakeEvent[]) {
  for (const event of events) expect((await deliver(event)).status, event.type).toBe(200);
}

const userRow = (id: string) => db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const ledgerOf = (userId: string) => db().selectFrom("credit_ledger").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
const checkoutsOf = (userId: string) => db().selectFrom("checkouts").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();

/** Starts a pack checkout through our API and returns Stripe's session id and our checkout id. */
async function buyPack(user: TestUser, packId: string, quantity = 1) {
  const started = await api<{ checkoutUrl: string }>("POST", "/api/purchase-pack", { token: user.token, body: { packId, quantity, returnUrl: "/dashboard" } });
  expect(started.status).toBe(200);
  expect(started.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  const sessionId = started.body.checkoutUrl.split("/").at(-1)!;
  const checkout = (await checkoutsOf(user.id)).find((c) => c.provider_session_id === sessionId)!;
  expect(checkout).toMatchObject({ provider: "stripe", kind: "pack", pack_id: packId, quantity, status: "open" });
  return { sessionId, checkoutId: checkout.id };
}

async function subscribe(user: TestUser, tierId: "scout" | "creator") {
  const started = await api<{ checkoutUrl: string }>("POST", "/api/checkout-session", { token: user.token, body: { tierId, returnUrl: "/upgrade" } });
  expect(started.status).toBe(200);
  const sessionId = started.body.checkoutUrl.split("/").at(-1)!;
  const events = stripe.completeCheckout(sessionId);
  await deliverAll(events);
  const subscriptionId = stripe.state.sessions.get(sessionId)!.subscription!;
  return { sessionId, subscriptionId, events };
}

const billing = async (user: TestUser) => {
  const response = await api<BillingSummary>("GET", "/api/billing", { token: user.token });
  expect(response.status).toBe(200);
  return response.body;
};

describe("the Stripe webhook endpoint", () => {
  it("answers 400 to a missing, wrong or forged signature and stores nothing", async () => {
    const user = await makeUser();
    const { sessionId } = await buyPack(user, "pack-20");
    const [completed] = stripe.completeCheckout(sessionId);
    const { body, headers } = stripe.signedDelivery(completed!);
    const attempts: Array<Record<string, string>> = [
      { "content-type": "application/json" },
      { ...headers, "stripe-signature": "t=1700000000,v1=0123456789abcdef" },
      stripe.signedDelivery(completed!, "whsec_not_ours").headers,
    ];
    for (const attempt of attempts) {
      const response = await fetch(`${baseUrl}${WEBHOOK}`, { method: "POST", headers: attempt, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Invalid webhook signature." });
    }
    // Signed, then changed on the way: the signature covers the exact bytes.
    const tampered = await fetch(`${baseUrl}${WEBHOOK}`, { method: "POST", headers, body: body.replace('"paid"', '"unpaid"') });
    expect(tampered.status).toBe(400);

    expect(await db().selectFrom("payment_events").selectAll().execute()).toEqual([]);
    expect((await userRow(user.id)).pack_credits).toBe(0);
    expect(await ledgerOf(user.id)).toEqual([]);
    expect((await checkoutsOf(user.id))[0]).toMatchObject({ status: "open", fulfilled_at: null });
  });

  it("takes Stripe's POST without Origin or cookie, with the raw body intact, and only POST", async () => {
    const user = await makeUser();
    const { sessionId } = await buyPack(user, "pack-10");
    const [completed] = stripe.completeCheckout(sessionId);
    // Pretty-printed, non-ASCII and CRLF: any re-encoding on the way would break the signature.
    const raw = JSON.stringify({ ...completed!, note: "Zoë’s café ☕" }, null, 2).replace(/\n/g, "\r\n");
    const delivered = await deliver(raw);
    expect(delivered).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect((await userRow(user.id)).pack_credits).toBe(10);

    // The CSRF guard stays in force here too: a browser posting from another site is refused.
    const { body, headers } = stripe.signedDelivery(stripe.event("customer.updated", { id: "cus_x", object: "customer" }));
    const foreign = await fetch(`${baseUrl}${WEBHOOK}`, { method: "POST", headers: { ...headers, Origin: "https://evil.example" }, body });
    expect(foreign.status).toBe(403);
    const get = await fetch(`${baseUrl}${WEBHOOK}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    // An event we do not act on is acknowledged, so Stripe stops sending it.
    expect(await deliver(stripe.event("customer.updated", { id: "cus_x", object: "customer" }))).toMatchObject({ status: 200, body: { received: true } });
  });

  it("answers 404 when this instance sells in test mode, whatever the signature", async () => {
    const restore = setPaymentProvider(testModeProvider());
    try {
      const response = await deliver(stripe.event("customer.updated", { id: "cus_x", object: "customer" }));
      expect(response).toEqual({ status: 404, body: { message: "Stripe is not configured." } });
    } finally {
      restore();
    }
  });
});

describe("packs through Stripe", () => {
  it("refuses an off-site returnUrl with 400 and starts nothing at Stripe", async () => {
    const user = await makeUser();
    const sessionsBefore = stripe.state.sessions.size;
    for (const returnUrl of ["https://evil.example/dashboard", "//evil.example/dashboard", "javascript:alert(1)", "http://127.0.0.1.evil.example/"]) {
      const response = await api("POST", "/api/purchase-pack", { token: user.token, body: { packId: "pack-10", quantity: 1, returnUrl } });
      expect(response.status, returnUrl).toBe(400);
      expect(typeof response.body.message).toBe("string");
    }
    expect(stripe.state.sessions.size).toBe(sessionsBefore);
    expect(await checkoutsOf(user.id)).toEqual([]);
  });

  it("credits a pack once when Stripe delivers the event twice at once, again later, and with async success", async () => {
    const user = await makeUser();
    const { sessionId, checkoutId } = await buyPack(user, "pack-20", 2);
    const session = stripe.state.sessions.get(sessionId)!;
    expect(session).toMatchObject({ mode: "payment", client_reference_id: user.id, metadata: { checkoutId, userId: user.id }, amount_total: 998 });
    expect(session.success_url).toContain(`checkoutId=${checkoutId}`);
    // The Stripe customer is created once and kept on the user.
    const customerId = (await userRow(user.id)).billing_customer_id;
    expect(customerId).toBe(session.customer);

    const [completed] = stripe.completeCheckout(sessionId);
    const answers = await Promise.all([deliver(completed!), deliver(completed!), deliver(completed!)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    expect((await deliver(completed!)).body).toEqual({ received: true, duplicate: true });
    // Another event about the same session (a new id): still one grant per checkout.
    expect((await deliver(stripe.event("checkout.session.async_payment_succeeded", session))).body).toEqual({ received: true, duplicate: false });

    expect((await userRow(user.id)).pack_credits).toBe(40);
    const ledger = await ledgerOf(user.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 40, balance_after: 40, reason: "purchase", checkout_id: checkoutId });
    const receipts = await db().selectFrom("receipts").selectAll().where("user_id", "=", user.id).execute();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ provider: "stripe", provider_ref: session.payment_intent, amount_cents: 998, status: "paid" });
    expect(receipts[0]!.url).toMatch(/^https:\/\/pay\.stripe\.test\/receipts\//);
    expect(await db().selectFrom("payment_events").select("id").where("id", "=", completed!.id).execute()).toHaveLength(1);

    // A second purchase reuses the customer.
    await buyPack(user, "pack-10");
    expect([...stripe.state.customers.values()].filter((c) => c.metadata.userId === user.id)).toHaveLength(1);
  });

  it("credits at once on the return page when the webhook is late, and not again when it comes", async () => {
    const user = await makeUser();
    const { sessionId, checkoutId } = await buyPack(user, "pack-10");
    const open = await api<CheckoutState>("POST", `/api/billing/checkouts/${checkoutId}/sync`, { token: user.token });
    expect(open.body).toMatchObject({ status: "open", fulfilled: false });

    const [completed] = stripe.completeCheckout(sessionId);
    const synced = await api<CheckoutState>("POST", `/api/billing/checkouts/${checkoutId}/sync`, { token: user.token });
    expect(synced.body).toMatchObject({ id: checkoutId, kind: "pack", status: "complete", fulfilled: true, credits: 10 });
    expect((await billing(user)).credits).toBe(10);
    expect((await deliver(completed!)).body).toEqual({ received: true, duplicate: false });
    expect((await userRow(user.id)).pack_credits).toBe(10);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it("takes back only the unspent part of a refunded pack; the balance never goes negative", async () => {
    const user = await makeUser();
    const { sessionId, checkoutId } = await buyPack(user, "pack-20");
    await deliverAll(stripe.completeCheckout(sessionId));
    expect((await userRow(user.id)).pack_credits).toBe(20);

    // Five enrichments paid with credits, through the ledger as the quota charge does.
    for (let i = 0; i < 5; i++) await db().transaction().execute((trx) => changeCredits(trx, { userId: user.id, delta: -1, reason: "enrichment" }));
    expect((await userRow(user.id)).pack_credits).toBe(15);

    const paymentRef = stripe.state.sessions.get(sessionId)!.payment_intent!;
    // Half refunded (250 of 499 cents): ten credits' worth, all still unspent.
    const half = stripe.refund(paymentRef, 250);
    expect((await deliver(half)).status).toBe(200);
    expect((await userRow(user.id)).pack_credits).toBe(5);
    expect((await deliver(half)).body.duplicate).toBe(true);
    expect((await userRow(user.id)).pack_credits).toBe(5);

    // Three more are spent; then the rest is refunded: only the two left can go.
    for (let i = 0; i < 3; i++) await db().transaction().execute((trx) => changeCredits(trx, { userId: user.id, delta: -1, reason: "enrichment" }));
    expect((await deliver(stripe.refund(paymentRef, 249))).status).toBe(200);
    const after = await userRow(user.id);
    expect(after.pack_credits).toBe(0);

    const ledger = await ledgerOf(user.id);
    expect(ledger.filter((row) => row.reason === "refund").map((row) => row.delta)).toEqual([-10, -2]);
    expect(ledger.every((row) => row.balance_after >= 0)).toBe(true);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(0);
    expect((await db().selectFrom("receipts").selectAll().where("checkout_id", "=", checkoutId).executeTakeFirstOrThrow()).status).toBe("refunded");
  });
});

describe("plans through Stripe", () => {
  it("makes a Creator subscriber a ProUser, keeps them through cancel-at-period-end, and Free once deleted", async () => {
    const user = await makeUser();
    const { sessionId, subscriptionId } = await subscribe(user, "creator");
    expect(stripe.state.sessions.get(sessionId)).toMatchObject({ mode: "subscription", metadata: { userId: user.id } });
    expect(stripe.state.subscriptions.get(subscriptionId)!.metadata).toEqual({ userId: user.id, plan: "creator" });
    expect((await userRow(user.id)).role).toBe("ProUser");
    // Sessions carry the user id: the same token sees the new role at once.
    expect((await api<{ role: string }>("GET", "/api/auth/me", { token: user.token })).body.role).toBe("ProUser");
    const summary = await billing(user);
    expect(summary).toMatchObject({ provider: "stripe", plan: "creator", role: "ProUser", manage: "portal", subscription: { plan: "creator", status: "active", cancelAtPeriodEnd: false } });
    const receipts = await db().selectFrom("receipts").selectAll().where("user_id", "=", user.id).execute();
    expect(receipts).toMatchObject([{ subscription_id: subscriptionId, amount_cents: 1295, status: "paid" }]);

    // The Customer Portal is where a subscriber changes or cancels.
    const portal = await api<{ url: string }>("POST", "/api/billing/portal", { token: user.token, body: { returnUrl: "/settings/billing" } });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);

    await deliverAll([stripe.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true })]);
    expect((await userRow(user.id)).role).toBe("ProUser");
    expect((await billing(user)).subscription).toMatchObject({ cancelAtPeriodEnd: true });

    await deliverAll([stripe.updateSubscription(subscriptionId, { status: "canceled" })]);
    expect((await userRow(user.id)).role).toBe("FreeUser");
    await waitForMail(user.email, /plan is now Free/);
  });

  it("ends in the plan Stripe has now, whatever order the events arrive in", async () => {
    const user = await makeUser();
    // Someone's Scout checkout makes sure Scout's price exists, as the portal needs both.
    expect((await api("POST", "/api/checkout-session", { token: (await makeUser()).token, body: { tierId: "scout", returnUrl: "/upgrade" } })).status).toBe(200);
    const started = await api<{ checkoutUrl: string }>("POST", "/api/checkout-session", { token: user.token, body: { tierId: "creator", returnUrl: "/upgrade" } });
    const sessionId = started.body.checkoutUrl.split("/").at(-1)!;
    const [created, completed, paid] = stripe.completeCheckout(sessionId);
    const subscriptionId = stripe.state.sessions.get(sessionId)!.subscription!;
    // Creator → Scout in the portal, then past due: the newest events arrive first.
    const downgraded = stripe.updateSubscription(subscriptionId, { price: planLookupKey("scout") });
    const pastDue = stripe.updateSubscription(subscriptionId, { status: "past_due" });
    await deliverAll([pastDue, downgraded, paid!, created!, completed!]);
    expect((await userRow(user.id)).role).toBe("LiteUser");
    expect(await db().selectFrom("subscriptions").selectAll().where("user_id", "=", user.id).execute()).toMatchObject([
      { id: subscriptionId, plan: "scout", status: "past_due", provider: "stripe" },
    ]);

    // Back to active, then deleted; a stale "created" afterwards changes nothing.
    const recovered = stripe.updateSubscription(subscriptionId, { status: "active", cancelAtPeriodEnd: true });
    const deleted = stripe.updateSubscription(subscriptionId, { status: "canceled" });
    await deliverAll([deleted, recovered, stripe.event("customer.subscription.created", created!.data.object)]);
    expect((await userRow(user.id)).role).toBe("FreeUser");
    expect((await billing(user)).plan).toBe("free");
  });

  it("keeps an admin's manual grant when the subscription is deleted", async () => {
    const admin = await makeUser("Admin");
    const user = await makeUser();
    const { subscriptionId } = await subscribe(user, "scout");
    expect((await userRow(user.id)).role).toBe("LiteUser");

    const granted = await api("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { role: "ProUser" } });
    expect(granted.status).toBe(200);
    expect(await db().selectFrom("role_grants").select(["role", "revoked_at"]).where("user_id", "=", user.id).execute()).toEqual([{ role: "ProUser", revoked_at: null }]);

    await deliverAll([stripe.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true }), stripe.updateSubscription(subscriptionId, { status: "canceled" })]);
    expect((await userRow(user.id)).role).toBe("ProUser");
    expect((await billing(user)).manualGrant).toBe(true);
  });

  it("notifies and mails the user when a renewal fails, keeping the plan while Stripe retries", async () => {
    const user = await makeUser();
    const { subscriptionId } = await subscribe(user, "creator");
    const pastDue = stripe.updateSubscription(subscriptionId, { status: "past_due" });
    const failed = stripe.event("invoice.payment_failed", stripe.invoice(subscriptionId, { paid: false }));
    const since = new Date();
    await deliverAll([failed, pastDue]);
    expect((await deliver(failed)).body.duplicate).toBe(true);

    const notifications = await db().selectFrom("notifications").selectAll().where("user_id", "=", user.id).where("type", "=", "payment-failed").execute();
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.body).toContain("12.95");
    const { mail } = await waitForMail(user.email, /Payment failed/, { after: since });
    expect(mail.text_body).toContain(failed.data.object.hosted_invoice_url);
    expect((await userRow(user.id)).role).toBe("ProUser");
    expect((await billing(user)).subscription).toMatchObject({ status: "past_due" });
  });
});
