import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicImport } from "~/lib/imports";
import { db } from "~/server/platform/db.server";
import { html } from "../helpers/page-server";
import { signUpAs, startPipeline } from "../helpers/pipeline";

// Every import format through the real web server and a real worker: parse, stage, save in
// chunks on the import queue, enrich imported links on the low-priority path, settle, export.
let pipeline: Awaited<ReturnType<typeof startPipeline>>;
// The Scout test switches a flag in the table directly: both processes read it at once.
process.env.FEATURE_FLAGS_CACHE_MS = "0";

beforeAll(async () => {
  pipeline = await startPipeline({}, { workerEnv: { FEATURE_FLAGS_CACHE_MS: "0" } });
}, 120_000);
afterAll(() => pipeline?.stop());

const fixture = (name: string) => readFileSync(`tests/fixtures/imports/${name}`);

async function upload(token: string, body: Buffer | string, name = "file") {
  const response = await fetch(`${pipeline.web.baseUrl}/api/imports?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as PublicImport & { message?: string; import?: PublicImport } };
}

async function settled(token: string, id: string, timeoutMs = 60_000): Promise<PublicImport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await pipeline.api<PublicImport>("GET", `/api/imports/${id}`, { token });
    expect(response.status).toBe(200);
    if (response.body.status === "done" || response.body.status === "failed") return response.body;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${response.body.status}`);
    await sleep(100);
  }
}

async function importFile(token: string, body: Buffer | string, name = "file") {
  const started = await upload(token, body, name);
  expect(started.status).toBe(202);
  return settled(token, started.body.id);
}

const linksOf = (userId: string) =>
  db().selectFrom("links").select(["url", "status", "error", "title", "tags", "saved_at", "import_id"]).where("user_id", "=", userId).orderBy("url").execute();

