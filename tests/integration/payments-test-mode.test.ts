import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingSummary, CheckoutState, CreditHistoryPage, PublicPack, Receipt } from "~/lib/billing";
import type { Usage } from "~/lib/links";
import { sweepSubscriptions } from "~/server/billing/billing.server";
import { handleProviderEvent } from "~/server/billing/fulfilment.server";
import { chargeEnrichment } from "~/server/billing/quota.server";
import { cancelTestCheckout, payTestCheckout } from "~/server/billing/test-checkout.server";
import { db } from "~/server/platform/db.server";
import { waitForMail } from "../helpers/outbox";
import { signUpAs } from "../helpers/pipeline";
import { apiClient, startWebServer } from "../helpers/web-server";

// Plans and packs in test mode (no STRIPE_SECRET_KEY): the API over real HTTP, and the test
// checkout's Pay and Cancel through the same services the /checkout/test page calls.
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;
let admin: { token: string; id: string };

beforeAll(async () => {
  web = await startWebServer();
  api = apiClient(web.baseUrl);
  admin = await signUpAs(api, "FreeUser");
  await db().updateTable("users").set({ role: "Admin" }).where("id", "=", admin.id).execute();
});
afterAll(() => web?.close());

async function newUser() {
  const user = await signUpAs(api, "FreeUser");
  const { email } = await db().selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow();
  return { ...user, email };
}

function checkoutIdOf(checkoutUrl: string): string {
  const match = /^\/checkout\/test\/([0-9a-f-]{36})$/.exec(checkoutUrl);
  if (!match) throw new Error(`not a test checkout URL: ${checkoutUrl}`);
  return match[1]!;
}

async function startPack(token: string, packId = "pack-20", quantity = 1): Promise<string> {
  const started = await api<{ checkoutUrl: string }>("POST", "/api/purchase-pack", { token, body: { packId, quantity, returnUrl: "/upgrade" } });
  expect(started.status).toBe(200);
  return checkoutIdOf(started.body.checkoutUrl);
}

async function buyPack(user: { token: string; id: string }, packId = "pack-20", quantity = 1): Promise<string> {
  const checkoutId = await startPack(user.token, packId, quantity);
  await payTestCheckout(checkoutId, user.id);
  return checkoutId;
}

const usage = async (token: string) => (await api<Usage>("GET", "/api/usage", { token })).body;
const billing = async (token: string) => (await api<BillingSummary>("GET", "/api/billing", { token })).body;
const roleOf = async (id: string) => (await db().selectFrom("users").select("role").where("id", "=", id).executeTakeFirstOrThrow()).role;

describe("the catalogue", () => {
  it("GET /api/enrichment-packs lists the three packs with server prices", async () => {
    const packs = await api<PublicPack[]>("GET", "/api/enrichment-packs");
    expect(packs.status).toBe(200);
    expect(packs.body).toEqual([
      { id: "pack-10", name: "Starter Pack", count: 10, price: 2.99, popular: false },
      { id: "pack-20", name: "Popular Pack", count: 20, price: 4.99, popular: false },
      { id: "pack-50", name: "Power Pack", count: 50, price: 9.99, popular: true },
    ]);
  });
});

