import { describe, expect, it } from "vitest";
import { activityQuerySchema, describeActivity, describeChanges } from "./activity";

const admin = { id: "a1", label: "admin@x.test" };
const bob = { type: "user", id: "b1", label: "bob@y.test" };

describe("describeActivity", () => {
  it("words the known actions", () => {
    const cases: Array<[string, unknown, unknown, string]> = [
      ["user.role-changed", { role: "FreeUser" }, { role: "LiteUser" }, "admin@x.test changed role of bob@y.test from Free to Scout"],
      ["user.deactivated", null, null, "admin@x.test deactivated bob@y.test"],
      ["user.reactivated", null, null, "admin@x.test reactivated bob@y.test"],
      ["user.deleted", null, null, "admin@x.test deleted the account of bob@y.test"],
      ["user.confirmation-resent", null, null, "admin@x.test resent the confirmation mail to bob@y.test"],
      ["user.reset-sent", null, null, "admin@x.test sent a password-reset mail to bob@y.test"],
    ];
    for (const [action, before, after, sentence] of cases) {
      expect(describeActivity({ action, actor: admin, target: bob, before, after })).toEqual({ summary: sentence, details: [], references: [] });
    }
  });

  it("tells a sign-up from an account an admin created", () => {
    const self = { id: "b1", label: "bob@y.test" };
    expect(describeActivity({ action: "account.signed-up", actor: self, target: bob, before: null, after: { role: "FreeUser" } }).summary).toBe(
      "bob@y.test signed up as Free",
    );
    expect(describeActivity({ action: "account.signed-up", actor: admin, target: bob, before: null, after: null }).summary).toBe(
      "admin@x.test created the account bob@y.test",
    );
  });

  it("lists flag changes by feature and plan name", () => {
    const described = describeActivity({
      action: "flags.updated",
      actor: admin,
      target: null,
      before: { quizGenerator: { LiteUser: false, ProUser: true }, tagSuggestions: { LiteUser: true, ProUser: true } },
      after: { quizGenerator: { LiteUser: false, ProUser: false }, tagSuggestions: { LiteUser: true, ProUser: true } },
    });
    expect(described).toEqual({ summary: "admin@x.test changed the feature flags", details: ["Quiz generator for Creator: on → off"], references: [] });
  });

  it("keeps unknown actions readable, with what changed", () => {
    const described = describeActivity({
      action: "payment.refunded",
      actor: null,
      target: bob,
      before: { credits: 20 },
      after: { credits: 0, reason: "chargeback" },
    });
    expect(described).toEqual({ summary: "The system: payment refunded — bob@y.test", details: ["Credits: 20 → 0", "Reason: chargeback"], references: [] });
    expect(describeActivity({ action: "job.replayed", actor: admin, target: null, before: null, after: null })).toEqual({
      summary: "admin@x.test: job replayed",
      details: [],
      references: [],
    });
  });

  it("falls back to a generic line when a role change lacks the roles", () => {
    expect(describeActivity({ action: "user.role-changed", actor: admin, target: bob, before: null, after: { grant: "LiteUser" } })).toEqual({
      summary: "admin@x.test changed role of bob@y.test",
      details: ["Granted plan: Scout"],
      references: [],
    });
  });
});

describe("describeChanges", () => {
  it("caps a long list", () => {
    const before = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i]));
    const after = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i + 1]));
    const lines = describeChanges(before, after).details;
    expect(lines).toHaveLength(7);
    expect(lines.at(-1)).toBe("and 3 more");
  });

  it("says nothing when nothing changed", () => {
    expect(describeChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual({ details: [], references: [] });
    expect(describeChanges(null, null)).toEqual({ details: [], references: [] });
  });
});

describe("activityQuerySchema", () => {
  it("treats empty values as not given and refuses bad ones", () => {
    expect(activityQuerySchema.parse({ kind: "", cursor: "" })).toEqual({});
    expect(activityQuerySchema.parse({ kind: "user", cursor: "42", limit: "10" })).toEqual({ kind: "user", cursor: "42", limit: 10 });
    expect(activityQuerySchema.safeParse({ kind: "everything" }).success).toBe(false);
    expect(activityQuerySchema.safeParse({ cursor: "0" }).success).toBe(false);
    expect(activityQuerySchema.safeParse({ cursor: "abc" }).success).toBe(false);
    expect(activityQuerySchema.safeParse({ cursor: "9223372036854775808" }).success).toBe(false);
    expect(activityQuerySchema.safeParse({ cursor: "9223372036854775807" }).success).toBe(true);
    expect(activityQuerySchema.safeParse({ limit: "1000" }).success).toBe(false);
  });
});