describe("import formats (a Free account: saved for everyone, not enriched in bulk)", () => {
  it("a browser's bookmark HTML: folders as tags, dates kept, duplicates and invalid lines counted", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const result = await importFile(user.token, fixture("browser-bookmarks.html"), "bookmarks.html");
    expect(result).toMatchObject({ status: "done", format: "netscape-html", parsed: 6, saved: 4, duplicates: 1, invalid: 1, enriched: 0, failed: 0, notEnriched: 4 });
    expect(result.invalidLines).toEqual([{ line: 22, url: "javascript:alert(1)", reason: "not an http(s) URL" }]);
    const links = await linksOf(user.id);
    expect(links.map((l) => [l.url, l.tags, l.saved_at.toISOString(), l.status])).toEqual([
      ["https://EXAMPLE.test/articles/three#top", ["Reading", "Deep"], "2020-09-13T12:30:00.000Z", "unenriched"],
      ["https://example.test/articles/one", ["Reading", "Essays", "long read"], "2020-09-13T12:26:40.000Z", "unenriched"],
      ["https://example.test/articles/two", ["Reading"], "2020-09-13T12:28:20.000Z", "unenriched"],
      ["https://example.test/plain", [], "2020-09-13T12:35:00.000Z", "unenriched"],
    ]);
    expect(links[0]!.error).toBe("Not enriched — enriching imported links in bulk is part of the Creator plan");
    const refused = await pipeline.api<{ message: string; upgradeUrl: string }>("POST", "/api/imports/enrich", { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.upgradeUrl).toContain("batchProcessing");
    const notifications = await pipeline.api<{ items?: Array<{ title: string }> } | Array<{ title: string }>>("GET", "/api/notifications", { token: user.token });
    expect(JSON.stringify(notifications.body)).toContain("Import finished: 4 links saved");
  });

  it.each([
    ["pocket.html", "netscape-html", 3, 3, 0, 0],
    ["pocket.csv", "pocket-csv", 5, 3, 1, 1],
    ["karakeep.json", "karakeep-json", 3, 2, 0, 1],
    ["linkwarden.json", "linkwarden-json", 3, 3, 0, 0],
    ["omnivore.json", "omnivore-json", 2, 2, 0, 0],
    ["omnivore-export.zip", "omnivore-zip", 5, 3, 1, 1],
    ["urls.txt", "url-list", 6, 3, 1, 2],
  ])("%s is read as %s", async (file, format, parsed, saved, duplicates, invalid) => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const result = await importFile(user.token, fixture(file), file);
    expect(result).toMatchObject({ status: "done", format, parsed, saved, duplicates, invalid });
    expect(await linksOf(user.id)).toHaveLength(saved);
  });

  it("a page the user already saved is a duplicate, left as it was", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const added = await pipeline.api<{ id: string }>("POST", "/api/links", { token: user.token, body: { url: "https://example.test/list/two" } });
    expect(added.status).toBe(201);
    const result = await importFile(user.token, fixture("urls.txt"));
    expect(result).toMatchObject({ saved: 2, duplicates: 2, invalid: 2 });
    const kept = await db().selectFrom("links").select(["id", "import_id"]).where("user_id", "=", user.id).where("url", "=", "https://example.test/list/two").execute();
    expect(kept).toEqual([{ id: added.body.id, import_id: null }]);
  });

  it("a page in Recently deleted comes back from the trash with its notes, title and tags, the file's tags merged in", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const added = await pipeline.api<{ id: string }>("POST", "/api/links", { token: user.token, body: { url: "https://example.test/articles/one" } });
    expect(added.status).toBe(201);
    const id = added.body.id;
    expect((await pipeline.api("PATCH", `/api/links/${id}`, { token: user.token, body: { notes: "My notes on one", title: "My title" } })).status).toBe(200);
    expect((await pipeline.api("PUT", `/api/links/${id}/tags`, { token: user.token, body: { tags: ["mine", "reading"] } })).status).toBe(200);
    expect((await pipeline.api("DELETE", `/api/links/${id}`, { token: user.token })).status).toBe(200);
    const result = await importFile(user.token, fixture("browser-bookmarks.html"), "bookmarks.html");
    // Restored counts as saved: the file's page is in the library again, not skipped.
    expect(result).toMatchObject({ status: "done", saved: 4, duplicates: 1 });
    const rows = await db()
      .selectFrom("links")
      .select(["id", "deleted_at", "notes", "title", "title_by_user", "user_tags", "tags", "import_id"])
      .where("user_id", "=", user.id)
      .where("normalized_url", "=", "https://example.test/articles/one")
      .execute();
    // The same row (not deleted for good and made again): notes and title kept, the file's
    // folder and tags added after the user's own, "Reading" once (case aside).
    expect(rows).toEqual([
      {
        id,
        deleted_at: null,
        notes: "My notes on one",
        title: "My title",
        title_by_user: true,
        user_tags: ["mine", "reading", "Essays", "long read"],
        tags: ["mine", "reading", "Essays", "long read"],
        import_id: result.id,
      },
    ]);
    const listed = await pipeline.api<Array<{ id: string }>>("GET", "/api/links", { token: user.token });
    expect(listed.body.map((link) => link.id)).toContain(id);
    expect((await pipeline.api<unknown[]>("GET", "/api/links/deleted", { token: user.token })).body).toEqual([]);
  });

  it("a broken file fails as a whole, saying where, and nothing is imported", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    for (const [file, where] of [
      ["broken-truncated.json", "line 12"],
      ["broken-quote.csv", "line 3"],
    ] as const) {
      const response = await upload(user.token, fixture(file), file);
      expect(response.status).toBe(422);
      expect(response.body.message).toContain(where);
      expect(response.body.message).toContain("Nothing was imported");
      expect(response.body.import).toMatchObject({ status: "failed" });
    }
    expect(await linksOf(user.id)).toEqual([]);
    expect(await db().selectFrom("import_items").select("position").execute()).toEqual([]);
    const list = await pipeline.api<PublicImport[]>("GET", "/api/imports", { token: user.token });
    expect(list.body.map((i) => i.status)).toEqual(["failed", "failed"]);
  });
});

