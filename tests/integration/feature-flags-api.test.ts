import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FEATURE_TABLE, FEATURES, FEATURE_KEYS } from "~/lib/entitlements";
import type { FeatureFlagsAnswer } from "~/lib/feature-flags";
import { featureAccess, planUnlockingFeature } from "~/server/billing/entitlements.server";
import { db } from "~/server/platform/db.server";
import type { Role } from "~/server/platform/db-schema.server";
import { apiClient, startWebServer } from "../helpers/web-server";

// The admin API of the feature toggles, against the web server in this process. A save drops
// this process's cached table at once, so the gates below answer from the new table.
// (tests/integration/feature-flag-propagation.test.ts shows the same between processes.)
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  // Short, so the test of the age limit below need not wait long.
  web = await startWebServer({ FEATURE_FLAGS_CACHE_MS: "300" });
  api = apiClient(web.baseUrl);
});
afterAll(() => web?.close());

let n = 0;
async function signUp(role: Role) {
  const email = `flags${++n}-${Date.now()}@example.com`;
  const r = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
  expect(r.status).toBe(201);
  await db().updateTable("users").set({ role }).where("id", "=", r.body.user.id).execute();
  return { token: r.body.token, id: r.body.user.id, email };
}

const flagEvents = () => db().selectFrom("audit_events").selectAll().where("kind", "=", "flag").orderBy("id").execute();

