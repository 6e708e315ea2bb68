import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Feed, OpmlImport } from "~/lib/feeds";
import { NOT_ENRICHED_ALLOWANCE } from "~/lib/imports";
import { PRIVATE_ADDRESS } from "~/server/fetching/fetcher.server";
import { NO_FEED_ON_PAGE, pollFeed, sweepDueFeeds } from "~/server/feeds/feeds.server";
import { getQueue, QUEUES } from "~/server/jobs/queue.server";
import { db } from "~/server/platform/db.server";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";
import { until } from "../helpers/wait";

// Feeds end to end (decision 070): feeds and their items' pages served on loopback (allowed
// through FETCH_ALLOWLIST, as pages are), the web server in this process and a real worker.
type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
let pipeline: Pipeline;
let api: Pipeline["api"];
const page = fixture("react-hooks.html");

/** What the feed server saw and answered, per request. */
interface Seen {
  path: string;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
  status: number;
  bytes: number;
}
const seen: Seen[] = [];

/** A feed whose body can change; it answers 304 to a request that names its current ETag. */
function feedRoute(contentType: string, initial: string) {
  let body = initial;
  let version = 1;
  const lastModified = new Date("2026-11-01T00:00:00Z").toUTCString();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const etag = `"v${version}"`;
    const record = (status: number, bytes: number) =>
      seen.push({ path: new URL(req.url ?? "/", "http://x").pathname, ifNoneMatch: req.headers["if-none-match"], ifModifiedSince: req.headers["if-modified-since"], status, bytes });
    if (req.headers["if-none-match"] === etag) {
      record(304, 0);
      res.writeHead(304, { etag }).end();
      return;
    }
    record(200, Buffer.byteLength(body));
    res.writeHead(200, { "content-type": contentType, etag, "last-modified": lastModified }).end(body);
  };
  return {
    handler,
    set(next: string) {
      body = next;
      version++;
    },
  };
}

