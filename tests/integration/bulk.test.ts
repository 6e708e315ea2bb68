import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicBulkOperation } from "~/lib/bulk";
import { normalizeUrl } from "~/lib/links";
import { QUEUES, getQueue } from "~/server/jobs/queue.server";
import { runBulkOperation } from "~/server/links/bulk.server";
import { db } from "~/server/platform/db.server";
import type { LinkStatus } from "~/server/platform/db-schema.server";
import { html } from "../helpers/page-server";
import { signUpAs, startPipeline } from "../helpers/pipeline";

// Bulk actions through the real web server, a real worker on the bulk queue and pages on loopback.
let pipeline: Awaited<ReturnType<typeof startPipeline>>;
process.env.FEATURE_FLAGS_CACHE_MS = "0";

beforeAll(async () => {
  pipeline = await startPipeline({}, { workerEnv: { FEATURE_FLAGS_CACHE_MS: "0" } });
}, 120_000);
afterAll(() => pipeline?.stop());

let pageCount = 0;

/** Links saved straight into the table (as if enriched or failed earlier), each on a page the worker can fetch. */
async function seedLinks(userId: string, count: number, { status = "enriched", tags = [] as string[] }: { status?: LinkStatus; tags?: string[] } = {}) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const path = `/bulk/${++pageCount}`;
    pipeline.pages.route(path, html(`<html lang="en"><head><title>Fresh page ${pageCount}</title></head><body><article><p>${"Words about bulk actions and links. ".repeat(20)}</p></article></body></html>`));
    const url = pipeline.pages.url(path);
    const row = await db()
      .insertInto("links")
      .values({
        user_id: userId,
        url,
        normalized_url: normalizeUrl(url),
        status,
        title: `Old title ${pageCount}`,
        summary: status === "enriched" ? "An old summary" : null,
        enriched_at: status === "enriched" ? new Date("2024-01-01T00:00:00Z") : null,
        error: status === "error" ? "The page could not be fetched" : null,
        tags,
        saved_at: new Date(Date.now() - (count - i) * 1000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

const bulk = (token: string, body: unknown) => pipeline.api<PublicBulkOperation & { message?: string; upgradeUrl?: string }>("POST", "/api/links/bulk", { token, body });

/** Polls GET /api/links/bulk/{id} until the operation is no longer running. */
async function finished(token: string, id: string, timeoutMs = 30_000): Promise<PublicBulkOperation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await pipeline.api<PublicBulkOperation>("GET", `/api/links/bulk/${id}`, { token });
    expect(response.status).toBe(200);
    if (response.body.status !== "running") return response.body;
    if (Date.now() > deadline) throw new Error(`bulk ${id} still running: ${JSON.stringify(response.body)}`);
    await sleep(50);
  }
}

async function run(token: string, body: unknown): Promise<PublicBulkOperation> {
  const started = await bulk(token, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return finished(token, started.body.id);
}

/** The links' rows, in the order of `ids`. */
async function rowsOf(ids: string[]) {
  const rows = await db().selectFrom("links").select(["id", "status", "tags", "is_public", "deleted_at", "title", "enriched_at", "error"]).where("id", "in", ids).execute();
  return ids.map((id) => rows.find((row) => row.id === id)!);
}

const operationsOf = (userId: string) => db().selectFrom("bulk_operations").select("id").where("user_id", "=", userId).execute();

/** Waits until every one of the links has left pending. */
async function settledLinks(ids: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await rowsOf(ids);
    if (rows.every((row) => row.status !== "pending")) return rows;
    if (Date.now() > deadline) throw new Error(`links still pending: ${JSON.stringify(rows.filter((r) => r.status === "pending").map((r) => r.id))}`);
    await sleep(100);
  }
}

describe("gating and input", () => {
  it("refuses plans without batch processing with 403 {message, upgradeUrl}, saving nothing", async () => {
    for (const role of ["FreeUser", "LiteUser"] as const) {
      const user = await signUpAs(pipeline.api, role);
      const ids = await seedLinks(user.id, 2);
      const refused = await bulk(user.token, { action: "add-tag", ids, tag: "later" });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBeTruthy();
      expect(refused.body.upgradeUrl).toBe("/upgrade?feature=batchProcessing");
      expect(await operationsOf(user.id)).toEqual([]);
      expect((await rowsOf(ids)).map((row) => row.tags)).toEqual([[], []]);
    }
  });

  it("answers 400 {message} to bad input and saves nothing", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 1);
    const bad: unknown[] = [
      { action: "explode", ids },
      { action: "add-tag", ids },
      { action: "add-tag", ids, tag: "a,b" },
      { action: "delete", ids, tag: "x" },
      { action: "delete" },
      { action: "delete", ids, filter: {} },
      { action: "delete", ids: [] },
      { action: "delete", ids: Array.from({ length: 10_001 }, () => ids[0]) },
      { action: "delete", filter: { status: "lost" } },
      { action: "delete", undo: ids[0] },
      { action: "share", ids, format: "json" },
      { action: "delete", ids, extra: true },
    ];
    for (const body of bad) {
      const response = await bulk(user.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.message).toBe("string");
    }
    expect(await operationsOf(user.id)).toEqual([]);
    expect((await rowsOf(ids))[0]!.deleted_at).toBeNull();
  });
});