describe("hostile files (issue #33: D1, D2): read on a thread, never on the web server's event loop, and refused at a limit", () => {
  /** Folders nested `depth` deep with a bookmark in each, as an attacker's file has them. */
  const nestedFolders = (depth: number) =>
    `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${Array.from({ length: depth }, (_, i) => `<DT><H3>Folder ${i}</H3>\n<DL><p>\n<DT><A HREF="https://example.test/${i}">Link ${i}</A>\n`).join("")}${"</DL><p>\n".repeat(depth + 1)}`;

  /**
   * The upload, asking GET /api/status again and again until it is answered, and the longest this
   * process's event loop was held meanwhile: the web server runs in this process, so a file read on
   * its loop holds it (for seconds, with these files), while a busy machine alone costs a fraction.
   */
  async function uploadWatched(token: string, body: Buffer | string, name: string) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let answered = false;
    let statusAnswers = 0;
    const uploaded = upload(token, body, name).finally(() => (answered = true));
    while (!answered) {
      expect((await pipeline.api("GET", "/api/status")).status).toBe(200);
      if (!answered) statusAnswers++;
    }
    const response = await uploaded;
    delay.disable();
    return { ...response, heldMs: delay.max / 1e6, statusAnswers };
  }

  it("a bookmark file nesting folders 5,000 deep: 400 saying the limit and where, nothing imported, the web server's loop free", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const response = await uploadWatched(user.token, nestedFolders(5_000), "deep.html");
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("The file is over an import limit — line 304: folders nest more than 100 deep (100 at most). Nothing was imported.");
    expect(response.body.import).toMatchObject({ status: "failed", error: response.body.message });
    expect(await linksOf(user.id)).toEqual([]);
    expect(response.heldMs).toBeLessThan(1_000);
  });

  it("an Omnivore zip whose metadata files hold 19 MB each (57 MB from 57 KB): unpacked and read on a thread while the server answers", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    // Written by another process: deflating 57 MB here would hold this loop (and the server in it).
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bomb-")), "omnivore.zip");
    const write = `import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
  for i in range(3): z.writestr(f"metadata_{i * 20}_to_{i * 20 + 20}.json", '[{"url": "https://example.test/bomb/%d"}' % i + " " * (19 * 1024 * 1024) + "]")`;
    await promisify(execFile)("python3", ["-c", write, file]);
    const archive = await readFile(file);
    expect(archive.length).toBeLessThan(100 * 1024);
    const response = await uploadWatched(user.token, archive, "omnivore.zip");
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ format: "omnivore-zip", parsed: 3 });
    // Read on the loop, the three files (one chunk of the body) held it for seconds.
    expect(response.heldMs).toBeLessThan(1_000);
    expect(response.statusAnswers).toBeGreaterThan(0);
    expect(await settled(user.token, response.body.id)).toMatchObject({ status: "done", saved: 3 });
  });
});

