import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { reenrichLinks } from "~/server/jobs-console/replay.server";
import { readerArticle } from "~/server/reader/reader.server";
import { until } from "../helpers/wait";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";

// The whole pipeline: the web server in this process, a real worker process, real Postgres
// and Redis, and pages served on loopback (allowed through FETCH_ALLOWLIST).
let pages: Pipeline["pages"];
let api: Pipeline["api"];
let pipeline: Pipeline;
let missingFixed = false;
let editedFixed = false;
type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
// A 1×1 PNG: the icon the Postgres fixture page names.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** Short enough for /slow's three attempts to end soon, long enough for a busy machine's loopback answers. */
const FAST_TIMEOUT = { FETCH_TIMEOUT_MS: "3000" };

beforeAll(async () => {
  pipeline = await startPipeline({
    "/postgres": html(fixture("postgres-indexes.html")),
    "/react": html(fixture("react-hooks.html")),
    "/recipe": html(fixture("latin1-recipe.html"), "text/html"),
    "/notes.txt": html("Release notes\n\nVersion 2 brings a dark theme and faster search to everyone.", "text/plain"),
    "/image.png": html(Buffer.alloc(64), "image/png"),
    "/static/icon-32.png": html(PNG, "image/png"),
    "/svg-icon": html('<html><head><title>Vector icon</title><link rel="icon" href="/icon.svg"></head><body><p>A page whose only icon is an SVG, which we do not serve.</p></body></html>'),
    "/icon.svg": html('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/svg+xml"),
    "/huge": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const push = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", push);
        }
        res.end();
      };
      push();
    },
    "/slow": () => undefined,
    "/missing": (_req, res) => {
      if (missingFixed) html(fixture("react-hooks.html"))(_req, res);
      else res.writeHead(404).end("gone");
    },
    "/edited": (_req, res) => {
      if (editedFixed) html(fixture("react-hooks.html"))(_req, res);
      else res.writeHead(404).end("not yet");
    },
    "/article": html(
      `<html><head><title>Harbour pilots</title></head><body><nav>Home · News</nav><article><h1>Harbour pilots</h1>
      <p>${"The pilots bring every ship in, whatever the weather, and they have done so for a century. ".repeat(8)}</p>
      <ol start="3"><li>Third, the ropes.</li><li>Fourth, the lights.</li></ol>
      <figure><img src="/pics/harbour.png" alt="The harbour"><figcaption>The harbour at dusk.</figcaption></figure>
      <img src="/pics/missing.png" alt="gone"><script>window.pwned = true</script>
      <p>${"Their boats are small and fast, and the pilots climb a rope ladder to board. ".repeat(6)}</p></article></body></html>`,
    ),
    "/pics/harbour.png": html(PNG, "image/png"),
    "/hop1": (_req, res) => res.writeHead(301, { location: "/hop2" }).end(),
    "/hop2": (_req, res) => res.writeHead(302, { location: "/hop3" }).end(),
    "/hop3": (_req, res) => res.writeHead(307, { location: "/postgres" }).end(),
    "/loop": (_req, res) => res.writeHead(302, { location: "/loop" }).end(),
  }, { webEnv: FAST_TIMEOUT, workerEnv: FAST_TIMEOUT });
  ({ pages, api } = pipeline);
}, 120_000);

afterAll(() => pipeline?.stop());

const signUp = (role: "FreeUser" | "ProUser" = "ProUser") => signUpAs(api, role);

async function add(token: string, url: string) {
  return api<LinkBody>("POST", "/api/links", { token, body: { url } });
}