describe("actions by ids", () => {
  it("add-tag and remove-tag: applied once, links that already had it (or lacked it) unchanged", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const plain = await seedLinks(user.id, 3);
    const [tagged] = await seedLinks(user.id, 1, { tags: ["later"] });
    const added = await run(user.token, { action: "add-tag", ids: [...plain, tagged], tag: "later" });
    expect(added).toMatchObject({ action: "add-tag", status: "done", total: 4, done: 3, skipped: 1, failed: 0, tag: "later" });
    expect((await rowsOf([...plain, tagged!])).map((row) => row.tags)).toEqual([["later"], ["later"], ["later"], ["later"]]);
    const removed = await run(user.token, { action: "remove-tag", ids: [plain[0], plain[1]], tag: "later" });
    expect(removed).toMatchObject({ total: 2, done: 2, skipped: 0 });
    expect((await rowsOf(plain)).map((row) => row.tags)).toEqual([[], [], ["later"]]);
    // The tag is the user's own where it was added (the engine's "later" on `tagged` too), and
    // stays off where it was taken off: a re-enrichment neither removes nor brings it back.
    const own = await db().selectFrom("links").select(["id", "user_tags", "dismissed_tags"]).where("id", "in", [...plain, tagged!]).execute();
    const byId = new Map(own.map((row) => [row.id, [row.user_tags, row.dismissed_tags]]));
    expect([...plain, tagged!].map((id) => byId.get(id))).toEqual([[[], ["later"]], [[], ["later"]], [["later"], []], [["later"], []]]);
  });

  it("share and unshare", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 3);
    expect(await run(user.token, { action: "share", ids })).toMatchObject({ total: 3, done: 3 });
    expect((await rowsOf(ids)).map((row) => row.is_public)).toEqual([true, true, true]);
    const shared = await pipeline.api<Array<{ id: string }>>("GET", "/api/links/shared", { token: user.token });
    expect(shared.body.map((link) => link.id).sort()).toEqual([...ids].sort());
    expect(await run(user.token, { action: "unshare", ids: ids.slice(0, 2) })).toMatchObject({ total: 2, done: 2 });
    expect((await rowsOf(ids)).map((row) => row.is_public)).toEqual([false, false, true]);
  });

  it("delete, then Undo (restore by the delete's id) brings every link back as it was", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 5, { tags: ["keep"] });
    const deleted = await run(user.token, { action: "delete", ids: ids.slice(0, 4) });
    expect(deleted).toMatchObject({ action: "delete", status: "done", total: 4, done: 4 });
    expect(new Date(deleted.undoUntil!).getTime()).toBeGreaterThan(Date.now() + 60_000);
    const listed = await pipeline.api<Array<{ id: string }>>("GET", "/api/links", { token: user.token });
    expect(listed.body.map((link) => link.id)).toEqual([ids[4]]);
    // Undo of something that is not a bulk delete is a 404.
    const notADelete = await run(user.token, { action: "add-tag", ids: [ids[4]], tag: "x" });
    expect((await bulk(user.token, { action: "restore", undo: notADelete.id })).status).toBe(404);
    const restored = await run(user.token, { action: "restore", undo: deleted.id });
    expect(restored).toMatchObject({ action: "restore", total: 4, done: 4 });
    const rows = await rowsOf(ids.slice(0, 4));
    expect(rows.map((row) => [row.deleted_at, row.tags, row.status])).toEqual(rows.map(() => [null, ["keep"], "enriched"]));
    // A second Undo has nothing left to restore.
    expect((await bulk(user.token, { action: "restore", undo: deleted.id })).status).toBe(404);
  });

  it("Undo of a delete queues again the on-demand results that were pending when the links were deleted", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 2);
    // A quiz asked for, whose job ran (and did nothing) while its link was deleted: pending, no job.
    const artifacts = await db()
      .insertInto("link_artifacts")
      .values(ids.map((linkId) => ({ link_id: linkId, user_id: user.id, kind: "quiz" as const, variant: "" })))
      .returning("id")
      .execute();
    const deleted = await run(user.token, { action: "delete", ids });
    expect(deleted).toMatchObject({ done: 2 });
    const tasks = getQueue(QUEUES.enrichTask);
    expect(await Promise.all(artifacts.map((artifact) => tasks.getJob(artifact.id)))).toEqual([undefined, undefined]);
    expect(await run(user.token, { action: "restore", undo: deleted.id })).toMatchObject({ done: 2 });
    const jobs = await Promise.all(artifacts.map((artifact) => tasks.getJob(artifact.id)));
    expect(jobs.map((job) => job?.data)).toEqual(artifacts.map((artifact) => ({ artifactId: artifact.id })));
  });

  it("retry re-queues only failed links; re-enrich fetches every chosen link again", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const enriched = await seedLinks(user.id, 2);
    const failed = await seedLinks(user.id, 2, { status: "error" });
    const retried = await run(user.token, { action: "retry", ids: [...enriched, ...failed] });
    expect(retried).toMatchObject({ total: 4, done: 2, skipped: 2, failed: 0 });
    const afterRetry = await settledLinks([...enriched, ...failed]);
    expect(afterRetry.map((row) => [row.status, row.title?.startsWith("Fresh page")])).toEqual([
      ["enriched", false],
      ["enriched", false],
      ["enriched", true],
      ["enriched", true],
    ]);
    const reenriched = await run(user.token, { action: "reenrich", ids: enriched });
    expect(reenriched).toMatchObject({ total: 2, done: 2, skipped: 0, failed: 0 });
    const rows = await settledLinks(enriched);
    expect(rows.map((row) => [row.status, row.title?.startsWith("Fresh page"), row.enriched_at!.getTime() > Date.parse("2024-01-02")])).toEqual([
      ["enriched", true, true],
      ["enriched", true, true],
    ]);
  });

  it("export answers with a URL that streams only the selection", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 4);
    const started = await bulk(user.token, { action: "export", ids: ids.slice(1, 3), format: "html" });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ action: "export", status: "done", total: 2, done: 2, exportUrl: `/api/links/export?format=html&bulk=${started.body.id}` });
    const file = await fetch(`${pipeline.web.baseUrl}${started.body.exportUrl}`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text.match(/<DT><A /g)).toHaveLength(2);
    const rows = await rowsOf(ids);
    expect(text).toContain(rows[1]!.title!);
    expect(text).toContain(rows[2]!.title!);
    expect(text).not.toContain(rows[0]!.title!);
    // Another user cannot read it.
    const other = await signUpAs(pipeline.api, "ProUser");
    const foreign = await fetch(`${pipeline.web.baseUrl}${started.body.exportUrl}`, { headers: { Authorization: `Bearer ${other.token}` } });
    expect(foreign.status).toBe(404);
  });
});

