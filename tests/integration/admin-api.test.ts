import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEvent, ActivityPage } from "~/lib/activity";
import type { AdminStats } from "~/lib/admin-stats";
import { recordAudit } from "~/server/audit/audit.server";
import { db } from "~/server/platform/db.server";
import { signUpAs } from "../helpers/pipeline";
import { apiClient, startWebServer } from "../helpers/web-server";

// GET /api/admin/stats and /api/admin/activity, and the /admin page, over real HTTP. No worker
// runs: a saved link stays pending and its job waits on the queue.
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;
const tokens = {} as Record<"Admin" | "FreeUser" | "LiteUser" | "ProUser", string>;
const emails: string[] = [];

beforeAll(async () => {
  web = await startWebServer();
  api = apiClient(web.baseUrl);
  for (const role of ["FreeUser", "LiteUser", "ProUser"] as const) tokens[role] = (await signUpAs(api, role)).token;
  const admin = await signUpAs(api, "FreeUser");
  await db().updateTable("users").set({ role: "Admin" }).where("id", "=", admin.id).execute();
  tokens.Admin = admin.token;
  emails.push(...(await db().selectFrom("users").select("email").orderBy("created_at").execute()).map((row) => row.email));

  const actor = { id: admin.id, label: "admin@example.com" };
  for (let n = 1; n <= 3; n++) await recordAudit({ kind: "flag", action: "flags.updated", actor, before: { quizGenerator: { ProUser: true } }, after: { quizGenerator: { ProUser: n % 2 === 0 } } });
  await recordAudit({ kind: "user", action: "user.role-changed", actor, target: { type: "user", id: admin.id, label: "bob@example.com" }, before: { role: "FreeUser" }, after: { role: "LiteUser" } });
  await recordAudit({ kind: "user", action: "user.deactivated", actor, target: { type: "user", id: admin.id, label: "bob@example.com" } });
});
afterAll(() => web?.close());

const ENDPOINTS = ["/api/admin/stats", "/api/admin/activity"];