describe("adding and enriching links", () => {
  it("saves a link as pending, then the worker enriches it with title, description, favicon, tags and code", async () => {
    const { token } = await signUp();
    const added = await add(token, pages.url("/postgres"));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ url: pages.url("/postgres"), status: "pending", enrichedAt: null, error: null, tags: [] });

    const link = await waitForLink(api, token, added.body.id);
    expect(link.status).toBe("enriched");
    expect(link.title).toBe("How Postgres Indexes Work");
    expect(link.description).toMatch(/B-tree, GIN and BRIN/);
    // The icon is fetched by the worker and served from our origin, never from the site.
    expect(link.favicon).toMatch(/^\/favicons\/[0-9a-f]{32}$/);
    const icon = await fetch(`${pipeline.web.baseUrl}${link.favicon}`);
    expect(icon.headers.get("content-type")).toBe("image/png");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await icon.arrayBuffer()).equals(PNG)).toBe(true);
    expect(pages.hits("/static/icon-32.png")).toBe(1);
    expect(link.tags.length).toBeGreaterThanOrEqual(3);
    expect(link.tags.length).toBeLessThanOrEqual(6);
    expect(link.summary).toMatch(/index/i);
    expect(link.codeSnippets?.map((c) => c.language)).toEqual(["sql", "sql"]);
    expect(link.enrichedAt).not.toBeNull();
    expect((await api("GET", "/api/usage", { token })).body).toMatchObject({ used: 1, limit: null });
  });

  it("honours the page's charset and reads plain text", async () => {
    const { token } = await signUp();
    const recipe = await waitForLink(api, token, (await add(token, pages.url("/recipe"))).body.id);
    expect(recipe.title).toBe("Crème brûlée, the classic French dessert");
    // A recipe is filed with the how-tos (it was Design, on the word "contrast").
    expect(recipe.category).toBe("learning");
    const notes = await waitForLink(api, token, (await add(token, pages.url("/notes.txt"))).body.id);
    expect(notes.status).toBe("enriched");
    expect(notes.title).toBe("Release notes");
  });

  it("fails a 404 at once with a reason, and Retry enriches it once the page is fixed", async () => {
    const { token } = await signUp();
    const added = await add(token, pages.url("/missing"));
    const failed = await waitForLink(api, token, added.body.id);
    expect(failed).toMatchObject({ status: "error", error: "The page answered 404 Not Found" });
    expect(pages.hits("/missing")).toBe(1);

    missingFixed = true;
    const retried = await api<LinkBody>("POST", `/api/links/${added.body.id}/retry`, { token });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe("pending");
    const fixed = await waitForLink(api, token, added.body.id);
    expect(fixed.status).toBe("enriched");
    expect(fixed.title).toBe("A gentle guide to React hooks");
    expect((await api("POST", `/api/links/${added.body.id}/retry`, { token })).status).toBe(409);
  });

  it("a title and tags the user gave survive Retry and a re-enrichment; a tag taken off stays off", async () => {
    const user = await signUp();
    const { token } = user;
    const added = await add(token, pages.url("/edited"));
    expect((await waitForLink(api, token, added.body.id)).status).toBe("error");
    const id = added.body.id;
    const tagged = await api<LinkBody>("PUT", `/api/links/${id}/tags`, { token, body: { tags: ["Reading list", "to-read", "to-read "] } });
    expect(tagged.status).toBe(200);
    expect(tagged.body.tags).toEqual(["Reading list", "to-read"]);
    const titled = await api<LinkBody>("PATCH", `/api/links/${id}`, { token, body: { title: "My notes on hooks" } });
    expect(titled.status).toBe(200);
    expect(titled.body.title).toBe("My notes on hooks");

    editedFixed = true;
    expect((await api("POST", `/api/links/${id}/retry`, { token })).status).toBe(200);
    const retried = await waitForLink(api, token, id);
    expect(retried).toMatchObject({ status: "enriched", title: "My notes on hooks" });
    // The page's description fills what the user did not set; the engine's tags come after the user's.
    expect(retried.description).toMatch(/hooks/i);
    expect(retried.tags.slice(0, 2)).toEqual(["Reading list", "to-read"]);
    const engineTags = retried.tags.slice(2);
    expect(engineTags.length).toBeGreaterThan(0);

    // The user takes one of the engine's tags off and adds one; an operator re-enriches everything.
    const [dropped] = engineTags;
    const edited = await api<LinkBody>("PUT", `/api/links/${id}/tags`, { token, body: { tags: [...retried.tags.filter((tag) => tag !== dropped), "later"] } });
    expect(edited.body.tags).not.toContain(dropped);
    const before = await db().selectFrom("links").select("enriched_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(await reenrichLinks({ filter: { user: user.id }, actor: { id: null, label: "test" } })).toMatchObject({ queued: 1 });
    await until("the re-enrichment is stored", async () => {
      const row = await db().selectFrom("links").select(["enriched_at", "reenrich_requested_at"]).where("id", "=", id).executeTakeFirstOrThrow();
      return row.reenrich_requested_at === null && row.enriched_at!.getTime() > before.enriched_at!.getTime() ? row : undefined;
    });
    const reenriched = await waitForLink(api, token, id);
    expect(reenriched.title).toBe("My notes on hooks");
    expect(reenriched.tags.slice(0, 2)).toEqual(["Reading list", "to-read"]);
    expect(reenriched.tags).toContain("later");
    expect(reenriched.tags.map((tag) => tag.toLowerCase())).not.toContain(dropped!.toLowerCase());

    // null gives the title back to the page at its next enrichment; bad edits are a 400 with a message.
    expect((await api<LinkBody>("PATCH", `/api/links/${id}`, { token, body: { title: null } })).body.title).toBe("My notes on hooks");
    const refused = await api<{ message: string }>("PUT", `/api/links/${id}/tags`, { token, body: { tags: [""] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/tag/i);
    expect((await api<{ message: string }>("PATCH", `/api/links/${id}`, { token, body: {} })).status).toBe(400);
  });

  it("an engine's tag takes the spelling the user already has for it, even on a link older than the tags the engine sees", async () => {
    const { token, id } = await signUp();
    // The user wrote "b-tree indexes" long ago; 300 newer links (tagged "archive") put it out of listUserTags' reach.
    await sql`insert into links (user_id, url, normalized_url, status, tags, saved_at)
      values (${id}::uuid, 'https://old.example/', 'https://old.example/', 'enriched', array['b-tree indexes'], now() - interval '2 years')`.execute(db());
    await sql`insert into links (user_id, url, normalized_url, status, tags, saved_at)
      select ${id}::uuid, 'https://newer.example/' || g, 'https://newer.example/' || g, 'enriched', array['archive'], now() - interval '1 year' + g * interval '1 minute'
      from generate_series(1, 300) g`.execute(db());
    const link = await waitForLink(api, token, (await add(token, pages.url("/postgres"))).body.id);
    expect(link.status).toBe("enriched");
    expect(link.tags).toContain("b-tree indexes");
    expect(link.tags).not.toContain("B-tree indexes");
  });

  it("retries a page that never answers, then fails with the timeout reason", async () => {
    const { token } = await signUp();
    const link = await waitForLink(api, token, (await add(token, pages.url("/slow"))).body.id, 60_000);
    expect(link).toMatchObject({ status: "error", error: "The page took longer than 3 s" });
    expect(pages.hits("/slow")).toBe(3);
  });

  it("refuses oversized pages and things that are not pages", async () => {
    const { token } = await signUp();
    const huge = await waitForLink(api, token, (await add(token, pages.url("/huge"))).body.id);
    expect(huge).toMatchObject({ status: "error", error: "The page is larger than 5 MB" });
    const image = await waitForLink(api, token, (await add(token, pages.url("/image.png"))).body.id);
    expect(image).toMatchObject({ status: "error", error: "The address is not a web page (image/png)" });
  });

  it("follows a redirect chain, and gives up on a redirect loop", async () => {
    const { token } = await signUp();
    const chained = await waitForLink(api, token, (await add(token, pages.url("/hop1"))).body.id);
    expect(chained).toMatchObject({ status: "enriched", title: "How Postgres Indexes Work" });
    const loop = await waitForLink(api, token, (await add(token, pages.url("/loop"))).body.id);
    expect(loop).toMatchObject({ status: "error", error: "The page redirected more than 5 times" });
  });

  it("refuses an internal address through the API without fetching it", async () => {
    const { token } = await signUp();
    const link = await waitForLink(api, token, (await add(token, "http://169.254.169.254/latest/meta-data/")).body.id);
    expect(link).toMatchObject({ status: "error" });
    expect(link.error).toMatch(/^That address is not allowed: it is on a private or local network .*FETCH_ALLOWLIST/);
  });
});

describe("the links API", () => {
  it("validates the URL with the documented message and saves nothing", async () => {
    const { token } = await signUp();
    for (const url of ["example.com", "ftp://example.com/x", "http://", `https://example.com/${"a".repeat(2100)}`, ""]) {
      const response = await add(token, url);
      expect(response.status, url).toBe(400);
      expect(response.body, url).toEqual({ message: "Enter a valid URL starting with http:// or https://" });
    }
    expect((await api<unknown[]>("GET", "/api/links", { token })).body).toEqual([]);
    expect((await api("POST", "/api/links", { body: { url: pages.url("/postgres") } })).status).toBe(401);
  });

  it("returns the existing link for the same page again (here with a fragment), moved to the top", async () => {
    const { token } = await signUp();
    const first = await add(token, pages.url("/react"));
    await add(token, pages.url("/postgres"));
    const again = await add(token, `${pages.url("/react")}#section`);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const list = await api<LinkBody[]>("GET", "/api/links", { token });
    expect(list.body.map((l) => l.id)[0]).toBe(first.body.id);
    expect(list.body).toHaveLength(2);
  });

  it("pages with limit and before, hides other users' links, and deletes", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const ids: string[] = [];
    for (const path of ["/postgres", "/react", "/recipe"]) ids.unshift((await add(alice.token, pages.url(path))).body.id);
    const page1 = await api<LinkBody[]>("GET", "/api/links?limit=2", { token: alice.token });
    expect(page1.body.map((l) => l.id)).toEqual(ids.slice(0, 2));
    const page2 = await api<LinkBody[]>("GET", `/api/links?limit=2&before=${ids[1]}`, { token: alice.token });
    expect(page2.body.map((l) => l.id)).toEqual([ids[2]]);
    expect((await api("GET", "/api/links?limit=500", { token: alice.token })).status).toBe(400);

    expect((await api("GET", `/api/links/${ids[0]}`, { token: bob.token })).status).toBe(404);
    expect((await api("DELETE", `/api/links/${ids[0]}`, { token: bob.token })).status).toBe(404);
    expect((await api("POST", `/api/links/${ids[0]}/retry`, { token: bob.token })).status).toBe(404);
    expect((await api("DELETE", `/api/links/${ids[0]}`, { token: alice.token })).status).toBe(200);
    expect((await api("GET", `/api/links/${ids[0]}`, { token: alice.token })).status).toBe(404);
  });

  it("previews a page for the add form through the same safe fetcher", async () => {
    const { token } = await signUp();
    const preview = await api("GET", `/api/links/preview?url=${encodeURIComponent(pages.url("/react"))}`, { token });
    expect(preview.body).toEqual({
      url: pages.url("/react"),
      title: "A gentle guide to React hooks",
      description: "useState, useEffect and custom hooks explained with small examples.",
      // Not fetched yet, so none: the browser draws a letter tile instead of asking the site.
      favicon: null,
    });
    const blocked = await api("GET", `/api/links/preview?url=${encodeURIComponent("http://10.0.0.1/")}`, { token });
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toMatch(/^That address is not allowed: .*FETCH_ALLOWLIST/);
  });
});

