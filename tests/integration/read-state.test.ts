import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicBulkOperation } from "~/lib/bulk";
import type { PublicImport } from "~/lib/imports";
import type { PublicLink } from "~/lib/links";
import { db } from "~/server/platform/db.server";
import { html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink } from "../helpers/pipeline";

// Read, unread, archive (decision 056) through the real web server and worker: only the user's
// own acts set the read state; enrichment, retry and importing a page again leave it.
let pipeline: Awaited<ReturnType<typeof startPipeline>>;

beforeAll(async () => {
  pipeline = await startPipeline({});
}, 240_000);
afterAll(() => pipeline?.stop());

let pages = 0;
const ARTICLE = readFileSync("tests/fixtures/pages/postgres-indexes.html", "utf8");
/** A page on loopback that enriches (a real article), and its address. */
function page(): string {
  const path = `/read-state/${++pages}`;
  pipeline.pages.route(path, html(ARTICLE));
  return pipeline.pages.url(path);
}

type Link = PublicLink & { message?: string };
const patch = (token: string, id: string, body: unknown) => pipeline.api<Link>("PATCH", `/api/links/${id}`, { token, body });
const list = async (token: string, query = "") => (await pipeline.api<Link[]>("GET", `/api/links?limit=200${query}`, { token })).body.map((link) => link.id);
const readState = async (id: string) => db().selectFrom("links").select(["read_at", "archived_at"]).where("id", "=", id).executeTakeFirstOrThrow();

async function save(token: string, url: string): Promise<string> {
  const saved = await pipeline.api<Link>("POST", "/api/links", { token, body: { url } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return saved.body.id;
}

async function upload(token: string, body: string): Promise<PublicImport> {
  const response = await fetch(`${pipeline.web.baseUrl}/api/imports?name=file`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" }, body });
  expect(response.status).toBe(202);
  const started = (await response.json()) as PublicImport;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = (await pipeline.api<PublicImport>("GET", `/api/imports/${started.id}`, { token })).body;
    if (now.status === "done" || now.status === "failed") return now;
    if (Date.now() > deadline) throw new Error(`import still running: ${JSON.stringify(now)}`);
    await sleep(100);
  }
}

describe("the API", () => {
  it("marks a link read and unread, archives it out of the default list and back, and counts each state", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const [a, b, c] = [await save(user.token, page()), await save(user.token, page()), await save(user.token, page())];
    const fresh = (await pipeline.api<Link>("GET", `/api/links/${a}`, { token: user.token })).body;
    expect([fresh.readAt, fresh.archivedAt]).toEqual([null, null]);

    const read = await patch(user.token, a, { read: true });
    expect(read.status).toBe(200);
    expect(read.body.readAt).not.toBeNull();
    // Marked read again, it keeps the time it was first read.
    expect((await patch(user.token, a, { read: true })).body.readAt).toBe(read.body.readAt);
    const archived = await patch(user.token, b, { archived: true });
    expect(archived.body.archivedAt).not.toBeNull();

    expect(new Set(await list(user.token))).toEqual(new Set([a, c]));
    expect(await list(user.token, "&state=unread")).toEqual([c]);
    expect(await list(user.token, "&state=read")).toEqual([a]);
    expect(await list(user.token, "&state=archived")).toEqual([b]);
    expect(new Set(await list(user.token, "&state=all"))).toEqual(new Set([a, b, c]));
    const stats = (await pipeline.api<Record<string, number>>("GET", "/api/links/stats", { token: user.token })).body;
    expect([stats.unread, stats.read, stats.archived, stats.total! + stats.unenriched!]).toEqual([1, 1, 1, 2]);
    expect((await pipeline.api<{ count: number }>("GET", "/api/links/count?state=archived", { token: user.token })).body.count).toBe(1);

    expect((await patch(user.token, a, { read: false })).body.readAt).toBeNull();
    expect((await patch(user.token, b, { archived: false })).body.archivedAt).toBeNull();
    expect(new Set(await list(user.token, "&state=unread"))).toEqual(new Set([a, b, c]));
  });

  it("answers 4xx {message} to bad input, another user's link and no sign-in, changing nothing", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const other = await signUpAs(pipeline.api, "FreeUser");
    const id = await save(user.token, page());
    for (const body of [{ read: "yes" }, { archived: 1 }, {}, { read: null }]) {
      const refused = await patch(user.token, id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(typeof refused.body.message).toBe("string");
    }
    const listed = await pipeline.api<{ message: string }>("GET", "/api/links?state=done", { token: user.token });
    expect(listed.status).toBe(400);
    expect(listed.body.message).toContain("state must be one of");
    expect((await patch(other.token, id, { read: true })).status).toBe(404);
    expect((await pipeline.api("PATCH", `/api/links/${id}`, { body: { read: true } })).status).toBe(401);
    expect(await readState(id)).toEqual({ read_at: null, archived_at: null });
  });

  it("saving an archived page again brings it back to the list, read state kept, and says so", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const url = page();
    const id = await save(user.token, url);
    await patch(user.token, id, { read: true });
    await patch(user.token, id, { archived: true });
    const before = await readState(id);

    const again = await pipeline.api<Link>("POST", "/api/links", { token: user.token, body: { url } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, archivedAt: null, message: "Already in your library; it was archived and is back in your list." });
    expect(await readState(id)).toEqual({ read_at: before.read_at, archived_at: null });
    expect(await list(user.token)).toContain(id);
    // A page saved again that was not archived says only that it is there.
    expect((await pipeline.api<Link>("POST", "/api/links", { token: user.token, body: { url } })).body.message).toBe("Already in your library.");
  });
});

