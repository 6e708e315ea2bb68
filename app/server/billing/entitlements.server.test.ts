import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_FEATURE_TABLE, FEATURES, type FeatureKey } from "~/lib/entitlements";
import { PLANS } from "~/lib/plans";
import { HttpError } from "../platform/http.server";
import {
  QUOTA_EXCEEDED,
  can,
  entitlementsFor,
  hasWatermark,
  monthlyAllowance,
  planUnlockingFeature,
  queuePriority,
  quotaRefusal,
  requireFeature,
  setFeatureFlagStore,
} from "./entitlements.server";

async function refusalOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("plan terms", () => {
  it("allows 5 enrichments a month on Free, 30 on Scout, unlimited on Creator and Admin", () => {
    expect(monthlyAllowance("FreeUser")).toBe(5);
    expect(monthlyAllowance("LiteUser")).toBe(30);
    expect(monthlyAllowance("ProUser")).toBeNull();
    expect(monthlyAllowance("Admin")).toBeNull();
  });

  it("puts paid plans ahead of Free in the queue (BullMQ runs lower numbers first)", () => {
    for (const role of ["LiteUser", "ProUser", "Admin"] as const) expect(queuePriority(role)).toBeLessThan(queuePriority("FreeUser"));
  });

  it("watermarks Free users' public pages only", () => {
    expect(hasWatermark("FreeUser")).toBe(true);
    for (const role of ["LiteUser", "ProUser", "Admin"] as const) expect(hasWatermark(role)).toBe(false);
  });
});

describe("what the dashboard is given", () => {
  it("shows a Free user public sharing as available and Scout features as locked", async () => {
    const free = await entitlementsFor("FreeUser");
    expect(free).toMatchObject({ monthlyAllowance: 5, watermark: true });
    expect(free.features).toMatchObject({ publicLinkSharing: "available", codeSnippets: "locked", tagSuggestions: "locked", quizGenerator: "locked" });
  });

  it("shows a Creator the features that are not built as coming soon, not available", async () => {
    const creator = await entitlementsFor("ProUser");
    expect(creator).toMatchObject({ monthlyAllowance: null, watermark: false });
    expect(creator.features).toMatchObject({
      bookmarkletSupport: "available",
      affiliateLinks: "available",
      batchProcessing: "available",
      apiAccess: "available",
      quizGenerator: "available",
    });
  });
});

describe("requireFeature", () => {
  it("lets a role use what its plan has", async () => {
    await expect(requireFeature("FreeUser", "publicLinkSharing")).resolves.toBeUndefined();
    await expect(requireFeature("LiteUser", "codeSnippets")).resolves.toBeUndefined();
    await expect(requireFeature("ProUser", "quizGenerator")).resolves.toBeUndefined();
  });

  it("refuses with 403, the feature's message and the upgrade URL", async () => {
    const quiz = await refusalOf(requireFeature("LiteUser", "quizGenerator"));
    expect(quiz.status).toBe(403);
    expect(quiz.message).toBe("Quiz is part of a higher plan. Upgrade to unlock it.");
    expect(quiz.extra).toEqual({ upgradeUrl: "/upgrade?feature=quizGenerator" });
    const exportRefusal = await refusalOf(requireFeature("FreeUser", "markdownExport"));
    expect(exportRefusal.message).toBe("Markdown and PDF export are part of the Creator plan.");
    const snippets = await refusalOf(requireFeature("FreeUser", "codeSnippets"));
    expect(snippets.message).toBe("Code snippets: part of a higher plan. Upgrade to unlock it.");
    expect(snippets.extra).toEqual({ upgradeUrl: "/upgrade?feature=codeSnippets" });
  });

  it("refuses a feature that is not built to everyone, Admin included, with nothing to upgrade to", async () => {
    // Every feature of the spec's table exists now; the rule stays for the next one, so the test
    // marks one as unbuilt for its duration.
    const feature = FEATURES.find((f) => f.key === "batchProcessing")!;
    feature.built = false;
    try {
      for (const role of ["FreeUser", "ProUser", "Admin"] as const) {
        const refused = await refusalOf(requireFeature(role, "batchProcessing"));
        expect(refused.status).toBe(403);
        expect(refused.message).toBe("Batch processing is coming soon.");
        expect(refused.extra).toEqual({});
      }
    } finally {
      feature.built = true;
    }
  });
});