describe("GET and PUT /api/admin/feature-flags", () => {
  it("answers 401 without a session and 403 to Free, Scout and Creator, and saves nothing for them", async () => {
    expect(await api("GET", "/api/admin/feature-flags")).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    expect((await api("PUT", "/api/admin/feature-flags", { body: { flags: { quizGenerator: { ProUser: false } } } })).status).toBe(401);
    for (const role of ["FreeUser", "LiteUser", "ProUser"] as const) {
      const { token } = await signUp(role);
      const get = await api("GET", "/api/admin/feature-flags", { token });
      expect(get).toMatchObject({ status: 403, body: { message: "Only admins can do this." } });
      const put = await api("PUT", "/api/admin/feature-flags", { token, body: { flags: { quizGenerator: { ProUser: false } } } });
      expect(put).toMatchObject({ status: 403, body: { message: "Only admins can do this." } });
    }
    expect(await db().selectFrom("feature_flags").selectAll().execute()).toEqual([]);
    expect(await flagEvents()).toEqual([]);
  });

  it("gives the defaults for cells never saved, with the catalogue, and Free's fixed column", async () => {
    const admin = await signUp("Admin");
    const { status, body } = await api<FeatureFlagsAnswer>("GET", "/api/admin/feature-flags", { token: admin.token });
    expect(status).toBe(200);
    expect(body.roles).toEqual([
      { role: "LiteUser", label: "Scout" },
      { role: "ProUser", label: "Creator" },
    ]);
    expect(Object.keys(body.flags)).toEqual([...FEATURE_KEYS]);
    expect(body.features.map((feature) => feature.key)).toEqual(FEATURES.map((feature) => feature.key));
    for (const feature of body.features) {
      const defaults = DEFAULT_FEATURE_TABLE[feature.key];
      expect(body.flags[feature.key]).toEqual({ LiteUser: defaults.LiteUser, ProUser: defaults.ProUser });
      expect(feature.freeUser).toBe(defaults.FreeUser);
      expect(feature.cells.ProUser).toEqual({ enabled: defaults.ProUser, default: defaults.ProUser, updatedBy: null, updatedAt: null });
    }
    const quiz = body.features.find((feature) => feature.key === "quizGenerator")!;
    expect(quiz).toMatchObject({ name: "Quiz generator", category: "content", built: true, description: expect.any(String) });
    expect(body.features.find((feature) => feature.key === "publicLinkSharing")!.freeUser).toBe(true);
  });

  it("refuses unknown keys and roles, Free and Admin columns and non-booleans with 400 {message}", async () => {
    const admin = await signUp("Admin");
    const put = (body: unknown) => api("PUT", "/api/admin/feature-flags", { token: admin.token, body });
    expect(await put({ flags: { teleport: { ProUser: true } } })).toMatchObject({ status: 400, body: { message: 'Unknown feature "teleport"' } });
    expect(await put({ flags: { quizGenerator: { Wizard: true } } })).toMatchObject({
      status: 400,
      body: { message: 'Unknown role "Wizard": only LiteUser (Scout) and ProUser (Creator) can be switched' },
    });
    for (const role of ["FreeUser", "Admin"]) {
      const refused = await put({ flags: { quizGenerator: { [role]: true } } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`Unknown role "${role}"`);
    }
    expect(await put({ flags: { quizGenerator: { ProUser: "off" } } })).toMatchObject({ status: 400, body: { message: "ProUser must be true or false" } });
    expect(await put({ flags: [] })).toMatchObject({ status: 400, body: { message: "flags must be an object of feature keys" } });
    expect(await put({})).toMatchObject({ status: 400, body: { message: "flags must be an object of feature keys" } });
    expect((await api("POST", "/api/admin/feature-flags", { token: admin.token, body: {} })).status).toBe(405);
    expect(await db().selectFrom("feature_flags").selectAll().execute()).toEqual([]);
    expect(await flagEvents()).toEqual([]);
  });

  it("saves the changed cells with who and when, audits them, and every gate follows at once", async () => {
    const admin = await signUp("Admin");
    const creator = await signUp("ProUser");
    expect((await featureAccess("ProUser")).quizGenerator).toBe("available");
    // The gate answers before it looks for the link: a missing link is a 404 while the quiz is allowed.
    const missingLink = `/api/links/${crypto.randomUUID()}/quiz`;
    expect((await api("POST", missingLink, { token: creator.token, body: {} })).status).toBe(404);

    const saved = await api<FeatureFlagsAnswer>("PUT", "/api/admin/feature-flags", {
      token: admin.token,
      // Scout's quiz is already off: sent unchanged, it is neither saved nor audited.
      body: { flags: { quizGenerator: { LiteUser: false, ProUser: false }, codeSnippets: { LiteUser: false } } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.flags.quizGenerator).toEqual({ LiteUser: false, ProUser: false });
    expect(saved.body.flags.codeSnippets).toEqual({ LiteUser: false, ProUser: true });
    const quiz = saved.body.features.find((feature) => feature.key === "quizGenerator")!;
    expect(quiz.cells.ProUser).toMatchObject({ enabled: false, default: true, updatedBy: { id: admin.id, email: admin.email } });
    expect(Date.now() - Date.parse(quiz.cells.ProUser.updatedAt!)).toBeLessThan(60_000);
    expect(quiz.cells.LiteUser).toEqual({ enabled: false, default: false, updatedBy: null, updatedAt: null });

    const events = await flagEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: "flags.updated",
      actor_id: admin.id,
      actor_label: admin.email,
      before: { quizGenerator: { ProUser: true }, codeSnippets: { LiteUser: true } },
      after: { quizGenerator: { ProUser: false }, codeSnippets: { LiteUser: false } },
    });

    // The API, the sidebar's access map and the upgrade page all read the saved table.
    const refused = await api("POST", missingLink, { token: creator.token, body: {} });
    // Switched off for the plan that sells it: no plan buys it back, so no upgrade is offered.
    expect(refused).toMatchObject({ status: 403, body: { message: "Quiz generator is switched off for now by the operator." } });
    expect(refused.body).not.toHaveProperty("upgradeUrl");
    expect((await featureAccess("ProUser")).quizGenerator).toBe("switched-off");
    expect((await featureAccess("LiteUser")).codeSnippets).toBe("switched-off");
    expect((await featureAccess("Admin")).quizGenerator).toBe("available");
    expect(await planUnlockingFeature("quizGenerator")).toBeNull();

    // GET answers the same table; saving the same table again changes and audits nothing.
    const again = await api<FeatureFlagsAnswer>("GET", "/api/admin/feature-flags", { token: admin.token });
    expect(again.body.flags).toEqual(saved.body.flags);
    const unchanged = await api<FeatureFlagsAnswer>("PUT", "/api/admin/feature-flags", { token: admin.token, body: { flags: saved.body.flags } });
    expect(unchanged.body.features).toEqual(saved.body.features);
    expect(await flagEvents()).toHaveLength(1);

    // Back on: a saved cell equal to its default stays saved, with its new author.
    const restored = await api<FeatureFlagsAnswer>("PUT", "/api/admin/feature-flags", {
      token: admin.token,
      body: { flags: { quizGenerator: { ProUser: true }, codeSnippets: { LiteUser: true } } },
    });
    expect(restored.body.flags.quizGenerator.ProUser).toBe(true);
    expect(restored.body.features.find((feature) => feature.key === "quizGenerator")!.cells.ProUser.updatedBy).toEqual({ id: admin.id, email: admin.email });
    expect((await api("POST", missingLink, { token: creator.token, body: {} })).status).toBe(404);
    expect(await flagEvents()).toHaveLength(2);
  });

  it("keeps Free's column as it is in code whatever is saved, and a saved cell opens a built feature", async () => {
    const admin = await signUp("Admin");
    const free = await signUp("FreeUser");
    await api("PUT", "/api/admin/feature-flags", {
      token: admin.token,
      body: { flags: { publicLinkSharing: { LiteUser: false }, batchProcessing: { LiteUser: true, ProUser: true } } },
    });
    expect((await featureAccess("FreeUser")).publicLinkSharing).toBe("available");
    expect((await featureAccess("FreeUser")).quizGenerator).toBe("locked");
    expect((await featureAccess("LiteUser")).publicLinkSharing).toBe("switched-off");
    expect((await featureAccess("LiteUser")).batchProcessing).toBe("available");
    expect((await featureAccess("FreeUser")).batchProcessing).toBe("locked");
    const link = await db()
      .insertInto("links")
      .values({ user_id: free.id, url: "https://flags.example/a", normalized_url: "https://flags.example/a", status: "enriched", title: "A" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await api("POST", `/api/links/${link.id}/share`, { token: free.token })).status).toBe(200);
    await api("PUT", "/api/admin/feature-flags", { token: admin.token, body: { flags: { publicLinkSharing: { LiteUser: true } } } });
  });

  it("reads a key new in code as its default and ignores a saved key the code no longer has", async () => {
    const admin = await signUp("Admin");
    // As if the table had been saved before miniCourse existed, by a version that had a feature since removed.
    await db().deleteFrom("feature_flags").where("feature_key", "=", "miniCourse").execute();
    await db().insertInto("feature_flags").values({ feature_key: "retiredFeature", role: "ProUser", enabled: false }).execute();
    const { body } = await api<FeatureFlagsAnswer>("GET", "/api/admin/feature-flags", { token: admin.token });
    expect(body.flags.miniCourse).toEqual({ LiteUser: false, ProUser: true });
    expect(body.features.map((feature) => feature.key)).not.toContain("retiredFeature");
    expect(Object.keys(body.flags)).not.toContain("retiredFeature");
    await db().deleteFrom("feature_flags").where("feature_key", "=", "retiredFeature").execute();
  });

  it("catches up with a change it was never told about once its copy is older than FEATURE_FLAGS_CACHE_MS", async () => {
    expect((await featureAccess("ProUser")).markdownExport).toBe("available");
    // Written behind the service's back, as if the announcement had been lost.
    await db().insertInto("feature_flags").values({ feature_key: "markdownExport", role: "ProUser", enabled: false }).execute();
    const deadline = Date.now() + 5_000;
    while ((await featureAccess("ProUser")).markdownExport !== "switched-off") {
      if (Date.now() > deadline) throw new Error("the cached table never expired");
      await sleep(50);
    }
    await db().deleteFrom("feature_flags").where("feature_key", "=", "markdownExport").execute();
  });
});