describe("Recently deleted", () => {
  it("a bulk delete can be undone for as long as its links are kept: 30 days by default", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 3);
    const deleted = await run(user.token, { action: "delete", ids });
    expect(Date.parse(deleted.undoUntil!) - Date.parse(deleted.finishedAt!)).toBe(30 * 86_400_000);
    // Four weeks later, the links are still there to bring back.
    const weeksAgo = new Date(Date.now() - 28 * 86_400_000);
    await db().updateTable("links").set({ deleted_at: weeksAgo }).where("id", "in", ids).execute();
    await db().updateTable("bulk_operations").set({ finished_at: weeksAgo }).where("id", "=", deleted.id).execute();
    expect(await run(user.token, { action: "restore", undo: deleted.id })).toMatchObject({ total: 3, done: 3 });
    expect((await rowsOf(ids)).map((row) => row.deleted_at)).toEqual([null, null, null]);
  });

  it("Restore all brings back every deleted link as one operation, on any plan; with none left it is a 404", async () => {
    const user = await signUpAs(pipeline.api, "FreeUser");
    const stranger = await signUpAs(pipeline.api, "FreeUser");
    const ids = await seedLinks(user.id, 4, { tags: ["keep"] });
    const [theirs] = await seedLinks(stranger.id, 1);
    for (const id of ids.slice(0, 3)) expect((await pipeline.api("DELETE", `/api/links/${id}`, { token: user.token })).status).toBe(200);
    expect((await pipeline.api("DELETE", `/api/links/${theirs}`, { token: stranger.token })).status).toBe(200);

    const started = await pipeline.api<PublicBulkOperation>("POST", "/api/links/deleted/restore", { token: user.token });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ action: "restore", total: 3 });
    expect(await finished(user.token, started.body.id)).toMatchObject({ status: "done", total: 3, done: 3 });
    expect((await rowsOf(ids)).map((row) => [row.deleted_at, row.tags])).toEqual(ids.map(() => [null, ["keep"]]));
    expect((await rowsOf([theirs!]))[0]!.deleted_at).not.toBeNull();
    expect((await pipeline.api<unknown[]>("GET", "/api/links/deleted", { token: user.token })).body).toEqual([]);

    const nothing = await pipeline.api<{ message: string }>("POST", "/api/links/deleted/restore", { token: user.token });
    expect(nothing.status).toBe(404);
    expect(nothing.body.message).toBe("Nothing to restore: no deleted link is waiting.");
  });
});