describe("starting a checkout", () => {
  it("refuses bad input with a 400 and its reason, and stores nothing", async () => {
    const user = await newUser();
    const cases: Array<[string, unknown, RegExp]> = [
      ["/api/purchase-pack", { packId: "pack-999", quantity: 1, returnUrl: "/upgrade" }, /Unknown pack/],
      ["/api/purchase-pack", { packId: "pack-10", quantity: 0, returnUrl: "/upgrade" }, /at least 1/],
      ["/api/purchase-pack", { packId: "pack-10", quantity: 101, returnUrl: "/upgrade" }, /at most 100/],
      ["/api/purchase-pack", { packId: "pack-10", quantity: 1.5, returnUrl: "/upgrade" }, /whole number/],
      ["/api/purchase-pack", { packId: "pack-10", quantity: 1 }, /returnUrl/],
      ["/api/purchase-pack", { packId: "pack-10", quantity: 1, returnUrl: "https://evil.example/steal" }, /this site/],
      ["/api/purchase-pack", { packId: "pack-10", quantity: 1, returnUrl: "//evil.example/steal" }, /this site/],
      ["/api/purchase-pack", { packId: "pack-10", quantity: 1, returnUrl: "javascript:alert(1)" }, /this site/],
      ["/api/enrichment-packs/purchase", {}, /packId/],
      ["/api/checkout-session", { tierId: "platinum", returnUrl: "/upgrade" }, /scout or creator/],
      ["/api/checkout-session", { tierId: "creator", returnUrl: "https://evil.example/" }, /this site/],
    ];
    for (const [path, body, message] of cases) {
      const refused = await api<{ message: string }>("POST", path, { token: user.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await db().selectFrom("checkouts").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect((await api("POST", "/api/purchase-pack", { body: { packId: "pack-10", quantity: 1, returnUrl: "/upgrade" } })).status).toBe(401);
  });

  it("takes the amount from the catalogue, whatever the client sends, and accepts our own absolute URL", async () => {
    const user = await newUser();
    const started = await api<{ checkoutUrl: string }>("POST", "/api/purchase-pack", {
      token: user.token,
      body: { packId: "pack-50", quantity: 3, returnUrl: `${web.baseUrl}/upgrade?pack=pack-50#packs`, price: 0.01, amount: 1 },
    });
    expect(started.status).toBe(200);
    const row = await db().selectFrom("checkouts").selectAll().where("id", "=", checkoutIdOf(started.body.checkoutUrl)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "pack", pack_id: "pack-50", quantity: 3, credits: 150, amount_cents: 2997, currency: "eur", status: "open", return_url: "/upgrade?pack=pack-50#packs" });
  });
});

describe("buying a pack in test mode", () => {
  it("credits once: Pay twice, and twice at once, still adds the credits one time", async () => {
    const user = await newUser();
    const checkoutId = await startPack(user.token, "pack-20", 2);
    const early = await api<CheckoutState>("POST", `/api/billing/checkouts/${checkoutId}/sync`, { token: user.token });
    expect(early.body).toEqual({ id: checkoutId, kind: "pack", status: "open", fulfilled: false, credits: 40, plan: null });

    const returns = await Promise.all([payTestCheckout(checkoutId, user.id), payTestCheckout(checkoutId, user.id)]);
    expect(returns[0]).toBe(`/upgrade?checkout=success&checkoutId=${checkoutId}`);
    await payTestCheckout(checkoutId, user.id);

    expect((await usage(user.token)).credits).toBe(40);
    const synced = await api<CheckoutState>("POST", `/api/billing/checkouts/${checkoutId}/sync`, { token: user.token });
    expect(synced.body).toMatchObject({ status: "complete", fulfilled: true, credits: 40 });
    const history = await api<CreditHistoryPage>("GET", "/api/billing/credits", { token: user.token });
    expect(history.body.entries).toEqual([expect.objectContaining({ delta: 40, balanceAfter: 40, reason: "purchase", note: "2 × Popular Pack (40 enrichments)" })]);
    const receipts = await api<Receipt[]>("GET", "/api/billing/receipts", { token: user.token });
    expect(receipts.body).toEqual([expect.objectContaining({ description: "2 × Popular Pack (40 enrichments)", amount: 9.98, currency: "EUR", status: "paid" })]);

    const audit = await db().selectFrom("audit_events").selectAll().where("action", "=", "pack.purchased").where("target_id", "=", user.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.kind).toBe("payment");
    const notes = await db().selectFrom("notifications").select("title").where("user_id", "=", user.id).where("type", "=", "purchase").execute();
    expect(notes).toEqual([{ title: "Purchase successful" }]);
    const { mail } = await waitForMail(user.email, /enrichment credits/);
    expect(mail.text_body).toContain("40 enrichment credits were added");
  });

  it("another user's checkout is a 404, and a cancelled one cannot be paid", async () => {
    const owner = await newUser();
    const other = await newUser();
    const checkoutId = await startPack(owner.token);
    expect((await api("POST", `/api/billing/checkouts/${checkoutId}/sync`, { token: other.token })).status).toBe(404);
    expect((await api("POST", `/api/billing/checkouts/not-a-uuid/sync`, { token: owner.token })).status).toBe(404);
    await expect(payTestCheckout(checkoutId, other.id)).rejects.toMatchObject({ status: 404 });
    expect(await cancelTestCheckout(checkoutId, owner.id)).toBe(`/upgrade?checkout=cancelled&checkoutId=${checkoutId}`);
    await expect(payTestCheckout(checkoutId, owner.id)).rejects.toMatchObject({ status: 409 });
    expect((await usage(owner.token)).credits).toBe(0);
  });

  it("the dashboard's modal buys one pack and comes back to the dashboard", async () => {
    const user = await newUser();
    const started = await api<{ checkoutUrl: string }>("POST", "/api/enrichment-packs/purchase", { token: user.token, body: { packId: "pack-10" } });
    expect(started.status).toBe(200);
    const checkoutId = checkoutIdOf(started.body.checkoutUrl);
    expect(await payTestCheckout(checkoutId, user.id)).toBe(`/dashboard?checkout=success&checkoutId=${checkoutId}`);
    expect((await usage(user.token)).credits).toBe(10);
  });

  it("spends credits after the allowance through the ledger, and a refund takes back only what is unspent", async () => {
    const user = await newUser();
    const starter = await buyPack(user, "pack-10");
    const popular = await buyPack(user, "pack-20");
    // Five allowance enrichments, then five more paid by credits (oldest pack first).
    for (let n = 0; n < 10; n++) {
      const charged = await db().transaction().execute((trx) => chargeEnrichment(trx, { userId: user.id, linkId: null, kind: "summary" }));
      expect(charged).toBe(true);
    }
    expect((await usage(user.token)).credits).toBe(25);
    const refund = (checkoutId: string, cents: number) =>
      handleProviderEvent({ id: `evt_${randomUUID()}`, provider: "test", type: "charge.refunded", kind: "charge.refunded", paymentRef: `test_pi_${checkoutId}`, amountRefundedCents: cents });

    // The Popular Pack is untouched (the five came from the Starter Pack): all 20 go.
    await refund(popular, 499);
    expect((await usage(user.token)).credits).toBe(5);
    // Half the Starter Pack refunded: 5 of its 10 credits, and exactly 5 are left.
    await refund(starter, 150);
    expect((await usage(user.token)).credits).toBe(0);
    // The rest of it: nothing unspent is left, and the balance never goes below zero.
    await refund(starter, 299);
    expect((await usage(user.token)).credits).toBe(0);
    const history = (await api<CreditHistoryPage>("GET", "/api/billing/credits", { token: user.token })).body.entries;
    expect(history.filter((e) => e.reason === "refund").map((e) => e.delta)).toEqual([-5, -20]);
    expect(history.filter((e) => e.reason === "enrichment")).toHaveLength(5);
    expect(history.every((e) => e.balanceAfter >= 0)).toBe(true);
    const receipts = (await api<Receipt[]>("GET", "/api/billing/receipts", { token: user.token })).body;
    expect(receipts.map((r) => r.status).sort()).toEqual(["refunded", "refunded"]);
  });

  it("a replayed event does nothing the second time", async () => {
    const user = await newUser();
    const checkoutId = await buyPack(user, "pack-10");
    const event = { id: `evt_${randomUUID()}`, provider: "test" as const, type: "charge.refunded", kind: "charge.refunded" as const, paymentRef: `test_pi_${checkoutId}`, amountRefundedCents: 299 };
    expect(await handleProviderEvent(event)).toBe("processed");
    expect(await handleProviderEvent(event)).toBe("duplicate");
    expect(await db().selectFrom("credit_ledger").select("delta").where("user_id", "=", user.id).where("reason", "=", "refund").execute()).toEqual([{ delta: -10 }]);
  });
});

describe("plans in test mode", () => {
  async function subscribe(user: { token: string; id: string }, tierId: "scout" | "creator") {
    const started = await api<{ checkoutUrl: string }>("POST", "/api/checkout-session", { token: user.token, body: { tierId, feature: "quizGenerator", returnUrl: "/upgrade?feature=quizGenerator" } });
    expect(started.status).toBe(200);
    const checkoutId = checkoutIdOf(started.body.checkoutUrl);
    expect(await payTestCheckout(checkoutId, user.id)).toBe(`/upgrade?feature=quizGenerator&checkout=success&checkoutId=${checkoutId}`);
    return checkoutId;
  }

  async function endPeriod(userId: string) {
    await db().updateTable("subscriptions").set({ current_period_end: new Date(Date.now() - 1000) }).where("user_id", "=", userId).execute();
    await sweepSubscriptions();
  }

  it("Creator takes effect at once; cancelling keeps it until the period ends, then the account is Free", async () => {
    const user = await newUser();
    await subscribe(user, "creator");
    expect(await roleOf(user.id)).toBe("ProUser");
    // The same token sees the new plan: sessions carry the user, not a role.
    expect((await api<{ role: string }>("GET", "/api/auth/me", { token: user.token })).body.role).toBe("ProUser");
    const summary = await billing(user.token);
    expect(summary).toMatchObject({ provider: "test", sales: "open", plan: "creator", manualGrant: false, manage: "test", subscription: { plan: "creator", status: "active", cancelAtPeriodEnd: false } });
    expect(new Date(summary.subscription!.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3_600_000);
    expect((await api<Receipt[]>("GET", "/api/billing/receipts", { token: user.token })).body).toEqual([expect.objectContaining({ description: "Creator plan, monthly", amount: 12.95 })]);
    await waitForMail(user.email, /plan is now Creator/);

    const cancelled = await api<BillingSummary>("POST", "/api/billing/subscription/cancel", { token: user.token });
    expect(cancelled.body.subscription).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
    expect(await roleOf(user.id)).toBe("ProUser");
    const resumed = await api<BillingSummary>("POST", "/api/billing/subscription/resume", { token: user.token });
    expect(resumed.body.subscription?.cancelAtPeriodEnd).toBe(false);
    await api("POST", "/api/billing/subscription/cancel", { token: user.token });

    await endPeriod(user.id);
    expect(await roleOf(user.id)).toBe("FreeUser");
    expect((await billing(user.token)).subscription).toMatchObject({ status: "canceled" });
    await waitForMail(user.email, /plan is now Free/);
    const actions = await db().selectFrom("audit_events").select("action").where("target_id", "=", user.id).where("kind", "=", "payment").orderBy("id").execute();
    expect(actions.map((a) => a.action)).toEqual(["subscription.started", "plan.changed", "invoice.paid", "subscription.cancel-requested", "subscription.resumed", "subscription.cancel-requested", "plan.changed"]);
  });

  it("an uncancelled plan renews at the end of its period, with a receipt", async () => {
    const user = await newUser();
    await subscribe(user, "scout");
    await endPeriod(user.id);
    expect(await roleOf(user.id)).toBe("LiteUser");
    const summary = await billing(user.token);
    expect(new Date(summary.subscription!.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());
    expect((await api<Receipt[]>("GET", "/api/billing/receipts", { token: user.token })).body).toHaveLength(2);
  });

  it("Scout to Creator switches the one subscription; buying the plan one has is a 409", async () => {
    const user = await newUser();
    await subscribe(user, "scout");
    expect(await roleOf(user.id)).toBe("LiteUser");
    const again = await api<{ message: string }>("POST", "/api/checkout-session", { token: user.token, body: { tierId: "scout", returnUrl: "/upgrade" } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You are already on the Scout plan.");
    await subscribe(user, "creator");
    expect(await roleOf(user.id)).toBe("ProUser");
    expect(await db().selectFrom("subscriptions").select(["plan", "status"]).where("user_id", "=", user.id).execute()).toEqual([{ plan: "creator", status: "active" }]);
  });

  it("an admin's manual grant survives the end of the subscription", async () => {
    const user = await newUser();
    await subscribe(user, "creator");
    const granted = await api("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { role: "ProUser" } });
    expect(granted.status).toBe(200);
    await api("POST", "/api/billing/subscription/cancel", { token: user.token });
    await endPeriod(user.id);
    expect(await roleOf(user.id)).toBe("ProUser");
    expect((await billing(user.token)).manualGrant).toBe(true);
    // While the grant stands, no plan is sold to them: it would change nothing.
    const refused = await api<{ message: string }>("POST", "/api/checkout-session", { token: user.token, body: { tierId: "scout", returnUrl: "/upgrade" } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/set by our team/);
    // Revoking the grant (Free) leaves the subscription to decide: it has ended, so Free.
    await api("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { role: "FreeUser" } });
    expect(await roleOf(user.id)).toBe("FreeUser");
  });

  it("revoking a grant gives a paying user their subscription's plan back", async () => {
    const user = await newUser();
    await subscribe(user, "scout");
    await api("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { role: "ProUser" } });
    expect(await roleOf(user.id)).toBe("ProUser");
    await api("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { role: "FreeUser" } });
    expect(await roleOf(user.id)).toBe("LiteUser");
  });
});

describe("admin controls", () => {
  it("Coming Soon closes checkout with a 409 until an admin opens sales again", async () => {
    const user = await newUser();
    expect((await api("PUT", "/api/admin/settings/sales", { token: user.token, body: { state: "coming-soon" } })).status).toBe(403);
    expect((await api("GET", "/api/admin/settings/sales", { token: admin.token })).body).toEqual({ state: "open", source: "env" });
    expect((await api("PUT", "/api/admin/settings/sales", { token: admin.token, body: { state: "closed" } })).status).toBe(400);
    const closed = await api("PUT", "/api/admin/settings/sales", { token: admin.token, body: { state: "coming-soon" } });
    expect(closed.body).toEqual({ state: "coming-soon", source: "admin" });
    try {
      for (const [path, body] of [
        ["/api/purchase-pack", { packId: "pack-10", quantity: 1, returnUrl: "/upgrade" }],
        ["/api/enrichment-packs/purchase", { packId: "pack-10" }],
        ["/api/checkout-session", { tierId: "creator", returnUrl: "/upgrade" }],
      ] as const) {
        const refused = await api<{ message: string }>("POST", path, { token: user.token, body });
        expect(refused.status, path).toBe(409);
        expect(refused.body.message).toBe("Scout and Creator are coming soon. Checkout is not open yet.");
      }
      expect((await billing(user.token)).sales).toBe("coming-soon");
    } finally {
      await api("PUT", "/api/admin/settings/sales", { token: admin.token, body: { state: "open" } });
    }
    expect((await api("POST", "/api/purchase-pack", { token: user.token, body: { packId: "pack-10", quantity: 1, returnUrl: "/upgrade" } })).status).toBe(200);
  });

  it("an admin adjusts credits with a note; the ledger and the audit trail record it", async () => {
    const user = await newUser();
    const added = await api<{ credits: number }>("POST", `/api/admin/users/${user.id}/credits`, { token: admin.token, body: { delta: 7, note: "Goodwill for an outage" } });
    expect(added.body).toEqual({ credits: 7 });
    const tooMuch = await api<{ message: string }>("POST", `/api/admin/users/${user.id}/credits`, { token: admin.token, body: { delta: -8, note: "Oops" } });
    expect(tooMuch.status).toBe(400);
    expect((await api("POST", `/api/admin/users/${user.id}/credits`, { token: admin.token, body: { delta: 1 } })).status).toBe(400);
    expect((await api("POST", `/api/admin/users/${user.id}/credits`, { token: user.token, body: { delta: 1, note: "myself" } })).status).toBe(403);
    const history = (await api<CreditHistoryPage>("GET", "/api/billing/credits", { token: user.token })).body;
    expect(history.entries).toEqual([expect.objectContaining({ delta: 7, balanceAfter: 7, reason: "admin_adjustment", note: "Goodwill for an outage" })]);
    const audit = await db().selectFrom("audit_events").select(["kind", "action"]).where("target_id", "=", user.id).where("action", "=", "credits.adjusted").execute();
    expect(audit).toEqual([{ kind: "payment", action: "credits.adjusted" }]);
  });
});
