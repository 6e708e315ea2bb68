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
      expect(describeActivity({ action, actor: admin, target: bob, before, after })).toEqual({ summary: sentence, details: [] });
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
    expect(described).toEqual({ summary: "admin@x.test changed the feature flags", details: ["Quiz generator for Creator: on → off"] });
  });

  it("keeps unknown actions readable, with what changed", () => {
    const described = describeActivity({
      action: "payment.refunded",
      actor: null,
      target: bob,
      before: { credits: 20 },
      after: { credits: 0, reason: "chargeback" },
    });
    expect(described).toEqual({ summary: "The system: payment refunded — bob@y.test", details: ["credits: 20 → 0", "reason: chargeback"] });
    expect(describeActivity({ action: "job.replayed", actor: admin, target: null, before: null, after: null })).toEqual({
      summary: "admin@x.test: job replayed",
      details: [],
    });
  });

  it("falls back to a generic line when a role change lacks the roles", () => {
    expect(describeActivity({ action: "user.role-changed", actor: admin, target: bob, before: null, after: { grant: "LiteUser" } })).toEqual({
      summary: "admin@x.test changed role of bob@y.test",
      details: ["grant: LiteUser"],
    });
  });
});

describe("describeChanges", () => {
  it("caps a long list", () => {
    const before = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i]));
    const after = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i + 1]));
    const lines = describeChanges(before, after);
    expect(lines).toHaveLength(7);
    expect(lines.at(-1)).toBe("and 3 more");
  });

  it("says nothing when nothing changed", () => {
    expect(describeChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
    expect(describeChanges(null, null)).toEqual([]);
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
      "ann@example.com bought 20 enrichment credits for EUR 4.99",
    );
    expect(describeActivity({ action: "plan.changed", actor: null, target, before: { role: "FreeUser" }, after: { role: "ProUser" } }).summary).toBe(
      "ann@example.com's plan changed from Free to Creator",
    );
    const adjusted = describeActivity({ action: "credits.adjusted", actor: { id: "a", label: "admin@x" }, target, before: { credits: 0 }, after: { credits: 7, note: "Goodwill" } });
    expect(adjusted.summary).toBe("admin@x adjusted the credits of ann@example.com");
    expect(adjusted.details).toEqual(["credits: 0 → 7", "note: Goodwill"]);
  });
});