describe("the reader view's article (decision 055)", () => {
  it("keeps the page's article and copies of its pictures; the reader shows it sanitised, with only the pictures we hold", async () => {
    const { token, id: userId } = await signUp();
    const link = await waitForLink(api, token, (await add(token, pages.url("/article"))).body.id);
    expect(link.status).toBe("enriched");
    const stored = await until("the article kept", () => db().selectFrom("link_articles").selectAll().where("link_id", "=", link.id).executeTakeFirst());
    expect(stored.html).toContain('<ol start="3">');
    expect(stored.base_url).toBe(pages.url("/article"));
    await until("the picture copied", async () => (pages.hits("/pics/harbour.png") === 1 && pages.hits("/pics/missing.png") === 1 ? true : undefined));

    const article = await readerArticle(userId, link.id);
    expect(article.html).toMatch(/<figure><img src="\/lead-images\/[0-9a-f]{32}" alt="The harbour"[^>]*\/?><figcaption>The harbour at dusk.<\/figcaption><\/figure>/);
    expect(article.html).not.toContain("missing.png");
    expect(article.html).not.toContain("<script");
    expect(article.html).not.toContain("Home · News");
    const picture = /src="(\/lead-images\/[0-9a-f]{32})"/.exec(article.html!)![1]!;
    expect(Buffer.from(await (await fetch(`${pipeline.web.baseUrl}${picture}`)).arrayBuffer()).equals(PNG)).toBe(true);

    // The owner's place in it, through the API; another user's link is a 404.
    expect((await api("PUT", `/api/links/${link.id}/reading-position`, { token, body: { progress: 0.4 } })).body).toEqual({ progress: 0.4 });
    expect((await api("GET", `/api/links/${link.id}/reading-position`, { token })).body).toEqual({ progress: expect.closeTo(0.4, 5) });
    expect((await api("PUT", `/api/links/${link.id}/reading-position`, { token, body: { progress: 2 } })).status).toBe(400);
    const other = await signUp();
    expect((await api("PUT", `/api/links/${link.id}/reading-position`, { token: other.token, body: { progress: 0.9 } })).status).toBe(404);
    expect((await api("GET", `/api/links/${link.id}/reading-position`, { token })).body).toEqual({ progress: expect.closeTo(0.4, 5) });
    expect((await api("PUT", "/api/preferences/reader", { token, body: { fontSize: "large", width: "narrow" } })).body).toEqual({ fontSize: "large", width: "narrow" });
    expect((await api("GET", "/api/preferences/reader", { token })).body).toEqual({ fontSize: "large", width: "narrow" });
  });
});