describe("selection by filter", () => {
  it("resolves the filter when asked: links saved afterwards are not touched", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const failed = await seedLinks(user.id, 3, { status: "error" });
    await seedLinks(user.id, 2);
    const queue = getQueue(QUEUES.bulk);
    await queue.pause();
    let started: Awaited<ReturnType<typeof bulk>>;
    let late: string[];
    try {
      started = await bulk(user.token, { action: "add-tag", filter: { status: "error" }, tag: "broken" });
      expect(started.status).toBe(202);
      expect(started.body.total).toBe(3);
      late = await seedLinks(user.id, 1, { status: "error" });
    } finally {
      await queue.resume();
    }
    expect(await finished(user.token, started.body.id)).toMatchObject({ status: "done", total: 3, done: 3 });
    expect((await rowsOf(failed)).map((row) => row.tags)).toEqual([["broken"], ["broken"], ["broken"]]);
    expect((await rowsOf(late))[0]!.tags).toEqual([]);
  });

  it("selects by the search's full-text query", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 3);
    await db().updateTable("links").set({ title: "Zebracorn migration notes" }).where("id", "=", ids[1]!).execute();
    expect(await run(user.token, { action: "add-tag", filter: { q: "zebracorn" }, tag: "found" })).toMatchObject({ total: 1, done: 1 });
    expect((await rowsOf(ids)).map((row) => row.tags)).toEqual([[], ["found"], []]);
  });

  it("GET /api/links/count counts what select-all acts on: every live link (Not enriched ones too), or the search's matches", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const tagged = await seedLinks(user.id, 2, { tags: ["count-me"] });
    await seedLinks(user.id, 1, { status: "unenriched" });
    const failed = await seedLinks(user.id, 1, { status: "error" });
    await run(user.token, { action: "delete", ids: [failed[0]] });
    const count = async (query: string) => (await pipeline.api<{ count: number; message?: string }>("GET", `/api/links/count${query}`, { token: user.token })).body;
    expect(await count("")).toEqual({ count: 3 });
    const stats = (await pipeline.api<{ total: number; unenriched: number }>("GET", "/api/links/stats", { token: user.token })).body;
    expect(stats.total + stats.unenriched).toBe(3);
    expect(await count("?tag=count-me")).toEqual({ count: 2 });
    expect(await count("?status=unenriched&q=")).toEqual({ count: 1 });
    await db().updateTable("links").set({ title: "Quokkaparade field notes" }).where("id", "=", tagged[1]!).execute();
    expect(await count("?q=quokkaparade&tag=count-me")).toEqual({ count: 1 });
    // The same filters as select-all: the ids it would act on.
    expect((await run(user.token, { action: "add-tag", filter: { tag: "count-me" }, tag: "seen" })).total).toBe(2);
    expect((await pipeline.api("GET", "/api/links/count?status=nope", { token: user.token })).status).toBe(400);
    expect((await pipeline.api("GET", "/api/links/count")).status).toBe(401);
  });

  it("an empty filter is every live link; a filter matching nothing is a 404", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 3);
    expect(await run(user.token, { action: "share", filter: {} })).toMatchObject({ total: 3, done: 3 });
    expect((await rowsOf(ids)).every((row) => row.is_public)).toBe(true);
    const none = await bulk(user.token, { action: "share", filter: { tag: "nowhere" } });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("No link matches.");
  });
});