describe("enrichment of imported links", () => {
  function pages(count: number, prefix: string) {
    const urls: string[] = [];
    for (let i = 0; i < count; i++) {
      const path = `/${prefix}/${i}`;
      pipeline.pages.route(path, html(`<html lang="en"><head><title>Imported ${prefix} ${i}</title></head><body><article><p>${"Words about imports and bookmarks. ".repeat(20)}</p></article></body></html>`));
      urls.push(pipeline.pages.url(path));
    }
    return urls;
  }

  it("Creator: every imported link is enriched on the import path, then the summary", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const urls = pages(30, "creator");
    const result = await importFile(user.token, urls.join("\n"));
    expect(result).toMatchObject({ status: "done", saved: 30, enriched: 30, failed: 0, notEnriched: 0 });
    const links = await linksOf(user.id);
    expect(links.every((l) => l.status === "enriched" && l.title?.startsWith("Imported creator"))).toBe(true);
  });

  it("Creator: a bookmark file's folders, TAGS, titles and descriptions survive enrichment; the engine only adds", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const count = 100;
    const urls = pages(count, "kept");
    // Half in "Reading list" with TAGS, half in "Reading list" › "Deep" with none of their own.
    const entry = (url: string, i: number) =>
      `<DT><A HREF="${url}" ADD_DATE="${1600000000 + i}"${i % 2 ? "" : ' TAGS="to-read,weekend"'}>My name for ${i}</A>\n<DD>Why I kept ${i}\n`;
    const file = [
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
      "<DL><p>",
      '<DT><H3>Reading list</H3>',
      "<DL><p>",
      ...urls.filter((_, i) => i % 2 === 0).map((url) => entry(url, urls.indexOf(url))),
      "<DT><H3>Deep</H3>",
      "<DL><p>",
      ...urls.filter((_, i) => i % 2 === 1).map((url) => entry(url, urls.indexOf(url))),
      "</DL><p>",
      "</DL><p>",
      "</DL><p>",
    ].join("\n");
    const result = await importFile(user.token, file, "bookmarks.html");
    expect(result).toMatchObject({ status: "done", saved: count, enriched: count, failed: 0, notEnriched: 0 });
    const rows = await db()
      .selectFrom("links")
      .select(["url", "status", "title", "description", "tags", "summary"])
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toHaveLength(count);
    const lost = rows.filter((row) => {
      const i = urls.indexOf(row.url);
      const own = i % 2 ? ["Reading list", "Deep"] : ["Reading list", "to-read", "weekend"];
      return row.status !== "enriched" || row.title !== `My name for ${i}` || row.description !== `Why I kept ${i}` || own.some((tag, at) => row.tags[at] !== tag);
    });
    expect(lost.map((row) => [row.url, row.title, row.tags])).toEqual([]);
    // Enriched all the same: a summary, and the engine's tags after the user's.
    expect(rows.every((row) => row.summary && row.tags.length > (urls.indexOf(row.url) % 2 ? 2 : 3))).toBe(true);
  }, 120_000);

  it("Scout with batch processing switched on: enriched as far as the allowance reaches, the rest Not enriched (not Failed), then one action enriches them", async () => {
    await db().insertInto("feature_flags").values({ feature_key: "batchProcessing", role: "LiteUser", enabled: true }).execute();
    try {
      const user = await signUpAs(pipeline.api, "LiteUser");
      const urls = pages(35, "scout");
      const result = await importFile(user.token, urls.join("\n"));
      expect(result).toMatchObject({ status: "done", saved: 35, enriched: 30, notEnriched: 5, failed: 0 });
      const waiting = await db().selectFrom("links").select(["status", "error"]).where("user_id", "=", user.id).where("status", "!=", "enriched").execute();
      expect(waiting).toEqual(Array.from({ length: 5 }, () => ({ status: "unenriched", error: "Not enriched — allowance used" })));
      const refused = await pipeline.api<{ message: string }>("POST", "/api/imports/enrich", { token: user.token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/Monthly enrichment limit reached/);
      // A pack's credits make room: the one action queues the rest.
      await db().updateTable("users").set({ pack_credits: 5 }).where("id", "=", user.id).execute();
      const queued = await pipeline.api<{ queued: number }>("POST", "/api/imports/enrich", { token: user.token });
      expect(queued.status).toBe(202);
      expect(queued.body.queued).toBe(5);
      expect(await settled(user.token, result.id)).toMatchObject({ status: "done", enriched: 35, notEnriched: 0 });
    } finally {
      await db().deleteFrom("feature_flags").where("feature_key", "=", "batchProcessing").execute();
    }
  });
});