const post = (n: number) => pipeline.pages.url(`/post/${n}`);
const rss = (items: number[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback RSS</title><link>${pipeline.pages.url("/")}</link>${items
    .map((n) => `<item><title>Post ${n}</title><link>${post(n)}</link><guid isPermaLink="false">post-${n}</guid><pubDate>${new Date(Date.UTC(2026, 10, n)).toUTCString()}</pubDate></item>`)
    .join("")}</channel></rss>`;
const atom = (items: number[]) =>
  `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Loopback Atom</title><id>urn:loopback</id><updated>2026-11-20T00:00:00Z</updated><link rel="alternate" href="${pipeline.pages.url("/blog")}"/>${items
    .map((n) => `<entry><id>urn:post:${n}</id><title>Atom ${n}</title><updated>2026-11-${10 + n}T00:00:00Z</updated><link href="${post(n)}"/></entry>`)
    .join("")}</feed>`;
const jsonFeed = (items: number[]) =>
  JSON.stringify({ version: "https://jsonfeed.org/version/1.1", title: "Loopback JSON", home_page_url: pipeline.pages.url("/"), items: items.map((n) => ({ id: `json-${n}`, url: post(n), title: `Json ${n}` })) });

/** Answers never sent. */
const held: ServerResponse[] = [];
let rssFeed: ReturnType<typeof feedRoute>;
let atomFeed: ReturnType<typeof feedRoute>;
let jsonRoute: ReturnType<typeof feedRoute>;
let brokenFeed: ReturnType<typeof feedRoute>;
let brokenStatus = 200;
let retryAfter: string | null = null;
/** A feed to delete (as an unsubscription would) while its poll is fetching it. */
let vanishing: string | null = null;

beforeAll(async () => {
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    "/blog": html(`<!doctype html><html><head><title>Blog</title><link rel="alternate" type="application/atom+xml" title="Atom" href="/atom.xml"></head><body><p>Hi</p></body></html>`),
    "/no-feed": html("<!doctype html><html><head><title>Nothing</title></head><body><p>No feed here</p></body></html>"),
    // A site naming three feeds that never answer.
    "/stuck-site": html(
      `<!doctype html><html><head><title>Stuck</title>${[1, 2, 3].map((n) => `<link rel="alternate" type="application/rss+xml" href="/stuck/${n}.xml">`).join("")}</head><body><p>Hi</p></body></html>`,
    ),
    "/stuck/1.xml": (_req, res) => void held.push(res),
    "/stuck/2.xml": (_req, res) => void held.push(res),
    "/stuck/3.xml": (_req, res) => void held.push(res),
    "/rss.xml": (req, res) => rssFeed.handler(req, res),
    "/atom.xml": (req, res) => atomFeed.handler(req, res),
    "/feed.json": (req, res) => jsonRoute.handler(req, res),
    "/vanishing.xml": (req, res) => {
      const feedId = vanishing;
      vanishing = null;
      const answer = () => res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss([38, 39]));
      if (feedId) void db().deleteFrom("feeds").where("id", "=", feedId).execute().then(answer);
      else answer();
    },
    "/broken.xml": (req, res) => {
      if (brokenStatus !== 200) {
        res.writeHead(brokenStatus, { "content-type": "text/plain", ...(retryAfter ? { "retry-after": retryAfter } : {}) }).end("gone");
        return;
      }
      brokenFeed.handler(req, res);
    },
  };
  for (let n = 1; n <= 40; n++) routes[`/post/${n}`] = html(page);
  pipeline = await startPipeline(routes);
  api = pipeline.api;
  rssFeed = feedRoute("application/rss+xml; charset=utf-8", rss(Array.from({ length: 12 }, (_, i) => i + 1)));
  atomFeed = feedRoute("application/atom+xml", atom([21, 22, 23]));
  jsonRoute = feedRoute("application/feed+json", jsonFeed([31, 32]));
  brokenFeed = feedRoute("application/rss+xml", rss([]));
}, 120_000);
afterAll(async () => {
  held.forEach((res) => res.destroy());
  await pipeline?.stop();
});

const feedsOf = async (token: string) => (await api<{ feeds: Feed[] }>("GET", "/api/feeds", { token })).body.feeds;
const feedOf = async (token: string, id: string) => (await feedsOf(token)).find((feed) => feed.id === id)!;
const linksOf = async (token: string) => (await api<LinkBody[]>("GET", "/api/links?limit=100", { token })).body;

async function subscribe(token: string, url: string, tags: string[] = []) {
  const created = await api<Feed>("POST", "/api/feeds", { token, body: { url, tags } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/**
 * Waits for a poll after `after` (the feed's lastPolledAt then) to be recorded, and for its job to
 * end: a poll asked for while the last one's job is still finishing is left to the minute's sweep
 * (the job id is the feed's), which a test's 30 s wait can miss.
 */
const polledAfter = (token: string, id: string, after: string | null) =>
  until(`feed ${id} is polled`, async () => {
    const feed = await feedOf(token, id);
    if (!feed.lastPolledAt || feed.lastPolledAt === after) return undefined;
    const state = await getQueue(QUEUES.feedPoll).getJobState(`feed-${id}`);
    return state === "completed" || state === "failed" || state === "unknown" ? feed : undefined;
  });

describe("subscribing and polling", () => {
  it("saves an RSS feed's newest 10 items with the feed's tags, enriched; a second poll of the unchanged feed is a 304", async () => {
    const user = await signUpAs(api, "FreeUser");
    const feed = await subscribe(user.token, pipeline.pages.url("/rss.xml"), ["news", "Loopback"]);
    expect(feed).toMatchObject({ url: pipeline.pages.url("/rss.xml"), title: "Loopback RSS", siteUrl: pipeline.pages.url("/"), tags: ["news", "Loopback"], paused: false, lastError: null, itemCount: 0 });

    const polled = await polledAfter(user.token, feed.id, null);
    expect(polled).toMatchObject({ itemCount: 10, failures: 0, lastError: null });
    const links = await linksOf(user.token);
    // The newest ten by date: posts 3 to 12; 1 and 2 are seen, not saved.
    expect(links.map((link) => link.url).sort()).toEqual(Array.from({ length: 10 }, (_, i) => post(i + 3)).sort());
    // Enriched within the Free plan's 5 a month; the rest wait as Not enriched, as an import's do (the
    // user never asked for them one by one): no failure, no notification each.
    const done = await Promise.all(links.map((link) => waitForLink(api, user.token, link.id, 60_000)));
    expect(done.filter((link) => link.status === "enriched"), JSON.stringify(done.map((link) => [link.status, link.error]))).toHaveLength(5);
    expect(done.filter((link) => link.status === "unenriched").map((link) => link.error)).toEqual(Array(5).fill(NOT_ENRICHED_ALLOWANCE));
    for (const link of done) expect(link.tags.slice(0, 2)).toEqual(["news", "Loopback"]);
    const notifications = await api<{ notifications: Array<{ title: string }> }>("GET", "/api/notifications", { token: user.token });
    expect(notifications.body.notifications.map((notification) => notification.title)).not.toContain("A link could not be enriched");

    const before = seen.filter((entry) => entry.path === "/rss.xml").length;
    expect(await api("POST", `/api/feeds/${feed.id}/poll`, { token: user.token })).toMatchObject({ status: 202 });
    await polledAfter(user.token, feed.id, polled.lastPolledAt);
    const again = seen.filter((entry) => entry.path === "/rss.xml").slice(before);
    expect(again.at(-1)).toMatchObject({ ifNoneMatch: '"v1"', ifModifiedSince: "Sun, 01 Nov 2026 00:00:00 GMT", status: 304, bytes: 0 });
    expect(await linksOf(user.token)).toHaveLength(10);
  });

  it("discovers an Atom feed from a site's page, leaves a link already saved as the user had it, and never brings back a deleted item", async () => {
    const user = await signUpAs(api, "FreeUser");
    // Saved before, with the user's own tag and note.
    const own = await api<{ id: string }>("POST", "/api/links", { token: user.token, body: { url: post(22) } });
    expect(own.status).toBe(201);
    await waitForLink(api, user.token, own.body.id, 60_000);
    expect((await api("PUT", `/api/links/${own.body.id}/tags`, { token: user.token, body: { tags: ["mine"] } })).status).toBe(200);
    expect((await api("PATCH", `/api/links/${own.body.id}`, { token: user.token, body: { notes: "my note" } })).status).toBe(200);
    const ownBefore = await db().selectFrom("links").select(["saved_at", "user_tags", "notes"]).where("id", "=", own.body.id).executeTakeFirstOrThrow();

    const feed = await subscribe(user.token, pipeline.pages.url("/blog"), ["atom"]);
    expect(feed).toMatchObject({ url: pipeline.pages.url("/atom.xml"), title: "Loopback Atom", siteUrl: pipeline.pages.url("/blog") });
    const polled = await polledAfter(user.token, feed.id, null);
    expect(polled.itemCount).toBe(2);
    const links = await linksOf(user.token);
    expect(links.map((link) => link.url).sort()).toEqual([post(21), post(22), post(23)].sort());
    const ownAfter = await db().selectFrom("links").select(["saved_at", "user_tags", "notes"]).where("id", "=", own.body.id).executeTakeFirstOrThrow();
    expect(ownAfter).toEqual(ownBefore);
    expect(ownAfter.user_tags).toEqual(["mine"]);

    // The user deletes one and it is purged (as 30 days later); the feed changes; the deleted item
    // stays gone (the feed remembers what it saw), the new one comes.
    const deleted = links.find((link) => link.url === post(21))!;
    expect((await api("DELETE", `/api/links/${deleted.id}`, { token: user.token })).status).toBe(200);
    await db().deleteFrom("links").where("id", "=", deleted.id).execute();
    atomFeed.set(atom([21, 22, 23, 24]));
    expect(await api("POST", `/api/feeds/${feed.id}/poll`, { token: user.token })).toMatchObject({ status: 202 });
    const next = await polledAfter(user.token, feed.id, polled.lastPolledAt);
    expect(next.itemCount).toBe(2);
    const after = await linksOf(user.token);
    expect(after.map((link) => link.url).sort()).toEqual([post(22), post(23), post(24)].sort());
  });

  it("reads a JSON Feed, and the sweep polls a feed that is due", async () => {
    const user = await signUpAs(api, "FreeUser");
    const feed = await subscribe(user.token, pipeline.pages.url("/feed.json"));
    const polled = await polledAfter(user.token, feed.id, null);
    expect(polled).toMatchObject({ title: "Loopback JSON", itemCount: 2 });
    expect((await linksOf(user.token)).map((link) => link.title ?? link.url)).toHaveLength(2);

    jsonRoute.set(jsonFeed([31, 32, 33]));
    await db().updateTable("feeds").set({ next_poll_at: new Date(Date.now() - 1000) }).where("id", "=", feed.id).execute();
    expect((await sweepDueFeeds()).queued).toBeGreaterThanOrEqual(1);
    const next = await polledAfter(user.token, feed.id, polled.lastPolledAt);
    expect(next.itemCount).toBe(3);
    expect(Date.parse(next.nextPollAt!) - Date.now()).toBeGreaterThan(50 * 60 * 1000);
  });

  it("backs a failing feed off with a reason, and forgets the failures once it answers", async () => {
    const user = await signUpAs(api, "FreeUser");
    const feed = await subscribe(user.token, pipeline.pages.url("/broken.xml"));
    const first = await polledAfter(user.token, feed.id, null);
    expect(first.lastError).toBeNull();

    brokenStatus = 404;
    await api("POST", `/api/feeds/${feed.id}/poll`, { token: user.token });
    const failed = await polledAfter(user.token, feed.id, first.lastPolledAt);
    expect(failed).toMatchObject({ lastError: "HTTP 404", failures: 1 });
    expect(Date.parse(failed.nextPollAt!) - Date.parse(failed.lastPolledAt!)).toBeGreaterThan(59 * 60 * 1000);
    expect(Date.parse(failed.nextPollAt!) - Date.parse(failed.lastPolledAt!)).toBeLessThan(61 * 60 * 1000);

    brokenStatus = 200;
    brokenFeed.set("<!doctype html><html><body>Moved</body></html>");
    await api("POST", `/api/feeds/${feed.id}/poll`, { token: user.token });
    const notAFeed = await polledAfter(user.token, feed.id, failed.lastPolledAt);
    expect(notAFeed).toMatchObject({ lastError: "Not a feed", failures: 2 });
    expect(Date.parse(notAFeed.nextPollAt!) - Date.parse(notAFeed.lastPolledAt!)).toBeGreaterThan(119 * 60 * 1000);

    brokenFeed.set(rss([40]));
    await api("POST", `/api/feeds/${feed.id}/poll`, { token: user.token });
    const healed = await polledAfter(user.token, feed.id, notAFeed.lastPolledAt);
    expect(healed).toMatchObject({ lastError: null, failures: 0, itemCount: 1 });

    // 503 with Retry-After: the feed waits as long as the site asked, and that is no failure.
    brokenStatus = 503;
    retryAfter = "1";
    await api("POST", `/api/feeds/${feed.id}/poll`, { token: user.token });
    const asked = await polledAfter(user.token, feed.id, healed.lastPolledAt);
    expect(asked).toMatchObject({ lastError: null, failures: 0 });
    expect(Date.parse(asked.nextPollAt!) - Date.parse(asked.lastPolledAt!)).toBeLessThan(5_000);
    brokenStatus = 200;
    retryAfter = null;
  });

  it("ends a poll quietly when the feed is unsubscribed while it runs", async () => {
    const user = await signUpAs(api, "FreeUser");
    const feed = await subscribe(user.token, pipeline.pages.url("/vanishing.xml"));
    await polledAfter(user.token, feed.id, null);
    // Its entries forgotten, so this poll saves them again and then finds the feed gone.
    await db().deleteFrom("feed_items").where("feed_id", "=", feed.id).execute();
    vanishing = feed.id;
    expect(await pollFeed(feed.id)).toEqual({ outcome: "gone" });
    expect(await feedsOf(user.token)).toEqual([]);
  });
});

describe("managing feeds", () => {
  it("pauses and resumes, changes tags, round-trips OPML, and unsubscribes keeping the links", async () => {
    const user = await signUpAs(api, "FreeUser");
    const feed = await subscribe(user.token, pipeline.pages.url("/feed.json"), ["one"]);
    await polledAfter(user.token, feed.id, null);

    const paused = await api<Feed>("PATCH", `/api/feeds/${feed.id}`, { token: user.token, body: { paused: true, tags: ["two", "Two", "three"] } });
    expect(paused).toMatchObject({ status: 200, body: { paused: true, nextPollAt: null, tags: ["two", "three"] } });
    expect(await api("POST", `/api/feeds/${feed.id}/poll`, { token: user.token })).toMatchObject({ status: 409 });
    const resumed = await api<Feed>("PATCH", `/api/feeds/${feed.id}`, { token: user.token, body: { paused: false } });
    expect(resumed).toMatchObject({ status: 200, body: { paused: false } });

    const exported = await fetch(`${pipeline.web.baseUrl}/api/feeds/opml`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/^text\/x-opml/);
    const opml = await exported.text();
    expect(opml).toContain(`xmlUrl="${pipeline.pages.url("/feed.json")}"`);
    expect(opml).toContain('text="Loopback JSON"');

    // The account's data export carries the feeds too.
    const exportedData = await fetch(`${pipeline.web.baseUrl}/api/account/export`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(exportedData.status).toBe(200);
    expect(((await exportedData.json()) as { feeds: unknown[] }).feeds).toEqual([
      { url: pipeline.pages.url("/feed.json"), siteUrl: pipeline.pages.url("/"), title: "Loopback JSON", tags: ["two", "three"], paused: false, createdAt: expect.any(String) },
    ]);

    const other = await signUpAs(api, "FreeUser");
    const importFile = (token: string, body: string) =>
      fetch(`${pipeline.web.baseUrl}/api/feeds/opml`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/x-opml" }, body });
    const imported = await importFile(other.token, opml);
    expect(imported.status).toBe(200);
    expect((await imported.json()) as OpmlImport).toEqual({ added: 1, existing: 0, skipped: 0 });
    expect((await feedsOf(other.token)).map((entry) => [entry.url, entry.title])).toEqual([[pipeline.pages.url("/feed.json"), "Loopback JSON"]]);
    expect((await (await importFile(other.token, opml)).json()) as OpmlImport).toEqual({ added: 0, existing: 1, skipped: 0 });
    expect(await importFile(other.token, "<html>not opml</html>")).toMatchObject({ status: 422 });

    const linksBefore = (await linksOf(user.token)).length;
    expect(linksBefore).toBeGreaterThan(0);
    expect(await api("DELETE", `/api/feeds/${feed.id}`, { token: user.token })).toMatchObject({ status: 200 });
    expect(await feedsOf(user.token)).toEqual([]);
    expect(await linksOf(user.token)).toHaveLength(linksBefore);
  });

  it("answers bad input with 4xx and a message, another user's feed with 404, a private address with 400", async () => {
    const user = await signUpAs(api, "FreeUser");
    const other = await signUpAs(api, "FreeUser");
    const token = user.token;
    expect(await api("POST", "/api/feeds", { token, body: { url: "not a url" } })).toMatchObject({ status: 400, body: { message: expect.stringContaining("http://") } });
    expect(await api("POST", "/api/feeds", { token, body: { url: pipeline.pages.url("/rss.xml"), tags: "news" } })).toMatchObject({ status: 400, body: { message: "tags must be a list of tags" } });
    expect(await api("POST", "/api/feeds", { token, body: { url: pipeline.pages.url("/no-feed") } })).toMatchObject({ status: 422, body: { message: NO_FEED_ON_PAGE } });
    expect(await api("POST", "/api/feeds", { token, body: { url: pipeline.pages.url("/missing") } })).toMatchObject({ status: 422, body: { message: expect.stringContaining("HTTP 404") } });
    for (const url of ["http://127.0.0.1:1/feed.xml", "http://10.0.0.7/feed", "http://[::1]/rss", "http://169.254.169.254/latest"]) {
      expect(await api("POST", "/api/feeds", { token, body: { url } })).toMatchObject({ status: 400, body: { message: PRIVATE_ADDRESS } });
    }

    // A site whose feeds never answer: told within the subscription's budget, not after each feed's
    // full fetch timeout in turn (10 s each here, 30 s in all).
    const started = Date.now();
    const stuck = await api("POST", "/api/feeds", { token, body: { url: pipeline.pages.url("/stuck-site") } });
    expect(stuck).toMatchObject({ status: 422, body: { message: expect.stringContaining("Timed out") } });
    expect(Date.now() - started).toBeLessThan(25_000);

    const feed = await subscribe(token, pipeline.pages.url("/rss.xml"));
    expect(await api("POST", "/api/feeds", { token, body: { url: pipeline.pages.url("/rss.xml") } })).toMatchObject({ status: 409 });
    expect(await api("PATCH", `/api/feeds/${feed.id}`, { token, body: {} })).toMatchObject({ status: 400, body: { message: "Nothing to change: send paused or tags" } });
    expect(await api("PATCH", `/api/feeds/${feed.id}`, { token: other.token, body: { paused: true } })).toMatchObject({ status: 404 });
    expect(await api("DELETE", `/api/feeds/${feed.id}`, { token: other.token })).toMatchObject({ status: 404 });
    expect(await api("POST", `/api/feeds/${feed.id}/poll`, { token: other.token })).toMatchObject({ status: 404 });
    expect(await api("DELETE", "/api/feeds/not-an-id", { token })).toMatchObject({ status: 404 });
    expect(await api("PUT", `/api/feeds/${feed.id}`, { token, body: { paused: true } })).toMatchObject({ status: 405 });
  });
});