describe("owner scoping", () => {
  it("another user's ids are left out, only theirs is a 404, and their operations cannot be read", async () => {
    const owner = await signUpAs(pipeline.api, "ProUser");
    const stranger = await signUpAs(pipeline.api, "ProUser");
    const mine = await seedLinks(owner.id, 2);
    const theirs = await seedLinks(stranger.id, 2);
    const mixed = await run(owner.token, { action: "delete", ids: [...mine, ...theirs, "not-an-id"] });
    expect(mixed).toMatchObject({ total: 2, done: 2 });
    expect((await rowsOf(theirs)).map((row) => row.deleted_at)).toEqual([null, null]);
    const onlyTheirs = await bulk(owner.token, { action: "delete", ids: theirs });
    expect(onlyTheirs.status).toBe(404);
    expect((await bulk(stranger.token, { action: "restore", undo: mixed.id })).status).toBe(404);
    expect((await pipeline.api("GET", `/api/links/bulk/${mixed.id}`, { token: stranger.token })).status).toBe(404);
    expect((await pipeline.api("GET", "/api/links/bulk/not-an-id", { token: owner.token })).status).toBe(404);
  });
});

describe("allowance", () => {
  it("re-enrich under an exhausted allowance is refused; with a little left, the rest are counted failed and left as they were", async () => {
    await db().insertInto("feature_flags").values({ feature_key: "batchProcessing", role: "LiteUser", enabled: true }).execute();
    try {
      const user = await signUpAs(pipeline.api, "LiteUser");
      const ids = await seedLinks(user.id, 3, { status: "error" });
      await db()
        .insertInto("enrichment_usage")
        .values(Array.from({ length: 30 }, () => ({ user_id: user.id, link_id: null, kind: "link", source: "allowance" as const })))
        .execute();
      const refused = await bulk(user.token, { action: "reenrich", ids });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/Monthly enrichment limit reached/);
      expect((await bulk(user.token, { action: "retry", ids })).status).toBe(403);
      expect(await operationsOf(user.id)).toEqual([]);
      expect((await rowsOf(ids)).map((row) => row.status)).toEqual(["error", "error", "error"]);

      await db().updateTable("users").set({ pack_credits: 1 }).where("id", "=", user.id).execute();
      const partial = await run(user.token, { action: "reenrich", ids });
      expect(partial).toMatchObject({ total: 3, done: 1, failed: 2, skipped: 0 });
      const rows = await settledLinks(ids);
      expect(rows.map((row) => row.status).sort()).toEqual(["enriched", "error", "error"]);
      const usage = await pipeline.api<{ credits: number }>("GET", "/api/usage", { token: user.token });
      expect(usage.body.credits).toBe(0);
    } finally {
      await db().deleteFrom("feature_flags").where("feature_key", "=", "batchProcessing").execute();
    }
  });
});

