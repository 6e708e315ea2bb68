import { describe, expect, it } from "vitest";
import {
  DEFAULT_FEATURE_TABLE,
  FEATURES,
  FEATURE_KEYS,
  accessMap,
  accessTo,
  planUnlocking,
  switchedOffFor,
  switchedOffMessage,
  upgradeUrl,
  type FeatureAccess,
  type FeatureKey,
  type FeatureTable,
} from "./entitlements";
import { PLANS, planFeatureList } from "./plans";
import { ROLES } from "./vocabulary";

const NOT_BUILT: FeatureKey[] = [];
const keysWith = (map: Record<FeatureKey, FeatureAccess>, access: FeatureAccess) => FEATURE_KEYS.filter((key) => map[key] === access);

describe("the default feature table", () => {
  it("gives Free public sharing only (the plan card sells it and sharing works)", () => {
    const free = accessMap(DEFAULT_FEATURE_TABLE, "FreeUser");
    expect(keysWith(free, "available")).toEqual(["publicLinkSharing"]);
    expect(free.codeSnippets).toBe("locked");
    expect(free.tagSuggestions).toBe("locked");
  });

  it("gives Scout what the pricing page sells it: the bookmarklet, advanced summaries, code snippets, tag suggestions", () => {
    const scout = accessMap(DEFAULT_FEATURE_TABLE, "LiteUser");
    expect(keysWith(scout, "available")).toEqual(["clipboardPrompt", "bookmarkletSupport", "advancedSummary", "codeSnippets", "tagSuggestions", "publicLinkSharing"]);
    expect(scout.apiAccess).toBe("locked");
    expect(scout.affiliateLinks).toBe("locked");
    expect(scout.quizGenerator).toBe("locked");
    expect(scout.markdownExport).toBe("locked");
  });

  it("gives Creator and Admin every built feature", () => {
    for (const role of ["ProUser", "Admin"] as const) {
      const map = accessMap(DEFAULT_FEATURE_TABLE, role);
      expect(keysWith(map, "locked")).toEqual([]);
      expect(keysWith(map, "available")).toEqual(FEATURE_KEYS.filter((key) => !NOT_BUILT.includes(key)));
    }
  });

  it("names as not built exactly batch processing", () => {
    expect(FEATURES.filter((f) => !f.built).map((f) => f.key)).toEqual(NOT_BUILT);
    expect(FEATURES.map((f) => f.key)).toEqual([...FEATURE_KEYS]);
  });
});

describe("accessTo", () => {
  it("shows a feature that is not built as coming soon for every role, even when the table grants it", () => {
    const everything = Object.fromEntries(FEATURE_KEYS.map((key) => [key, { FreeUser: true, LiteUser: true, ProUser: true }])) as FeatureTable;
    for (const role of ROLES) {
      for (const key of NOT_BUILT) expect(accessTo(everything, role, key), `${role} ${key}`).toBe("coming-soon");
    }
  });

  it("follows the table it is given, so admin toggles change the answer", () => {
    const table: FeatureTable = { ...DEFAULT_FEATURE_TABLE, quizGenerator: { FreeUser: false, LiteUser: true, ProUser: false } };
    expect(accessTo(table, "LiteUser", "quizGenerator")).toBe("available");
    expect(accessTo(table, "ProUser", "quizGenerator")).toBe("switched-off");
    expect(accessTo(table, "Admin", "quizGenerator")).toBe("available");
  });

  it("tells a plan that sells a feature the operator switched off so, never to upgrade for it", () => {
    const table: FeatureTable = { ...DEFAULT_FEATURE_TABLE, quizGenerator: { FreeUser: false, LiteUser: false, ProUser: false }, codeSnippets: { FreeUser: false, LiteUser: false, ProUser: true } };
    expect(accessTo(table, "ProUser", "quizGenerator")).toBe("switched-off");
    // No plan has it now: upgrading would not help anyone.
    expect(accessTo(table, "FreeUser", "quizGenerator")).toBe("switched-off");
    expect(accessTo(table, "LiteUser", "quizGenerator")).toBe("switched-off");
    // Scout's own feature switched off for Scout; Creator still has it, but Scout paid for it.
    expect(accessTo(table, "LiteUser", "codeSnippets")).toBe("switched-off");
    // Free never had code snippets and Creator does: that is an upgrade.
    expect(accessTo(table, "FreeUser", "codeSnippets")).toBe("locked");
    expect(switchedOffMessage("quizGenerator")).toBe("Quiz generator is switched off for now by the operator.");
  });
});

describe("the plan cards' feature lists", () => {
  it("list every feature the plan sells while nothing is switched off", () => {
    const creator = PLANS.find((plan) => plan.id === "creator")!;
    expect(switchedOffFor(DEFAULT_FEATURE_TABLE, "ProUser")).toEqual([]);
    expect(planFeatureList(creator, [])).toContain("Quiz generator");
  });

  it("leave out a feature the operator switched off for that plan, and only for it", () => {
    const table: FeatureTable = { ...DEFAULT_FEATURE_TABLE, quizGenerator: { FreeUser: false, LiteUser: false, ProUser: false }, codeSnippets: { FreeUser: false, LiteUser: false, ProUser: true } };
    const creator = PLANS.find((plan) => plan.id === "creator")!;
    const scout = PLANS.find((plan) => plan.id === "scout")!;
    expect(switchedOffFor(table, "ProUser")).toEqual(["quizGenerator"]);
    expect(switchedOffFor(table, "LiteUser")).toEqual(["codeSnippets"]);
    expect(planFeatureList(creator, switchedOffFor(table, "ProUser"))).not.toContain("Quiz generator");
    expect(planFeatureList(creator, switchedOffFor(table, "ProUser"))).toContain("Rephrasing by difficulty");
    expect(planFeatureList(scout, switchedOffFor(table, "LiteUser"))).toEqual(["30 enrichments per month", "Priority queue", "Advanced summaries", "Tag suggestions"]);
  });
});

describe("upgrade targets", () => {
  it("builds the upgrade URL of a refusal", () => {
    expect(upgradeUrl("quizGenerator")).toBe("/upgrade?feature=quizGenerator");
    expect(upgradeUrl()).toBe("/upgrade");
  });

  it("highlights the cheapest paid plan that has the feature", () => {
    expect(planUnlocking(DEFAULT_FEATURE_TABLE, "quizGenerator")).toBe("creator");
    expect(planUnlocking(DEFAULT_FEATURE_TABLE, "miniCourse")).toBe("creator");
    expect(planUnlocking(DEFAULT_FEATURE_TABLE, "advancedSummary")).toBe("scout");
    expect(planUnlocking(DEFAULT_FEATURE_TABLE, "codeSnippets")).toBe("scout");
    expect(planUnlocking(DEFAULT_FEATURE_TABLE, "publicLinkSharing")).toBe("scout");
    expect(planUnlocking(DEFAULT_FEATURE_TABLE, "noSuchFeature")).toBeNull();
    expect(planUnlocking(DEFAULT_FEATURE_TABLE, null)).toBeNull();
  });
});