describe("export everything", () => {
  it("JSON round trip: our export imported into another account restores every field and result", async () => {
    const source = await signUpAs(pipeline.api, "ProUser");
    const saved = await importFile(source.token, fixture("browser-bookmarks.html"));
    expect(saved.saved).toBe(4);
    // Give one link an enrichment and a generated result, as the pipeline would have.
    const [first] = await db().selectFrom("links").select("id").where("user_id", "=", source.id).orderBy("url").limit(1).execute();
    await db()
      .updateTable("links")
      .set({ status: "enriched", error: null, tags: ["GIN indexes", "useState", "reading"], summary: "A summary", content_text: "Text", category: "Reading", enrichment_engine: "local", enriched_at: new Date("2024-01-02T03:04:05Z"), tag_suggestions: ["more"], is_public: true, shared_at: new Date("2024-01-03T00:00:00Z"), notes: "My own note" })
      .where("id", "=", first!.id)
      .execute();
    await db().insertInto("link_artifacts").values({ link_id: first!.id, user_id: source.id, kind: "quiz", status: "ready", payload: JSON.stringify({ questions: [] }), engine: "local" }).execute();

    const exported = await fetch(`${pipeline.web.baseUrl}/api/links/export?format=json`, { headers: { Authorization: `Bearer ${source.token}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/attachment; filename="linkwise-links-/);
    const file = await exported.text();

    const target = await signUpAs(pipeline.api, "ProUser");
    const restored = await importFile(target.token, file, "linkwise.json");
    expect(restored).toMatchObject({ format: "linkwise-json", saved: 4, duplicates: 0, invalid: 0 });
    const again = await fetch(`${pipeline.web.baseUrl}/api/links/export?format=json`, { headers: { Authorization: `Bearer ${target.token}` } });
    type Exported = { links: Array<Record<string, unknown> & { url: string; results: Array<Record<string, unknown>> }> };
    const strip = (doc: Exported) =>
      doc.links
        .map(({ id: _id, updated_at: _u, status, error: _e, ...rest }) => ({
          ...rest,
          // Links that were not enriched go through enrichment again on the new account.
          status: status === "enriched" ? "enriched" : "not enriched",
          results: rest.results.map(({ id: _rid, updated_at: _ru, ...result }) => result),
        }))
        .sort((a, b) => a.url.localeCompare(b.url));
    const before = strip(JSON.parse(file) as Exported);
    const after = strip((await again.json()) as Exported);
    const field = (link: object, key: string) => (link as Record<string, unknown>)[key];
    const enrichedBefore = before.filter((l) => l.status === "enriched");
    expect(enrichedBefore).toHaveLength(1);
    expect(after.filter((l) => l.status === "enriched" && field(l, "summary") === "A summary")).toEqual(enrichedBefore);
    const kept = (l: object) => ["url", "title", "tags", "saved_at", "created_at"].map((key) => field(l, key));
    expect(after.map(kept)).toEqual(before.map(kept));
  });

  it("Netscape HTML any browser reads, and ours re-imports; the Markdown zip is Creator's", async () => {
    const free = await signUpAs(pipeline.api, "FreeUser");
    await importFile(free.token, fixture("omnivore.json"));
    const exported = await fetch(`${pipeline.web.baseUrl}/api/links/export?format=html`, { headers: { Authorization: `Bearer ${free.token}` } });
    const text = await exported.text();
    expect(text).toMatch(/^<!DOCTYPE NETSCAPE-Bookmark-file-1>/);
    expect(text).toContain('<DT><A HREF="https://example.test/omnivore/one" ADD_DATE="1693555200" TAGS="Newsletters,tech">Omnivore one</A>');
    const other = await signUpAs(pipeline.api, "FreeUser");
    expect(await importFile(other.token, text)).toMatchObject({ format: "netscape-html", saved: 2 });

    const refused = await pipeline.api<{ message: string; upgradeUrl: string }>("GET", "/api/links/export?format=markdown", { token: free.token });
    expect(refused.status).toBe(403);
    const creator = await signUpAs(pipeline.api, "ProUser");
    await importFile(creator.token, fixture("linkwarden.json"));
    const zip = await fetch(`${pipeline.web.baseUrl}/api/links/export?format=markdown`, { headers: { Authorization: `Bearer ${creator.token}` } });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.includes(Buffer.from("linkwise/linkwarden-one.md"))).toBe(true);
    expect(bytes.subarray(-22).readUInt16LE(10)).toBe(3);
  });
});
