import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import type { Role } from "~/server/platform/db-schema.server";
import { apiClient, startWebServer } from "../helpers/web-server";

// The bookmarklet's save page (no cross-site request can save a link), affiliate rules on share
// pages, and tracking parameters removed when a link is saved.
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  web = await startWebServer();
  api = apiClient(web.baseUrl);
});
afterAll(() => web?.close());

let n = 0;
async function signedIn(role: Role) {
  const email = `bm${++n}-${Date.now()}@example.com`;
  const registered = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
  await db().updateTable("users").set({ role }).where("id", "=", registered.body.user.id).execute();
  const login = await fetch(`${web.baseUrl}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: web.baseUrl },
    body: new URLSearchParams({ intent: "login", email, password: "secret-pass", redirectTo: "/dashboard" }),
    redirect: "manual",
  });
  return { id: registered.body.user.id, token: registered.body.token, cookie: login.headers.get("set-cookie")!.split(";")[0]! };
}

const linksOf = (userId: string) => db().selectFrom("links").select(["url", "title"]).where("user_id", "=", userId).execute();
const savePath = (url: string, title: string) => `/save?${new URLSearchParams({ url, title })}`;

function postSave(cookie: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${web.baseUrl}/save`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("the bookmarklet's save page", () => {
  it("only asks when opened from another site, in a page no one can frame; saving is our own page's POST", async () => {
    const scout = await signedIn("LiteUser");
    const page = await fetch(`${web.baseUrl}${savePath("https://reading.example/post?utm_medium=social", "A post")}`, {
      headers: { Cookie: scout.cookie, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Save this page?");
    expect(html).toContain("Save to Linkwise");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(await linksOf(scout.id)).toEqual([]);

    // Another site's form that rides on the cookie is refused before it reaches the page.
    const forged = await postSave(scout.cookie, { url: "https://evil.example/planted", title: "Planted" }, { Origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    const noOrigin = await postSave(scout.cookie, { url: "https://evil.example/planted", title: "Planted" }, {});
    expect(noOrigin.status).toBe(403);
    expect(await linksOf(scout.id)).toEqual([]);

    const saved = await postSave(scout.cookie, { url: "https://reading.example/post?utm_medium=social", title: "A post" }, { Origin: web.baseUrl });
    expect(saved.status).toBe(201);
    expect(await linksOf(scout.id)).toEqual([{ url: "https://reading.example/post", title: "A post" }]);
  });

  it("sends a signed-out visitor to sign in and back, and shows Free the lock without saving", async () => {
    const signedOut = await fetch(`${web.baseUrl}${savePath("https://reading.example/a", "A")}`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(savePath("https://reading.example/a", "A"))}`);

    const free = await signedIn("FreeUser");
    const page = await fetch(`${web.baseUrl}${savePath("https://reading.example/a", "A")}`, { headers: { Cookie: free.cookie } });
    expect(await page.text()).toContain("/upgrade?feature=bookmarkletSupport");
    const refused = await postSave(free.cookie, { url: "https://reading.example/a" }, { Origin: web.baseUrl });
    expect(refused.status).toBe(403);
    expect(await linksOf(free.id)).toEqual([]);
  });

  it("keeps the popup's tags and note as the user's own, adds them to a link already saved, and refuses bad input with a message", async () => {
    const scout = await signedIn("LiteUser");
    const post = (fields: Array<[string, string]>) =>
      fetch(`${web.baseUrl}/save`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: scout.cookie, Origin: web.baseUrl },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const url = "https://reading.example/popup";
    const own = () => db().selectFrom("links").select(["tags", "user_tags", "notes"]).where("user_id", "=", scout.id).executeTakeFirstOrThrow();

    // Chips, and the field's text with two tags in it (typed when Save was pressed).
    const first = await post([["url", url], ["title", "Popup"], ["tag", "reading"], ["tag", "Postgres, weekend"], ["notes", "Read it slowly."]]);
    expect(first.status).toBe(201);
    expect(await own()).toEqual({ tags: ["reading", "Postgres", "weekend"], user_tags: ["reading", "Postgres", "weekend"], notes: "Read it slowly." });

    // Saved again: a new tag joins, one in another case is not doubled, the note goes under the first.
    const again = await post([["url", url], ["tag", "postgres"], ["tag", "later"], ["notes", "Second look."], ["tag", ""]]);
    expect(again.status).toBe(200);
    expect(await own()).toEqual({ tags: ["reading", "Postgres", "weekend", "later"], user_tags: ["reading", "Postgres", "weekend", "later"], notes: "Read it slowly.\n\nSecond look." });
    // The same note twice is kept once.
    await post([["url", url], ["notes", "Second look."]]);
    expect((await own()).notes).toBe("Read it slowly.\n\nSecond look.");

    const tooLong = await post([["url", url], ["tag", "x".repeat(51)]]);
    expect(tooLong.status).toBe(400);
    // A form post without JavaScript: the page again, saying why.
    expect(await tooLong.text()).toContain("A tag is 50 characters at most.");
    const tooMany = await post([["url", url], ["tag", Array.from({ length: 51 }, (_, i) => `t${i}`).join(",")]]);
    expect(tooMany.status).toBe(400);
    expect((await own()).user_tags).toEqual(["reading", "Postgres", "weekend", "later"]);
  });

  it("serves the bookmarklet, which only opens our save page", async () => {
    const page = await (await fetch(`${web.baseUrl}/bookmarklet`)).text();
    const href = /href="(javascript:[^"]+)"/.exec(page)?.[1]?.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
    expect(href).toBeDefined();
    expect(href).toContain("/save");
    expect(href).toContain("window.open(");
    expect(href).not.toMatch(/fetch\(|XMLHttpRequest|method/i);
  });
});

describe("tracking parameters", () => {
  it("are removed from the saved URL, so the same page with campaign tags is not saved twice", async () => {
    const user = await signedIn("FreeUser");
    const first = await api<{ id: string; url: string }>("POST", "/api/links", { token: user.token, body: { url: "https://news.example/story?id=7&utm_source=newsletter&utm_campaign=nov" } });
    expect(first.status).toBe(201);
    expect(first.body.url).toBe("https://news.example/story?id=7");
    const again = await api<{ id: string }>("POST", "/api/links", { token: user.token, body: { url: "https://news.example/story?fbclid=abc&id=7&gclid=x&mc_eid=y" } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await linksOf(user.id)).toHaveLength(1);
  });
});

describe("affiliate rules", () => {
  it("tag the outgoing link of a Creator's share page for matching domains only", async () => {
    const creator = await signedIn("ProUser");
    const rule = await api("POST", "/api/affiliate-rules", { token: creator.token, body: { domain: "https://www.Shop.example/", param: "tag", value: "me-20" } });
    expect(rule).toMatchObject({ status: 201, body: { domain: "shop.example", param: "tag", value: "me-20" } });
    const shared = await db()
      .insertInto("links")
      .values([
        { user_id: creator.id, url: "https://books.shop.example/item/1?tag=someone-else", normalized_url: "https://books.shop.example/item/1", status: "enriched", title: "Book", is_public: true },
        { user_id: creator.id, url: "https://other.example/item", normalized_url: "https://other.example/item", status: "enriched", title: "Other", is_public: true },
      ])
      .returning(["id", "title"])
      .execute();
    const [book, other] = shared;
    const tagged = await api<{ url: string }>("GET", `/api/share/${book!.id}`);
    expect(tagged.body.url).toBe("https://books.shop.example/item/1?tag=me-20");
    expect((await api<{ url: string }>("GET", `/api/share/${other!.id}`)).body.url).toBe("https://other.example/item");
    const page = await (await fetch(`${web.baseUrl}/share/${book!.id}`)).text();
    expect(page).toContain('href="https://books.shop.example/item/1?tag=me-20"');
    expect(page).toContain('rel="sponsored noopener noreferrer"');

    // A plan without affiliate links stops the rewriting (the rules stay), and cannot add rules.
    await db().updateTable("users").set({ role: "LiteUser" }).where("id", "=", creator.id).execute();
    expect((await api<{ url: string }>("GET", `/api/share/${book!.id}`)).body.url).toBe("https://books.shop.example/item/1?tag=someone-else");
    const refused = await api("POST", "/api/affiliate-rules", { token: creator.token, body: { domain: "x.example", param: "a", value: "b" } });
    expect(refused).toMatchObject({ status: 403, body: { upgradeUrl: "/upgrade?feature=affiliateLinks" } });
  });

  it("refuses a bad domain or parameter, and keeps each user's rules their own", async () => {
    const creator = await signedIn("ProUser");
    const other = await signedIn("ProUser");
    expect((await api("POST", "/api/affiliate-rules", { token: creator.token, body: { domain: "not a domain", param: "tag", value: "x" } })).status).toBe(400);
    expect((await api("POST", "/api/affiliate-rules", { token: creator.token, body: { domain: "shop.example", param: "a b", value: "x" } })).status).toBe(400);
    const saved = await api<{ id: string }>("POST", "/api/affiliate-rules", { token: creator.token, body: { domain: "shop.example", param: "tag", value: "x" } });
    expect((await api("DELETE", `/api/affiliate-rules/${saved.body.id}`, { token: other.token })).status).toBe(404);
    expect((await api<{ rules: unknown[] }>("GET", "/api/affiliate-rules", { token: other.token })).body.rules).toEqual([]);
    expect((await api("DELETE", `/api/affiliate-rules/${saved.body.id}`, { token: creator.token })).status).toBe(200);
  });
});
