import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { apiClient, startWebServer } from "../helpers/web-server";

let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  web = await startWebServer({ TRUST_PROXY: "true" });
  api = apiClient(web.baseUrl);
});
afterAll(() => web?.close());

let n = 0;
async function user(role: "FreeUser" | "ProUser" = "FreeUser") {
  const r = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email: `share${++n}-${Date.now()}@example.com`, password: "secret-pass" } });
  await db().updateTable("users").set({ role }).where("id", "=", r.body.user.id).execute();
  return { token: r.body.token, id: r.body.user.id };
}

async function enrichedLink(userId: string, url: string, category: string, title = url) {
  const row = await db()
    .insertInto("links")
    .values({ user_id: userId, url, normalized_url: url, status: "enriched", title, description: `About ${title}`, tags: ["x", "y"], category, summary: `Summary of ${title}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const view = (id: string, ip: string, agent = "test-browser") => api("GET", `/api/share/${id}`, { headers: { "X-Forwarded-For": ip, "User-Agent": agent } });

describe("sharing", () => {
  it("shares a link, shows it publicly with a watermark for Free users, and hides it again", async () => {
    const free = await user("FreeUser");
    const id = await enrichedLink(free.id, "https://share.example/a", "ai", "Attention is all you need");
    expect((await api("GET", `/api/share/${id}`)).body).toEqual({ message: "This link is not available." });

    const shared = await api<{ id: string; shareUrl: string }>("POST", `/api/links/${id}/share`, { token: free.token });
    expect(shared.body.id).toBe(id);
    expect(shared.body.shareUrl).toMatch(new RegExp(`/share/${id}$`));
    const page = await api("GET", `/api/share/${id}`);
    expect(page.body).toMatchObject({ title: "Attention is all you need", url: "https://share.example/a", tags: ["x", "y"], watermark: true });

    const creator = await user("ProUser");
    const creatorLink = await enrichedLink(creator.id, "https://share.example/b", "ai");
    await api("POST", `/api/links/${creatorLink}/share`, { token: creator.token });
    expect((await api("GET", `/api/share/${creatorLink}`)).body).toMatchObject({ watermark: false });

    expect((await api("POST", `/api/links/${id}/share`, { token: creator.token })).status).toBe(404);
    expect((await api("DELETE", `/api/links/${id}/share`, { token: free.token })).status).toBe(204);
    expect((await api("GET", `/api/share/${id}`)).status).toBe(404);
    expect((await api("GET", "/api/share/not-a-uuid")).status).toBe(404);
  });

  it("counts one view per visitor per day", async () => {
    const owner = await user();
    const id = await enrichedLink(owner.id, "https://share.example/views", "web");
    await api("POST", `/api/links/${id}/share`, { token: owner.token });
    await view(id, "198.51.100.1");
    await view(id, "198.51.100.1");
    await view(id, "198.51.100.2");
    await view(id, "198.51.100.2", "another-browser");
    const shared = await api<Array<{ id: string; views: number }>>("GET", "/api/links/shared", { token: owner.token });
    expect(shared.body).toEqual([expect.objectContaining({ id, views: 3 })]);
  });
});

describe("trending and stats", () => {
  it("ranks public pages by views in the window, one entry per URL, filtered by category, paginated", async () => {
    await sql`truncate share_views`.execute(db());
    const a = await user();
    const b = await user();
    const popular1 = await enrichedLink(a.id, "https://trend.example/popular", "ai", "Popular AI");
    const popular2 = await enrichedLink(b.id, "https://trend.example/popular", "ai", "Popular AI");
    const web1 = await enrichedLink(a.id, "https://trend.example/web", "web", "Web thing");
    const old = await enrichedLink(b.id, "https://trend.example/old", "ai", "Old AI");
    const hidden = await enrichedLink(a.id, "https://trend.example/private", "ai", "Private");
    for (const id of [popular1, popular2, web1, old]) await db().updateTable("links").set({ is_public: true, shared_at: new Date() }).where("id", "=", id).execute();
    const views = (id: string, count: number, daysAgo = 0) =>
      sql`insert into share_views (link_id, visitor, day) select ${id}, 'v' || g, current_date - ${daysAgo}::int from generate_series(1, ${count}) g`.execute(db());
    await views(popular1, 5);
    await views(popular2, 4);
    await views(web1, 3);
    await views(old, 50, 40);
    await views(hidden, 100);

    const week = await api<{ results: Array<{ url: string; views: number; category: unknown; title: string }>; total: number }>("GET", "/api/trending");
    expect(week.body.total).toBe(2);
    expect(week.body.results.map((r) => [r.url, r.views])).toEqual([
      ["https://trend.example/popular", 9],
      ["https://trend.example/web", 3],
    ]);
    expect(week.body.results[0]!.category).toEqual({ slug: "ai", displayName: "AI" });

    const year = await api<{ results: Array<{ url: string }>; total: number }>("GET", "/api/trending?time=year&category=ai");
    expect(year.body.results.map((r) => r.url)).toEqual(["https://trend.example/old", "https://trend.example/popular"]);

    const paged = await api<{ results: unknown[]; total: number }>("GET", "/api/trending?time=year&pageSize=1&page=2");
    expect(paged.body).toMatchObject({ total: 3 });
    expect(paged.body.results).toHaveLength(1);
    expect((await api("GET", "/api/trending?category=cooking")).status).toBe(400);
    expect((await api("GET", "/api/trending?time=decade")).status).toBe(400);
    expect((await api("GET", "/api/trending?pageSize=51")).status).toBe(400);
  });

  it("reports real counts", async () => {
    const response = await api<Record<string, number>>("GET", "/api/stats");
    const links = await db().selectFrom("links").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(response.body.totalStoredUrls).toBe(links.n);
    expect(response.body.totalUsers).toBeGreaterThan(0);
    expect(Object.keys(response.body).sort()).toEqual(["enrichedToday", "totalEnriched", "totalStoredUrls", "totalUsers"]);
  });
});

describe("the contact form", () => {
  const post = (fields: Record<string, string>) =>
    fetch(`${web.baseUrl}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: web.baseUrl },
      body: new URLSearchParams(fields),
    });

  it("stores the message and mails it to SUPPORT_EMAIL", async () => {
    const response = await post({ name: "Ada", email: "Ada@Example.com", subject: "bug", message: "The button is blue." });
    expect(response.status).toBe(200);
    const [stored] = await db().selectFrom("contact_messages").selectAll().where("email", "=", "ada@example.com").execute();
    expect(stored).toMatchObject({ name: "Ada", subject: "bug", message: "The button is blue." });
    const [mail] = await db().selectFrom("mail_outbox").selectAll().where("to_address", "=", "support@linkwise.local").orderBy("created_at", "desc").execute();
    expect(mail?.subject).toBe("[Contact] Bug report from Ada");
    expect(mail?.text_body).toContain("The button is blue.");
  });

  it("refuses a message with a missing field or an unknown subject", async () => {
    expect((await post({ name: "Ada", email: "ada@example.com", subject: "bug", message: "" })).status).toBe(400);
    expect((await post({ name: "Ada", email: "ada@example.com", subject: "gossip", message: "hi" })).status).toBe(400);
    expect((await post({ name: "", email: "ada@example.com", subject: "bug", message: "hi" })).status).toBe(400);
  });
});

describe("Get Notified", () => {
  it("records who wants to hear about Scout and Creator, once per email", async () => {
    const ok = await api("POST", "/api/notify-signup", { body: { email: "Waiting@Example.com", plans: ["scout", "creator"] } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: "Thanks! We'll notify you when Scout and Creator plans become available." });
    await api("POST", "/api/notify-signup", { body: { email: "waiting@example.com", plans: ["creator"] } });
    const rows = await db().selectFrom("plan_notify_signups").selectAll().where("email", "=", "waiting@example.com").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.plans).toEqual(["creator"]);
    expect((await api("POST", "/api/notify-signup", { body: { email: "nope", plans: ["scout"] } })).status).toBe(400);
    expect((await api("POST", "/api/notify-signup", { body: { email: "a@example.com", plans: [] } })).status).toBe(400);
    expect((await api("POST", "/api/notify-signup", { body: { email: "a@example.com", plans: ["gold"] } })).status).toBe(400);
  });
});