describe("progress and restarts", () => {
  it("pushes the operation's progress over the event stream until done", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 5);
    const abort = new AbortController();
    const response = await fetch(`${pipeline.web.baseUrl}/api/events`, { headers: { Authorization: `Bearer ${user.token}` }, signal: abort.signal });
    let text = "";
    const reading = (async () => {
      const decoder = new TextDecoder();
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    })().catch(() => undefined);
    try {
      // The subscription is live once a change of ours comes through.
      const deadline = Date.now() + 10_000;
      const page = pipeline.pages.url("/bulk/1");
      while (!text.includes("event: link\n")) {
        if (Date.now() > deadline) throw new Error("the event stream never went live");
        await pipeline.api("POST", "/api/links", { token: user.token, body: { url: page } });
        await sleep(50);
      }
      const started = await bulk(user.token, { action: "add-tag", ids: ids.slice(1), tag: "streamed" });
      expect(started.status).toBe(202);
      const until = Date.now() + 15_000;
      const doneEvent = () =>
        text
          .split("\n\n")
          .filter((block) => block.startsWith("event: bulk\n"))
          .map((block) => (JSON.parse(block.slice(block.indexOf("data: ") + 6)) as { bulk: PublicBulkOperation }).bulk)
          .find((op) => op.id === started.body.id && op.status === "done");
      while (!doneEvent()) {
        if (Date.now() > until) throw new Error(`no done event: ${text.slice(-500)}`);
        await sleep(50);
      }
      expect(doneEvent()).toMatchObject({ total: 4, done: 4, failed: 0 });
    } finally {
      abort.abort();
      await reading;
    }
  });

  it("a re-enrichment whose links fail sends one summary notification, not one per link", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 4);
    // Three of the pages are gone by now (404: a failure on the first attempt).
    for (const [i, id] of ids.slice(0, 3).entries()) {
      const url = pipeline.pages.url(`/bulk-gone/${pageCount}-${i}`);
      await db().updateTable("links").set({ url, normalized_url: normalizeUrl(url) }).where("id", "=", id).execute();
    }
    const done = await run(user.token, { action: "reenrich", ids });
    expect(done).toMatchObject({ total: 4, done: 4 });
    const rows = await settledLinks(ids);
    expect(rows.map((row) => row.status)).toEqual(["error", "error", "error", "enriched"]);
    const notifications = () => db().selectFrom("notifications").select(["type", "title", "body"]).where("user_id", "=", user.id).execute();
    const deadline = Date.now() + 15_000;
    while (!(await notifications()).some((n) => n.type === "bulk-failed")) {
      if (Date.now() > deadline) throw new Error(`no summary: ${JSON.stringify(await notifications())}`);
      await sleep(100);
    }
    const sent = await notifications();
    expect(sent.filter((n) => n.type === "link-failed")).toEqual([]);
    expect(sent.filter((n) => n.type === "bulk-failed")).toEqual([{ type: "bulk-failed", title: "3 links could not be enriched", body: expect.stringContaining("3 of the 4 links") }]);
  });

  it("a job stopped mid-way resumes after the last chunk saved and never applies a chunk twice", async () => {
    const user = await signUpAs(pipeline.api, "ProUser");
    const ids = await seedLinks(user.id, 7);
    const queue = getQueue(QUEUES.bulk);
    await queue.pause();
    let id: string;
    try {
      const started = await bulk(user.token, { action: "reenrich", ids });
      expect(started.status).toBe(202);
      id = started.body.id;
      // A first run dies after its second chunk of two (as a worker killed there would).
      let chunks = 0;
      await expect(
        runBulkOperation(id, {
          chunkSize: 2,
          afterChunk: () => {
            if (++chunks === 2) throw new Error("worker killed");
          },
        }),
      ).rejects.toThrow("worker killed");
      const midway = await db().selectFrom("bulk_operations").select(["processed", "done", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(midway).toEqual({ processed: 4, done: 4, status: "running" });
      // Two runs at once (the queued job, and a stalled one handed on) share what is left.
      await Promise.all([runBulkOperation(id, { chunkSize: 2 }), runBulkOperation(id, { chunkSize: 2 })]);
    } finally {
      await queue.resume();
    }
    expect(await finished(user.token, id)).toMatchObject({ status: "done", total: 7, done: 7, failed: 0, skipped: 0 });
    const row = await db().selectFrom("bulk_operations").select("processed").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.processed).toBe(7);
    const rows = await settledLinks(ids);
    expect(rows.every((link) => link.status === "enriched" && link.title?.startsWith("Fresh page"))).toBe(true);
    // Each link was enriched (and counted) once.
    const usage = await db().selectFrom("enrichment_usage").select("link_id").where("user_id", "=", user.id).execute();
    expect(usage.map((u) => u.link_id).sort()).toEqual([...ids].sort());
  });
});
