import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/platform/db.server";
import { apiClient, startWebServer } from "../helpers/web-server";

const APP_URL = "https://linkwise.example";
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  web = await startWebServer({ APP_URL });
  api = apiClient(web.baseUrl);
});
afterAll(() => web?.close());

const get = (path: string) => fetch(`${web.baseUrl}${path}`, { redirect: "manual" });

async function link(userId: string, url: string, isPublic: boolean) {
  const row = await db()
    .insertInto("links")
    .values({ user_id: userId, url, normalized_url: url, status: "enriched", title: `Title of ${url}`, description: `About ${url}`, tags: [], is_public: isPublic, shared_at: isPublic ? new Date() : null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("what the web expects of a site", () => {
  it("robots.txt lets crawlers into public pages, keeps them out of private ones and names the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    for (const path of ["/api/", "/admin", "/settings", "/checkout"]) expect(text).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    // A signed-out crawler is sent from the dashboard to /login; it is not marked as blocked.
    expect(text).not.toMatch(/^Disallow: \/dashboard/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${APP_URL}/sitemap.xml$`, "m"));
  });

  it("sitemap.xml lists the public pages and public shares, never private links", async () => {
    const owner = await api<{ user: { id: string } }>("POST", "/api/auth/register", { body: { email: `sitemap-${Date.now()}@example.com`, password: "secret-pass" } });
    const shared = await link(owner.body.user.id, "https://sitemap.example/shared", true);
    const hidden = await link(owner.body.user.id, "https://sitemap.example/private", false);

    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(response.headers.get("cache-control")).toMatch(/max-age=300/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    for (const path of ["/", "/pricing", "/features", "/trending", "/help-center", "/privacy-policy"]) expect(xml).toContain(`<loc>${APP_URL}${path}</loc>`);
    expect(xml).toContain(`<loc>${APP_URL}/share/${shared}</loc>`);
    expect(xml).not.toContain(hidden);
    expect(xml).not.toContain("/dashboard");
  });

  it("favicon.ico is an icon file, cached for a long time", async () => {
    const response = await get("/favicon.ico");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=2592000");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The ICO header: reserved 0, type 1 (icon).
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it("a missing file is a 404 page with our layout; an unknown page still goes to the landing page", async () => {
    for (const path of ["/assets/x.js", "/build/x", "/build/_assets/gone-123.css", "/logo.png"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain("Page not found");
      expect(html, path).not.toContain("Unexpected Application Error");
      expect(html, path).toContain('id="main"');
    }
    const page = await get("/no-such-page");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/");
  });

  it("a share that is gone is a 404 page with our layout, kept out of search results", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await get(`/share/${id}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("This link is not available.");
      expect(html).toContain('id="main"');
      expect(html).toContain('<meta name="robots" content="noindex"');
    }
  });

  it("public pages carry a description and Open Graph tags with their absolute address", async () => {
    for (const path of ["/", "/pricing", "/features", "/trending", "/help-center", "/documentation", "/contact", "/privacy-policy", "/terms-of-service", "/cookie-policy", "/get-started", "/login", "/register"]) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html, path).toMatch(/<meta property="og:description" content="[^"]+"/);
      expect(html, path).toContain('<meta property="og:type" content="website"');
      expect(html, path).toContain(`<meta property="og:url" content="${APP_URL}${path}"`);
      expect(html, path).toContain('<meta property="og:site_name" content="Linkwise"');
      expect(html, path).toContain('<meta name="twitter:card" content="summary"');
    }
  });

  /** Runs `check` while share_views is missing, as a broken query would leave it; then puts it back. */
  async function withoutShareViews(check: () => Promise<void>) {
    await sql`alter table share_views rename to share_views_away`.execute(db());
    try {
      await check();
    } finally {
      await sql`alter table share_views_away rename to share_views`.execute(db());
    }
  }

  it("/trending says its list failed to load, with Retry, instead of claiming nothing is trending", async () => {
    await withoutShareViews(async () => {
      const response = await get("/trending");
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Trending resources could not be loaded.");
      expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
      expect(html).not.toContain("No trending resources");
      expect(html).toContain("All Trending Resources");
    });
    const healthy = await (await get("/trending")).text();
    expect(healthy).not.toContain("could not be loaded");
  });

  it("a page that fails is a real error page with its own title, the request id the server logged, and a way home", async () => {
    const owner = await api<{ user: { id: string } }>("POST", "/api/auth/register", { body: { email: `error-page-${Date.now()}@example.com`, password: "secret-pass" } });
    const shared = await link(owner.body.user.id, "https://error-page.example/shared", true);
    const logged: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    let response: Response;
    let html: string;
    try {
      // Recording the view needs share_views: the loader throws, as any unexpected failure would.
      ({ response, html } = await withoutShareViewsAnswer(`/share/${shared}`));
    } finally {
      spy.mockRestore();
    }
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toBeTruthy();
    expect(html).not.toContain("Unexpected Application Error");
    expect(html).toContain("<title>Something went wrong · Linkwise</title>");
    expect(html).not.toContain("<title>Linkwise — save links, learn more</title>");
    expect(html).toContain(requestId);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Back to the home page<\/a>/);
    expect(logged.some((line) => line.includes("page failed") && line.includes(`requestId=${requestId}`))).toBe(true);
  });

  async function withoutShareViewsAnswer(path: string): Promise<{ response: Response; html: string }> {
    let answer: { response: Response; html: string } | undefined;
    await withoutShareViews(async () => {
      const response = await get(path);
      answer = { response, html: await response.text() };
    });
    return answer!;
  }
});