describe("site icons", () => {
  it("stores no SVG icon (it could carry script) and answers a 404 for an unknown key", async () => {
    const { token } = await signUp();
    const link = await waitForLink(api, token, (await add(token, pages.url("/svg-icon"))).body.id);
    expect(link.status).toBe("enriched");
    expect(link.favicon).toBeNull();
    expect(pages.hits("/icon.svg")).toBe(1);
    expect((await fetch(`${pipeline.web.baseUrl}/favicons/${"0".repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${pipeline.web.baseUrl}/favicons/not-a-key`)).status).toBe(404);
  });
});

describe("the monthly quota", () => {
  it("saves a link with nothing left as failed with the quota reason; Retry works once a pack credit exists", async () => {
    const { token, id } = await signUp("FreeUser");
    await sql`insert into enrichment_usage (user_id, kind, source) select ${id}, 'link', 'allowance' from generate_series(1, 5)`.execute(db());
    expect((await api("GET", "/api/usage", { token })).body).toMatchObject({ used: 5, limit: 5, credits: 0 });

    const added = await add(token, pages.url("/postgres"));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: "error", error: "Monthly enrichment limit reached — buy a pack or upgrade" });
    const refused = await api("POST", `/api/links/${added.body.id}/retry`, { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ upgradeUrl: "/upgrade" });

    await db().updateTable("users").set({ pack_credits: 1 }).where("id", "=", id).execute();
    expect((await api("POST", `/api/links/${added.body.id}/retry`, { token })).status).toBe(200);
    expect((await waitForLink(api, token, added.body.id)).status).toBe("enriched");
    expect((await api("GET", "/api/usage", { token })).body).toMatchObject({ used: 5, limit: 5, credits: 0 });
  });

  it("lets a Free user enrich 5 links a month", async () => {
    const { token } = await signUp("FreeUser");
    const paths = ["/postgres", "/react", "/recipe", "/notes.txt", "/hop1", "/hop2"];
    const links = [];
    for (const path of paths) links.push(await waitForLink(api, token, (await add(token, pages.url(path))).body.id));
    expect(links.filter((l) => l.status === "enriched")).toHaveLength(5);
    expect(links.at(-1)).toMatchObject({ status: "error", error: "Monthly enrichment limit reached — buy a pack or upgrade" });
  });
});
