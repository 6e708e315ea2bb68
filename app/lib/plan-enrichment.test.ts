import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURE_TABLE, accessMap, type FeatureTable } from "./entitlements";
import { enrichedWithLabel, enrichmentFeaturesOf, isBehindPlan, missingFeatures } from "./plan-enrichment";

const free = enrichmentFeaturesOf(accessMap(DEFAULT_FEATURE_TABLE, "FreeUser"));
const scout = enrichmentFeaturesOf(accessMap(DEFAULT_FEATURE_TABLE, "LiteUser"));
const creator = enrichmentFeaturesOf(accessMap(DEFAULT_FEATURE_TABLE, "ProUser"));

describe("the plan features an enrichment uses", () => {
  it("are the ones that shape a link's result when it is enriched, as the plan has them", () => {
    expect(free).toEqual([]);
    expect(scout).toEqual(["tagSuggestions", "codeSnippets"]);
    expect(creator).toEqual(["tagSuggestions", "codeSnippets", "contentPreferences"]);
  });

  it("leave out one the operator switched off", () => {
    const table: FeatureTable = { ...DEFAULT_FEATURE_TABLE, codeSnippets: { FreeUser: false, LiteUser: false, ProUser: false } };
    expect(enrichmentFeaturesOf(accessMap(table, "ProUser"))).toEqual(["tagSuggestions", "contentPreferences"]);
  });
});

describe("which links are behind the plan", () => {
  const enriched = (features: string[] | null) => ({ status: "enriched" as const, enrichedWith: features === null ? null : { plan: "FreeUser" as const, features } });

  it("a link enriched on Free is behind Scout and Creator, not behind Free", () => {
    expect(isBehindPlan(enriched([]), free)).toBe(false);
    expect(isBehindPlan(enriched([]), scout)).toBe(true);
    expect(missingFeatures(enriched([]).enrichedWith, creator)).toEqual(["tagSuggestions", "codeSnippets", "contentPreferences"]);
  });

  it("a Scout link is behind Creator by content preferences only, and a Creator link behind nothing", () => {
    expect(missingFeatures(enriched(["tagSuggestions", "codeSnippets"]).enrichedWith, creator)).toEqual(["contentPreferences"]);
    expect(isBehindPlan(enriched(["tagSuggestions", "codeSnippets", "contentPreferences"]), creator)).toBe(false);
    // A downgrade never makes a link behind: it has more than the plan now gives.
    expect(isBehindPlan(enriched(["tagSuggestions", "codeSnippets", "contentPreferences"]), scout)).toBe(false);
  });

  it("a link whose enrichment we did not record (restored from an export file, never enriched or counted here) is behind nothing", () => {
    expect(isBehindPlan(enriched(null), scout)).toBe(false);
    expect(missingFeatures(null, creator)).toEqual([]);
  });

  it("only an enriched link can be behind: pending, failed and not-enriched ones get the plan when they run", () => {
    for (const status of ["pending", "error", "unenriched"] as const) expect(isBehindPlan({ status, enrichedWith: null }, creator)).toBe(false);
  });
});

describe("what the link's view says", () => {
  it("names the plan and the date", () => {
    expect(enrichedWithLabel({ plan: "FreeUser", features: [] }, "28 Nov 2026")).toBe("Enriched with Free plan features on 28 Nov 2026");
    expect(enrichedWithLabel({ plan: "ProUser", features: creator }, "28 Nov 2026")).toBe("Enriched with Creator plan features on 28 Nov 2026");
    expect(enrichedWithLabel({ plan: "Admin", features: creator }, "28 Nov 2026")).toBe("Enriched with every feature (Admin) on 28 Nov 2026");
    expect(enrichedWithLabel(null, "28 Nov 2026")).toBe("Enriched on 28 Nov 2026");
  });
});