describe("admin API refusals", () => {
  it("answer 401 without a session and 403 for every role but Admin", async () => {
    for (const path of ENDPOINTS) {
      const anonymous = await api("GET", path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toEqual({ message: expect.any(String) });
      expect((await api("GET", path, { token: "not-a-real-token" })).status, path).toBe(401);
      for (const role of ["FreeUser", "LiteUser", "ProUser"] as const) {
        const refused = await api("GET", path, { token: tokens[role] });
        expect(refused.status, `${path} as ${role}`).toBe(403);
        expect(refused.body).toEqual({ message: "Only admins can do this." });
      }
      expect((await api("GET", path, { token: tokens.Admin })).status, path).toBe(200);
    }
  });

  it("check the session before the query", async () => {
    expect((await api("GET", "/api/admin/activity?kind=nonsense", { token: tokens.FreeUser })).status).toBe(403);
  });
});

describe("GET /api/admin/stats", () => {
  it("answers live numbers: a new link and its waiting job show at once", async () => {
    const before = await api<AdminStats>("GET", "/api/admin/stats", { token: tokens.Admin });
    expect(before.headers.get("cache-control")).toBe("no-store");
    expect(before.body.users).toEqual({
      total: 4,
      byRole: { FreeUser: 1, LiteUser: 1, ProUser: 1, Admin: 1 },
      newThisWeek: 4,
      unconfirmedOverWeek: 0,
      deactivated: 0,
    });
    expect(before.body.links).toEqual({ today: 0, total: 0 });
    expect(before.body.workers).toEqual({ live: 0 });

    const added = await api("POST", "/api/links", { token: tokens.ProUser, body: { url: "https://example.com/admin-stats" } });
    expect(added.status).toBe(201);
    const after = await api<AdminStats>("GET", "/api/admin/stats", { token: tokens.Admin });
    expect(after.body.links).toEqual({ today: 1, total: 1 });
    expect(after.body.queues).toEqual([
      { name: "enrich-link", waiting: 1, active: 0, delayed: 0, failed: 0 },
      { name: "enrich-task", waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: "import", waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: "bulk", waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: "render", waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: "render-background", waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: "webhook-delivery", waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: "feed-poll", waiting: 0, active: 0, delayed: 0, failed: 0 },
    ]);
    expect(after.body.enrichments).toEqual({ today: 0, thisMonth: 0, byEngine: [] });
    expect(after.body.failures).toEqual({ last24h: 0, links: 0, results: 0, succeeded: 0, rate: null });
  });
});

describe("GET /api/admin/activity", () => {
  const page = (query: string) => api<ActivityPage>("GET", `/api/admin/activity${query}`, { token: tokens.Admin });

  it("pages newest first with a cursor until the end", async () => {
    const seen: ActivityEvent[] = [];
    let cursor: string | null = "";
    for (let pages = 0; cursor !== null; pages++) {
      const response = await page(`?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.status).toBe(200);
      expect(response.body.events.length).toBeLessThanOrEqual(3);
      seen.push(...response.body.events);
      cursor = response.body.nextCursor;
      expect(pages).toBeLessThan(10);
    }
    // Four sign-ups, three flag changes, two user actions.
    expect(seen).toHaveLength(9);
    const ids = seen.map((event) => BigInt(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(new Set(ids).size).toBe(9);
    expect(seen[0]).toMatchObject({ kind: "user", action: "user.deactivated", summary: "admin@example.com deactivated bob@example.com", details: [] });
    expect(seen[1]).toMatchObject({ summary: "admin@example.com changed role of bob@example.com from Free to Scout" });
    expect(seen[2]).toMatchObject({ summary: "admin@example.com changed the feature flags", details: ["Quiz generator for Creator: on → off"] });
    // A save that changed nothing lists nothing.
    expect(seen[3]).toMatchObject({ summary: "admin@example.com changed the feature flags", details: [] });
  });

  it("filters by kind, and an empty kind means all", async () => {
    const accounts = await page("?kind=account");
    expect(accounts.body.events.map((event) => event.summary)).toEqual([...emails].reverse().map((email) => `${email} signed up as Free`));
    expect(accounts.body.nextCursor).toBeNull();
    const flags = await page("?kind=flag&limit=2");
    expect(flags.body.events.map((event) => event.kind)).toEqual(["flag", "flag"]);
    const older = await page(`?kind=flag&limit=2&cursor=${flags.body.nextCursor}`);
    expect(older.body).toMatchObject({ events: [{ kind: "flag" }], nextCursor: null });
    expect((await page("?kind=payment")).body).toEqual({ events: [], nextCursor: null });
    expect((await page("?kind=&cursor=")).body.events).toHaveLength(9);
  });

  it("refuses a bad kind, cursor or limit with 400 and a message", async () => {
    for (const query of ["?kind=everything", "?cursor=abc", "?cursor=-1", "?cursor=99999999999999999999", "?limit=0", "?limit=101"]) {
      const response = await page(query);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toEqual({ message: expect.any(String) });
    }
  });
});

describe("the /admin page", () => {
  const html = async (path: string, token: string) => {
    const response = await fetch(`${web.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` }, redirect: "manual" });
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  };

  it("shows the stat cards with the live numbers and the newest activity", async () => {
    const page = await html("/admin", tokens.Admin);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-testid="stat-users-total">4</);
    expect(page.text).toMatch(/data-testid="stat-role-ProUser">1</);
    expect(page.text).toMatch(/data-testid="stat-links-total">1</);
    expect(page.text).toContain("admin@example.com deactivated bob@example.com");
    expect(page.text).toContain('href="/admin/feature-toggles"');
    expect(page.text).toContain('href="/admin/jobs"');
  });

  it("filters activity by kind from its own query parameters", async () => {
    const page = await html("/admin?akind=account&urole=all", tokens.Admin);
    expect(page.text).toContain(`${emails[0]} signed up as Free`);
    expect(page.text).not.toContain("deactivated bob@example.com");
    // The filter links keep the user list's parameters.
    expect(page.text).toContain('href="/admin?akind=flag&amp;urole=all#activity"');
  });

  it("shows older activity from a cursor, with a way back to the newest", async () => {
    const newest = await api<ActivityPage>("GET", "/api/admin/activity?limit=2", { token: tokens.Admin });
    const page = await html(`/admin?acursor=${newest.body.nextCursor}`, tokens.Admin);
    expect(page.text).not.toContain("deactivated bob@example.com");
    expect(page.text).not.toContain("changed role of bob@example.com");
    expect(page.text).toContain("changed the feature flags");
    expect(page.text).toMatch(/href="\/admin#activity"[^>]*>Newest</);
    // A cursor that is not one shows the newest page instead of failing.
    expect((await html("/admin?acursor=bogus", tokens.Admin)).text).toContain("deactivated bob@example.com");
  });

  it("sends anyone but an admin to the dashboard", async () => {
    for (const role of ["FreeUser", "LiteUser", "ProUser"] as const) {
      const page = await html("/admin", tokens[role]);
      expect(page.status, role).toBe(302);
      expect(page.location).toBe("/dashboard");
    }
  });
});

describe("the activity feed names people", () => {
  it("names an account an event stored by id only (a payment webhook's) by its email, and a deleted one as such", async () => {
    const payer = (await db().selectFrom("users").select(["id", "email"]).where("email", "=", emails[2]!).executeTakeFirstOrThrow());
    const gone = crypto.randomUUID();
    const after = { invoiceId: "in_test_9", amountCents: 900, subscriptionId: "test_sub_8e35c0ffee" };
    await recordAudit({ kind: "payment", action: "invoice.paid", actor: null, target: { type: "user", id: payer.id }, after });
    await recordAudit({ kind: "payment", action: "invoice.paid", actor: null, target: { type: "user", id: gone }, after });

    const page = await api<ActivityPage>("GET", "/api/admin/activity?kind=payment", { token: tokens.Admin });
    expect(page.body.events.map((event) => event.summary)).toEqual([
      "A deleted account paid €9.00 for their subscription",
      `${payer.email} paid €9.00 for their subscription`,
    ]);
    for (const event of page.body.events) {
      expect(event.details).toEqual([]);
      expect(event.references).toEqual([
        { label: "Invoice id", value: "in_test_9" },
        { label: "Subscription id", value: "test_sub_8e35c0ffee" },
      ]);
    }
  });
});