describe("only the user sets it", () => {
  it("enrichment and retry leave the read state as the user set it", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    // Marked while still pending: the enrichment that finishes afterwards keeps it.
    const enriched = await save(user.token, page());
    await patch(user.token, enriched, { read: true, archived: true });
    const before = await readState(enriched);
    const done = await waitForLink(pipeline.api, user.token, enriched, 60_000);
    expect(done.status, done.error ?? "").toBe("enriched");
    expect(await readState(enriched)).toEqual(before);

    // A page that is not there fails; marked read, its retry (and second failure) keeps it read.
    const failed = await save(user.token, pipeline.pages.url("/read-state/missing"));
    expect((await waitForLink(pipeline.api, user.token, failed, 60_000)).status).toBe("error");
    await patch(user.token, failed, { read: true });
    const marked = await readState(failed);
    expect((await pipeline.api("POST", `/api/links/${failed}/retry`, { token: user.token })).status).toBe(200);
    expect((await waitForLink(pipeline.api, user.token, failed, 60_000)).status).toBe("error");
    expect(await readState(failed)).toEqual(marked);
  });

  it("an import keeps the file's read state for new links and never changes a link the user has", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const [readByUser, unreadByUser, fresh] = [page(), page(), page()];
    const readId = await save(user.token, readByUser);
    const unreadId = await save(user.token, unreadByUser);
    await patch(user.token, readId, { read: true });
    const readBefore = await readState(readId);
    // Pocket's CSV: the file says the user's read link is unread and their unread one archived.
    const csv = ["title,url,time_added,tags,status", `One,${readByUser},1660000000,,unread`, `Two,${unreadByUser},1660000100,,archive`, `Three,${fresh},1660000200,,archive`].join("\n");
    const done = await upload(user.token, csv);
    expect(done).toMatchObject({ status: "done", saved: 1, duplicates: 2 });
    expect(await readState(readId)).toEqual(readBefore);
    expect(await readState(unreadId)).toEqual({ read_at: null, archived_at: null });
    const imported = await db().selectFrom("links").select(["id", "read_at", "archived_at"]).where("user_id", "=", user.id).where("normalized_url", "=", fresh).executeTakeFirstOrThrow();
    expect(imported.read_at).not.toBeNull();
    expect(imported.archived_at).not.toBeNull();
  });
});

describe("bulk and export", () => {
  it("bulk mark-read, archive, unarchive and mark-unread change only the links not already so", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = [await save(user.token, page()), await save(user.token, page()), await save(user.token, page())];
    await patch(user.token, ids[0]!, { read: true });
    const run = async (action: string, selection: object) => {
      const started = await pipeline.api<PublicBulkOperation>("POST", "/api/links/bulk", { token: user.token, body: { action, ...selection } });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const op = (await pipeline.api<PublicBulkOperation>("GET", `/api/links/bulk/${started.body.id}`, { token: user.token })).body;
        if (op.status !== "running") return op;
        if (Date.now() > deadline) throw new Error(`bulk still running: ${JSON.stringify(op)}`);
        await sleep(50);
      }
    };
    expect(await run("mark-read", { ids })).toMatchObject({ status: "done", done: 2, skipped: 1 });
    expect(await list(user.token, "&state=read")).toHaveLength(3);
    expect(await run("archive", { filter: { state: "read" } })).toMatchObject({ status: "done", done: 3 });
    expect(await list(user.token)).toEqual([]);
    expect(await run("unarchive", { ids: [ids[1]] })).toMatchObject({ done: 1 });
    expect(await run("mark-unread", { ids })).toMatchObject({ done: 3 });
    expect(await list(user.token, "&state=unread")).toEqual([ids[1]]);
    expect(new Set(await list(user.token, "&state=archived"))).toEqual(new Set([ids[0], ids[2]]));
  });

  it("the JSON export carries read_at and archived_at, and importing it restores them", async () => {
    const source = await signUpAs(pipeline.api, "FreeUser");
    const [readUrl, archivedUrl] = [page(), page()];
    const readId = await save(source.token, readUrl);
    const archivedId = await save(source.token, archivedUrl);
    await patch(source.token, readId, { read: true });
    await patch(source.token, archivedId, { archived: true });
    const exported = await fetch(`${pipeline.web.baseUrl}/api/links/export?format=json`, { headers: { Authorization: `Bearer ${source.token}` } });
    const text = await exported.text();
    const file = JSON.parse(text) as { links: Array<{ url: string; read_at: string | null; archived_at: string | null }> };
    const byUrl = new Map(file.links.map((link) => [link.url, link]));
    expect(byUrl.get(readUrl)!.read_at).not.toBeNull();
    expect(byUrl.get(readUrl)!.archived_at).toBeNull();
    expect(byUrl.get(archivedUrl)!.archived_at).not.toBeNull();

    const target = await signUpAs(pipeline.api, "FreeUser");
    expect(await upload(target.token, text)).toMatchObject({ status: "done", saved: 2 });
    const rows = await db().selectFrom("links").select(["url", "read_at", "archived_at"]).where("user_id", "=", target.id).execute();
    const restored = new Map(rows.map((row) => [row.url, row]));
    expect(restored.get(readUrl)!.read_at?.toISOString()).toBe(new Date(byUrl.get(readUrl)!.read_at!).toISOString());
    expect(restored.get(archivedUrl)!.archived_at?.toISOString()).toBe(new Date(byUrl.get(archivedUrl)!.archived_at!).toISOString());
    expect(restored.get(archivedUrl)!.read_at).toBeNull();
  });
});