describe("payment events", () => {
  const target = { type: "user", id: "u1", label: "ann@example.com" };
  it("read as sentences a support person can act on", () => {
    expect(describeActivity({ action: "pack.purchased", actor: null, target, before: null, after: { credits: 20, amountCents: 499 } }).summary).toBe(
      "ann@example.com bought 20 enrichment credits for €4.99",
    );
    expect(describeActivity({ action: "plan.changed", actor: null, target, before: { role: "FreeUser" }, after: { role: "ProUser" } }).summary).toBe(
      "ann@example.com's plan changed from Free to Creator",
    );
    const adjusted = describeActivity({ action: "credits.adjusted", actor: { id: "a", label: "admin@x" }, target, before: { credits: 0 }, after: { credits: 7, note: "Goodwill" } });
    expect(adjusted.summary).toBe("admin@x adjusted the credits of ann@example.com");
    expect(adjusted.details).toEqual(["Credits: 0 → 7", "Note: Goodwill"]);
  });
});

describe("what the feed prints", () => {
  const ann = { type: "user", id: "0b7c6a1e-5f0e-4d59-9a55-3c1f4d2b8e11", label: "ann@example.com" };
  const self = { id: ann.id, label: ann.label };
  const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
  const noRawValues = (described: { summary: string; details: string[] }) => {
    const text = [described.summary, ...described.details].join("\n");
    expect(text).not.toMatch(ISO);
    expect(text).not.toMatch(/test_sub_|cs_test_|in_test_|[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]*:/);
  };

  it("writes dates as the app does, keys in words and plans by name, never raw ISO times", () => {
    const deleted = describeActivity({
      action: "account.deleted",
      actor: self,
      target: ann,
      before: { email: ann.label, role: "FreeUser", joinedAt: "2026-11-28T16:53:37.888Z" },
      after: null,
    });
    expect(deleted).toEqual({ summary: "ann@example.com deleted their account", details: ["Plan: Free", "Joined: 2026-11-28 16:53 UTC"], references: [] });
    noRawValues(deleted);
    const password = describeActivity({ action: "account.password-changed", actor: self, target: ann, before: null, after: { sessionsEnded: 2 } });
    expect(password).toEqual({ summary: "ann@example.com changed their password", details: ["Other sessions signed out: 2"], references: [] });
  });

  it("keeps provider and internal ids out of the sentence and the details, as references", () => {
    const started = describeActivity({
      action: "subscription.started",
      actor: self,
      target: ann,
      before: null,
      after: { plan: "ProUser", provider: "test", checkoutId: "9f1d2c3b-1111-4222-8333-444455556666", subscriptionId: "test_sub_8e35c0ffee" },
    });
    expect(started.summary).toBe("ann@example.com subscribed to Creator");
    expect(started.details).toEqual(["Provider: test"]);
    expect(started.references).toEqual([
      { label: "Checkout id", value: "9f1d2c3b-1111-4222-8333-444455556666" },
      { label: "Subscription id", value: "test_sub_8e35c0ffee" },
    ]);
    noRawValues(started);
    const paid = describeActivity({ action: "invoice.paid", actor: null, target: ann, before: null, after: { invoiceId: "in_test_1", amountCents: 900, subscriptionId: "test_sub_8e35" } });
    expect(paid).toMatchObject({ summary: "ann@example.com paid €9.00 for their subscription", details: [] });
    expect(paid.references.map((r) => r.value)).toEqual(["in_test_1", "test_sub_8e35"]);
    const refunded = describeActivity({
      action: "pack.refunded",
      actor: null,
      target: ann,
      before: null,
      after: { checkoutId: "c1", amountRefundedCents: 499, creditsRemoved: 15, creditsAlreadySpent: 5 },
    });
    expect(refunded).toEqual({
      summary: "ann@example.com was refunded €4.99 for a credit pack",
      details: ["Credits removed: 15", "Credits already spent: 5"],
      references: [{ label: "Checkout id", value: "c1" }],
    });
  });

  it("never puts an id where a name belongs", () => {
    const unnamed = { type: "user", id: ann.id, label: null };
    const paid = describeActivity({ action: "invoice.paid", actor: null, target: unnamed, before: null, after: { amountCents: 900 } });
    expect(paid.summary).toBe("An account paid €9.00 for their subscription");
    expect(describeActivity({ action: "user.deactivated", actor: { id: ann.id, label: null }, target: unnamed, before: null, after: null }).summary).toBe(
      "An account deactivated an account",
    );
    expect(describeActivity({ action: "user.confirmation-sent", actor: admin, target: bob, before: null, after: { to: "bob@y.test" } }).summary).toBe(
      "admin@x.test resent the confirmation mail to bob@y.test",
    );
  });
});