describe("the flags store seam", () => {
  it("answers from whatever table the store holds, and the previous store comes back", async () => {
    restore = setFeatureFlagStore({
      featureTable: async () => ({ ...DEFAULT_FEATURE_TABLE, quizGenerator: { FreeUser: true, LiteUser: false, ProUser: false } }),
    });
    expect(await can("FreeUser", "quizGenerator")).toBe(true);
    expect(await can("ProUser", "quizGenerator")).toBe(false);
    expect((await entitlementsFor("ProUser")).features.quizGenerator).toBe("switched-off");
    expect(await planUnlockingFeature("quizGenerator")).toBeNull();
    await expect(requireFeature("ProUser", "quizGenerator")).rejects.toBeInstanceOf(HttpError);
    restore();
    restore = undefined;
    expect(await can("ProUser", "quizGenerator")).toBe(true);
    expect(await planUnlockingFeature("quizGenerator")).toBe("creator");
  });
});

describe("a feature the operator switched off", () => {
  it("is refused as switched off, with nothing to upgrade to, to the plan that sells it", async () => {
    restore = setFeatureFlagStore({ featureTable: async () => ({ ...DEFAULT_FEATURE_TABLE, quizGenerator: { FreeUser: false, LiteUser: false, ProUser: false } }) });
    const refused = await refusalOf(requireFeature("ProUser", "quizGenerator"));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("Quiz generator is switched off for now by the operator.");
    expect(refused.message).not.toMatch(/upgrade|higher plan/i);
    expect(refused.extra).toEqual({});
  });
});

describe("quotaRefusal", () => {
  it("is the 403 with the quota message and the plain upgrade URL", () => {
    const refused = quotaRefusal();
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(QUOTA_EXCEEDED);
    expect(refused.extra).toEqual({ upgradeUrl: "/upgrade" });
  });
});

/**
 * README's "## Plans" table, as the code defines it: the plans' terms here and the feature table
 * in app/lib/entitlements.ts (its defaults; an admin may switch a feature off). Issue 38: README
 * promised code snippets from the local engine to everyone, while they are sold with Scout.
 */
function expectedPlanTable(): string[] {
  const mark = (yes: boolean) => (yes ? "✓" : "–");
  const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
  // Features in the order of the cheapest plan that has them, then as the catalogue lists them.
  const firstPlan = (key: FeatureKey) => {
    const index = PLANS.findIndex((plan) => DEFAULT_FEATURE_TABLE[key][plan.role]);
    return index === -1 ? PLANS.length : index;
  };
  const free = PLANS[0]!.role;
  return [
    row(["", ...PLANS.map((plan) => plan.name)]),
    row(["---", ...PLANS.map(() => "---")]),
    row(["Enrichments a month", ...PLANS.map((plan) => String(monthlyAllowance(plan.role) ?? "unlimited"))]),
    row(["Ahead of Free in the queue", ...PLANS.map((plan) => mark(queuePriority(plan.role) < queuePriority(free)))]),
    row(["Share pages without a watermark", ...PLANS.map((plan) => mark(!hasWatermark(plan.role)))]),
    ...FEATURES.filter((feature) => feature.built)
      .sort((a, b) => firstPlan(a.key) - firstPlan(b.key))
      .map((feature) => row([feature.name, ...PLANS.map((plan) => mark(DEFAULT_FEATURE_TABLE[feature.key][plan.role]))])),
  ];
}

describe("README's plan table", () => {
  it("says what each plan unlocks exactly as the code does", () => {
    const readme = readFileSync("README.md", "utf8");
    const start = readme.indexOf("\n## Plans\n");
    expect(start, "README.md has no \"## Plans\" section").toBeGreaterThan(-1);
    const end = readme.indexOf("\n## ", start + 1);
    const table = readme
      .slice(start, end === -1 ? undefined : end)
      .split("\n")
      .filter((line) => line.startsWith("|"));
    // On a difference, the expected side is the table to paste into README.md.
    expect(table.join("\n")).toBe(expectedPlanTable().join("\n"));
  });
});
