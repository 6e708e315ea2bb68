import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { startPageServer } from "../helpers/page-server";
import { apiClient, startWebServer } from "../helpers/web-server";

// Delete with Undo: a deleted link disappears from every read at once, comes back intact with
// restore (or a re-save of its URL), and is removed for good by the purge after the grace period.
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;
let pages: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  pages = await startPageServer();
  web = await startWebServer({ FETCH_ALLOWLIST: "127.0.0.1" });
  api = apiClient(web.baseUrl);
});
afterAll(async () => {
  await web?.close();
  await pages?.close();
});

let n = 0;
async function user(role: "FreeUser" | "ProUser" = "ProUser") {
  const r = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email: `undo${++n}-${Date.now()}@example.com`, password: "secret-pass" } });
  await db().updateTable("users").set({ role }).where("id", "=", r.body.user.id).execute();
  return { token: r.body.token, id: r.body.user.id };
}

async function enrichedLink(userId: string, url: string, savedAt = new Date()) {
  const row = await db()
    .insertInto("links")
    .values({ user_id: userId, url, normalized_url: url, status: "enriched", title: `Title of ${url}`, tags: ["undo"], category: "ai", summary: `Summary of ${url}`, saved_at: savedAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const QUIZ = { questions: [{ question: "Is it back?", options: ["Yes", "No", "Maybe", "Later"], answerIndex: 0, explanation: "Undo brings it back." }] };

type Listed = { id: string; url: string; savedAt: string };
const THIRTY_DAYS_MS = 30 * 86_400_000;
const ids = (links: Array<{ id: string }>) => links.map((l) => l.id);

/** Every read a user (or a visitor, or an admin) has of links, reduced to what says whether `id` is there. */
async function reads(owner: { token: string; id: string }, id: string) {
  const [list, stats, enrichments, single, share, sharePage, trending, publicStats, markdown, exported] = await Promise.all([
    api<Listed[]>("GET", "/api/links?limit=200", { token: owner.token }),
    api<{ total: number; enriched: number }>("GET", "/api/links/stats", { token: owner.token }),
    api<Array<{ link: { id: string } }>>("GET", "/api/links/enrichments?limit=100", { token: owner.token }),
    api("GET", `/api/links/${id}`, { token: owner.token }),
    api("GET", `/api/share/${id}`),
    fetch(`${web.baseUrl}/share/${id}`),
    api<{ results: Array<{ id: string }> }>("GET", "/api/trending?time=week"),
    api<{ totalStoredUrls: number }>("GET", "/api/stats"),
    fetch(`${web.baseUrl}/api/links/${id}/export.md`, { headers: { Authorization: `Bearer ${owner.token}` } }),
    fetch(`${web.baseUrl}/api/account/export`, { headers: { Authorization: `Bearer ${owner.token}` } }).then((r) => r.json() as Promise<{ links: Array<{ id: string }> }>),
  ]);
  await sharePage.arrayBuffer();
  await markdown.arrayBuffer();
  return {
    listed: ids(list.body).includes(id),
    total: stats.body.total,
    enriched: stats.body.enriched,
    inEnrichments: enrichments.body.some((item) => item.link.id === id),
    single: single.status,
    share: share.status,
    sharePage: sharePage.status,
    trending: ids(trending.body.results).includes(id),
    storedUrls: publicStats.body.totalStoredUrls,
    markdown: markdown.status,
    exported: ids(exported.links).includes(id),
  };
}

describe("delete with undo", () => {
  it("hides a deleted link from every read and brings it back intact with restore", async () => {
    const owner = await user();
    const other = await user();
    await enrichedLink(owner.id, "https://undo.example/kept");
    const id = await enrichedLink(owner.id, "https://undo.example/deleted");
    await db().insertInto("link_artifacts").values({ link_id: id, user_id: owner.id, kind: "quiz", status: "ready", payload: JSON.stringify(QUIZ) }).execute();
    expect((await api("POST", `/api/links/${id}/share`, { token: owner.token })).status).toBe(200);
    await sql`insert into share_views (link_id, visitor, day) values (${id}, 'visitor-1', current_date)`.execute(db());

    const before = await reads(owner, id);
    expect(before).toMatchObject({ listed: true, total: 2, enriched: 2, inEnrichments: true, single: 200, share: 200, sharePage: 200, trending: true, markdown: 200, exported: true });

    // Another user can neither delete nor restore it: a row that is not yours is a 404.
    expect((await api("DELETE", `/api/links/${id}`, { token: other.token })).status).toBe(404);

    const deleted = await api<{ id: string; deletedAt: string; undoUntil: string }>("DELETE", `/api/links/${id}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(id);
    // The default grace period: 30 days to change one's mind, as a trash keeps things (decision 042).
    expect(Date.parse(deleted.body.undoUntil) - Date.parse(deleted.body.deletedAt)).toBe(THIRTY_DAYS_MS);
    expect((await api("DELETE", `/api/links/${id}`, { token: owner.token })).status).toBe(404);

    expect(await reads(owner, id)).toEqual({
      listed: false,
      total: 1,
      enriched: 1,
      inEnrichments: false,
      single: 404,
      share: 404,
      sharePage: 404,
      trending: false,
      storedUrls: before.storedUrls - 1,
      markdown: 404,
      exported: false,
    });
    // Nothing else may act on it meanwhile either.
    expect((await api("POST", `/api/links/${id}/share`, { token: owner.token })).status).toBe(404);
    expect((await api("POST", `/api/links/${id}/quiz`, { token: owner.token })).status).toBe(404);

    expect((await api("POST", `/api/links/${id}/restore`, { token: other.token })).status).toBe(404);
    const restored = await api<Listed & { status: string }>("POST", `/api/links/${id}/restore`, { token: owner.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, status: "enriched", url: "https://undo.example/deleted" });
    expect((await api("POST", `/api/links/${id}/restore`, { token: owner.token })).status).toBe(404);

    expect(await reads(owner, id)).toEqual(before);
    // Back where it was (its save time is unchanged), with its quiz and its share page's views.
    const list = await api<Listed[]>("GET", "/api/links", { token: owner.token });
    expect(list.body.map((l) => l.url)).toEqual(["https://undo.example/deleted", "https://undo.example/kept"]);
    const enrichment = await api<{ artifacts: Array<{ kind: string; result: unknown }> }>("GET", `/api/links/${id}/enrichment`, { token: owner.token });
    expect(enrichment.body.artifacts).toMatchObject([{ kind: "quiz", result: QUIZ }]);
    const views = await db().selectFrom("share_views").select("visitor").where("link_id", "=", id).execute();
    expect(views.map((v) => v.visitor)).toContain("visitor-1");
  });

  it("re-saving the URL of a deleted link names it (409, decision 053); restoring it brings it back, results and all", async () => {
    const owner = await user();
    const id = await enrichedLink(owner.id, "https://undo.example/again", new Date(Date.now() - 3_600_000));
    await enrichedLink(owner.id, "https://undo.example/newer");
    await api("DELETE", `/api/links/${id}`, { token: owner.token });

    const saved = await api<{ id: string; message: string }>("POST", "/api/links", { token: owner.token, body: { url: "https://undo.example/again" } });
    expect(saved.status).toBe(409);
    expect(saved.body).toMatchObject({ id, message: expect.stringContaining("Recently deleted") });
    const restored = await api<Listed & { status: string; title: string }>("POST", `/api/links/${id}/restore`, { token: owner.token });
    expect(restored.body).toMatchObject({ id, status: "enriched", title: "Title of https://undo.example/again" });
    const list = await api<Listed[]>("GET", "/api/links", { token: owner.token });
    expect(list.body.map((l) => l.url)).toEqual(["https://undo.example/newer", "https://undo.example/again"]);
    expect((await api<{ summary: string }>("GET", `/api/links/${id}`, { token: owner.token })).body.summary).toBe("Summary of https://undo.example/again");
  });

  it("purges links deleted longer than the grace period, with their results, and only those", async () => {
    const { purgeExpiredLinks } = await import("~/server/links/links.server");
    const owner = await user();
    const old = await enrichedLink(owner.id, "https://undo.example/old");
    const recent = await enrichedLink(owner.id, "https://undo.example/recent");
    const live = await enrichedLink(owner.id, "https://undo.example/live");
    await db().insertInto("link_artifacts").values({ link_id: old, user_id: owner.id, kind: "quiz", status: "ready", payload: JSON.stringify({ questions: [] }) }).execute();
    await api("DELETE", `/api/links/${old}`, { token: owner.token });
    await api("DELETE", `/api/links/${recent}`, { token: owner.token });
    await db().updateTable("links").set({ deleted_at: new Date(Date.now() - THIRTY_DAYS_MS - 60_000) }).where("id", "=", old).execute();

    expect((await purgeExpiredLinks()).purged).toBe(1);
    expect((await purgeExpiredLinks()).purged).toBe(0);
    const rows = await db().selectFrom("links").select(["id", "deleted_at"]).where("user_id", "=", owner.id).execute();
    expect(rows.map((r) => r.id).sort()).toEqual([recent, live].sort());
    expect(await db().selectFrom("link_artifacts").select("id").where("link_id", "=", old).execute()).toEqual([]);
    expect((await api("POST", `/api/links/${old}/restore`, { token: owner.token })).status).toBe(404);
    // Once purged, the same URL is a new link.
    const again = await api<{ id: string }>("POST", "/api/links", { token: owner.token, body: { url: "https://undo.example/old" } });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(old);
    // The recent one is still restorable.
    expect((await api("POST", `/api/links/${recent}/restore`, { token: owner.token })).status).toBe(200);
  });

  it("never enriches a deleted link, nor one deleted or purged while its page was being fetched", async () => {
    const { enrichLink } = await import("~/server/enrichment/enrich-link.server");
    const owner = await user("FreeUser");
    const page = `<html><head><title>A page</title></head><body><p>${"Words worth reading about soft deletes. ".repeat(40)}</p></body></html>`;
    const pending = async (path: string) =>
      (
        await db()
          .insertInto("links")
          .values({ user_id: owner.id, url: pages.url(path), normalized_url: pages.url(path), status: "pending" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const status = async (id: string) => (await db().selectFrom("links").select(["status", "deleted_at"]).where("id", "=", id).executeTakeFirst()) ?? null;
    const counted = async () => (await db().selectFrom("enrichment_usage").select(sql<number>`count(*)::int`.as("n")).where("user_id", "=", owner.id).executeTakeFirstOrThrow()).n;

    const before = await pending("/before");
    pages.route("/before", (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(page));
    await api("DELETE", `/api/links/${before}`, { token: owner.token });
    expect(await enrichLink(before, { finalAttempt: true })).toBe("skipped");
    expect(pages.hits("/before")).toBe(0);

    const during = await pending("/during");
    pages.route("/during", (_req, res) => {
      void db().updateTable("links").set({ deleted_at: new Date() }).where("id", "=", during).execute().then(() => res.writeHead(200, { "content-type": "text/html" }).end(page));
    });
    expect(await enrichLink(during, { finalAttempt: true })).toBe("skipped");
    expect(await status(during)).toMatchObject({ status: "pending" });

    const purged = await pending("/purged");
    pages.route("/purged", (_req, res) => {
      void db().deleteFrom("links").where("id", "=", purged).execute().then(() => res.writeHead(200, { "content-type": "text/html" }).end(page));
    });
    expect(await enrichLink(purged, { finalAttempt: true })).toBe("skipped");
    expect(await status(purged)).toBeNull();
    expect(await counted()).toBe(0);

    // Restored, it is worked on again like any pending link.
    pages.route("/during", (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(page));
    const restored = await api<{ status: string }>("POST", `/api/links/${during}/restore`, { token: owner.token });
    expect(restored.body.status).toBe("pending");
    expect(await enrichLink(during, { finalAttempt: true })).toBe("enriched");
    expect(await counted()).toBe(1);
  });
});

describe("Recently deleted", () => {
  type Trashed = Listed & { title: string; deletedAt: string; purgeAfter: string };
  const trash = (token: string, query = "") => api<Trashed[]>("GET", `/api/links/deleted${query}`, { token });

  it("GET /api/links/deleted pages the user's deleted links, last deleted first, each saying when it is removed for good", async () => {
    const owner = await user("FreeUser");
    const other = await user("FreeUser");
    const ids: string[] = [];
    for (let i = 1; i <= 4; i++) ids.push(await enrichedLink(owner.id, `https://trash.example/${i}`));
    const theirs = await enrichedLink(other.id, "https://trash.example/theirs");
    expect((await api("DELETE", `/api/links/${theirs}`, { token: other.token })).status).toBe(200);
    // Deleted one after another: 1, 2, 3 (4 stays).
    for (const [i, id] of ids.slice(0, 3).entries()) {
      expect((await api("DELETE", `/api/links/${id}`, { token: owner.token })).status).toBe(200);
      await db().updateTable("links").set({ deleted_at: new Date(Date.now() - (3 - i) * 60_000) }).where("id", "=", id).execute();
    }

    const first = await trash(owner.token, "?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.map((l) => l.url)).toEqual(["https://trash.example/3", "https://trash.example/2"]);
    expect(first.body[0]).toMatchObject({ id: ids[2], title: "Title of https://trash.example/3", status: "enriched", tags: ["undo"] });
    for (const link of first.body) expect(Date.parse(link.purgeAfter) - Date.parse(link.deletedAt)).toBe(THIRTY_DAYS_MS);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await trash(owner.token, `?limit=2&before=${cursor}`);
    expect(second.body.map((l) => l.url)).toEqual(["https://trash.example/1"]);
    expect(second.headers.get("x-next-cursor")).toBeNull();

    // Restored, it leaves the list; the live list's cursor is not this one's.
    expect((await api("POST", `/api/links/${ids[1]}/restore`, { token: owner.token })).status).toBe(200);
    expect((await trash(owner.token)).body.map((l) => l.id)).toEqual([ids[2], ids[0]]);
    const live = await api<Listed[]>("GET", "/api/links?limit=1", { token: owner.token });
    for (const bad of ["?before=nonsense", `?before=${live.headers.get("x-next-cursor")}`, "?limit=0", "?limit=201"]) {
      const refused = await trash(owner.token, bad);
      expect(refused.status, bad).toBe(400);
      expect(typeof (refused.body as unknown as { message: string }).message).toBe("string");
    }
    expect((await api("GET", "/api/links/deleted")).status).toBe(401);
    expect((await trash(other.token)).body.map((l) => l.id)).toEqual([theirs]);
  });
});

describe("paging the list", () => {
  it("keeps its place when links are re-saved mid-paging: nothing skipped, nothing repeated", async () => {
    const owner = await user();
    const base = Date.now() - 200 * 60_000;
    const rows = Array.from({ length: 130 }, (_, i) => {
      const url = `https://paging.example/${i}`;
      // Two links share each second (the id breaks the tie), and the database keeps microseconds.
      return { user_id: owner.id, url, normalized_url: url, status: "enriched" as const, saved_at: new Date(base + Math.floor(i / 2) * 1000) };
    });
    await db().insertInto("links").values(rows).execute();
    await sql`update links set saved_at = saved_at + (random() * interval '1 millisecond') where user_id = ${owner.id} and url like '%/1_'`.execute(db());

    const page = (before?: string) =>
      api<Listed[]>("GET", `/api/links?limit=50${before ? `&before=${encodeURIComponent(before)}` : ""}`, { token: owner.token });
    const first = await page();
    expect(first.body).toHaveLength(50);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    // Opaque: not an id the client could make up.
    expect(ids(first.body)).not.toContain(cursor);

    // The previous page's last link (where an id cursor would resume) and another of its links
    // are saved again: they move to the top, where the client already has them.
    const last = first.body[49]!;
    for (const url of [last.url, first.body[10]!.url]) {
      expect((await api("POST", "/api/links", { token: owner.token, body: { url } })).status).toBe(200);
    }

    const seen = ids(first.body);
    let next = cursor;
    while (next) {
      const more = await page(next);
      expect(more.status).toBe(200);
      seen.push(...ids(more.body));
      next = more.headers.get("x-next-cursor");
    }
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);

    // A link not yet reached that is re-saved joins the top (the client hears of it as it saves)
    // and is not met again further down.
    const fresh = await page();
    const tail = await page(fresh.headers.get("x-next-cursor")!);
    const moved = tail.body[5]!;
    const resaved = await api<Listed>("POST", "/api/links", { token: owner.token, body: { url: moved.url } });
    expect(resaved.body.id).toBe(moved.id);
    const rest: string[] = ids(tail.body);
    let after = tail.headers.get("x-next-cursor");
    while (after) {
      const more = await page(after);
      rest.push(...ids(more.body));
      after = more.headers.get("x-next-cursor");
    }
    expect(new Set([...ids(fresh.body), ...rest]).size).toBe(fresh.body.length + rest.length);
    expect(fresh.body.length + rest.length).toBe(130);

    // The last page says so; bad cursors are a 400 with a message; an id still pages (older clients).
    expect((await page(Buffer.from("v1|yesterday|nope").toString("base64url"))).status).toBe(400);
    expect((await api<{ message: string }>("GET", "/api/links?before=nope", { token: owner.token })).body.message).toMatch(/before/);
    expect((await page(first.body[20]!.id)).status).toBe(200);
  });

  it("pages the Enrichments tab by the same cursor", async () => {
    const owner = await user();
    for (let i = 0; i < 25; i++) await enrichedLink(owner.id, `https://enrichments.example/${i}`, new Date(Date.now() - i * 1000));
    const first = await api<Array<{ link: { id: string; url: string } }>>("GET", "/api/links/enrichments?limit=20", { token: owner.token });
    const cursor = first.headers.get("x-next-cursor")!;
    expect(cursor).toBeTruthy();
    await api("POST", "/api/links", { token: owner.token, body: { url: first.body[19]!.link.url } });
    const second = await api<Array<{ link: { id: string } }>>("GET", `/api/links/enrichments?limit=20&before=${encodeURIComponent(cursor)}`, { token: owner.token });
    expect(second.body).toHaveLength(5);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    expect(new Set([...first.body, ...second.body].map((i) => i.link.id)).size).toBe(25);
  });
});
