import { setTimeout as sleep } from "node:timers/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BulkResult, FailureDetail, FailurePage, JobsStats, RetryOneResult, WorkerInfo } from "~/lib/jobs";
import { db } from "~/server/platform/db.server";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";

// The jobs console's API against the whole pipeline: the web server in this process, one real
// worker process taking one job at a time (so the order jobs run in is observable), real
// Postgres and Redis, and pages on loopback that fail until the test fixes them.
type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
let pipeline: Pipeline;
let api: Pipeline["api"];
let pages: Pipeline["pages"];
let admin: { token: string; id: string; email: string };

const NOT_FOUND = "The page answered 404 Not Found";
const GONE = "The page answered 410 Gone";
const fixed = new Set<string>();

/** A page that answers `status` until the test fixes it, then a real article. */
function breakable(status: number) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (fixed.has(path)) return html(fixture("react-hooks.html"))(req, res);
    res.writeHead(status).end("not here");
  };
}

beforeAll(async () => {
  pipeline = await startPipeline(
    {
      "/article": html(fixture("postgres-indexes.html")),
      "/flaky": breakable(404),
      "/evicted": breakable(404),
      "/set/1": breakable(404),
      "/set/2": breakable(404),
      "/set/3": breakable(404),
      "/set/other-user": breakable(404),
      "/set/gone": breakable(410),
      "/paused": html(fixture("react-hooks.html")),
      "/artifact": html(fixture("postgres-indexes.html")),
      ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`/free/${i}`, html(fixture("react-hooks.html"))])),
    },
    { workerEnv: { WORKER_CONCURRENCY: "1" } },
  );
  ({ api, pages } = pipeline);
  const signedUp = await signUpAs(api, "ProUser");
  await db().updateTable("users").set({ role: "Admin" }).where("id", "=", signedUp.id).execute();
  const row = await db().selectFrom("users").select("email").where("id", "=", signedUp.id).executeTakeFirstOrThrow();
  admin = { ...signedUp, email: row.email };
}, 120_000);

afterAll(() => pipeline?.stop());

async function emailOf(id: string): Promise<string> {
  return (await db().selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
}

async function addLink(token: string, path: string): Promise<LinkBody> {
  const added = await api<LinkBody>("POST", "/api/links", { token, body: { url: pages.url(path) } });
  expect(added.status).toBe(201);
  return added.body;
}

async function failedLink(token: string, path: string, reason = NOT_FOUND): Promise<LinkBody> {
  const link = await waitForLink(api, token, (await addLink(token, path)).id);
  expect(link).toMatchObject({ status: "error", error: reason });
  return link;
}

const asAdmin = <T>(method: string, path: string, body?: unknown) => api<T>(method, path, { token: admin.token, body });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

async function jobAudit(action: string, targetId: string) {
  return db().selectFrom("audit_events").selectAll().where("kind", "=", "job").where("action", "=", action).where("target_id", "=", targetId).execute();
}

describe("a failure in the console", () => {
  it("appears under its reason, is inspected, retried, and ends enriched", async () => {
    const user = await signUpAs(api, "ProUser");
    const link = await failedLink(user.token, "/flaky");

    // The row says Failed as the last attempt ends; BullMQ moves the job to failed a moment later.
    const page = await until(
      () => asAdmin<FailurePage>("GET", `/api/admin/jobs/failures?reason=${encodeURIComponent(NOT_FOUND)}&user=${user.id}`),
      (answer) => answer.status !== 200 || answer.body.items[0]?.job !== "active",
      "the failed job to leave active",
    );
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(1);
    expect(page.body.groups).toEqual([{ reason: NOT_FOUND, count: 1, links: 1, artifacts: 0, lastFailedAt: expect.any(String) }]);
    expect(page.body.items).toEqual([
      expect.objectContaining({ kind: "link", id: link.id, queue: "enrich-link", reason: NOT_FOUND, domain: "127.0.0.1", job: "failed", user: { id: user.id, email: await emailOf(user.id) } }),
    ]);
    // Grouped with the other failures of the instance too.
    const all = await asAdmin<FailurePage>("GET", "/api/admin/jobs/failures");
    expect(all.body.groups.find((group) => group.reason === NOT_FOUND)?.count).toBeGreaterThanOrEqual(1);

    const detail = await asAdmin<FailureDetail>("GET", `/api/admin/jobs/failures/${link.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      kind: "link",
      queue: "enrich-link",
      link: { id: link.id, url: pages.url("/flaky"), status: "error", error: NOT_FOUND },
      owner: { id: user.id, role: "ProUser" },
      payload: { linkId: link.id },
      jobMissing: null,
    });
    const job = detail.body.job!;
    expect(job).toMatchObject({ state: "failed", attemptsMade: 1, maxAttempts: 3, failedReason: NOT_FOUND });
    // A 404 fails at once: one attempt, with its time, its error and the stack behind it.
    expect(job.attempts).toHaveLength(1);
    expect(job.attempts[0]).toMatchObject({ number: 1, outcome: "failed", error: NOT_FOUND });
    expect(Date.parse(job.attempts[0]!.startedAt!)).toBeLessThanOrEqual(Date.parse(job.attempts[0]!.finishedAt!));
    expect(job.attempts[0]!.stack).toMatch(/PermanentJobError: The page answered 404 Not Found[\s\S]*Caused by: FetchError/);
    expect(job.logs.map((line) => line.message)).toEqual(["attempt 1 of 3 started", `attempt 1 failed: ${NOT_FOUND}`]);

    fixed.add("/flaky");
    const retried = await asAdmin<RetryOneResult>("POST", `/api/admin/jobs/failures/${link.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ id: link.id, kind: "link", queue: "enrich-link", outcome: "queued" });
    const enriched = await waitForLink(api, user.token, link.id);
    expect(enriched).toMatchObject({ status: "enriched", title: "A gentle guide to React hooks", error: null });
    expect(pages.hits("/flaky")).toBe(2);

    // The new run wrote one log line per step (the worker writes its log lines after the link's
    // row, in batches: wait for the attempt's last line).
    const messages = await until(
      async () => (await asAdmin<FailureDetail>("GET", `/api/admin/jobs/failures/${link.id}`)).body.job!.logs.map((line) => line.message),
      (lines) => lines.at(-1)?.startsWith("attempt 1 succeeded") ?? false,
      "the retried run's log",
    );
    expect(messages[0]).toBe("attempt 1 of 3 started");
    expect(messages.find((m) => m.startsWith("fetched"))).toMatch(/^fetched \d+\.\d KB in \d+ ms \(HTTP 200, text\/html/);
    expect(messages.find((m) => m.startsWith("parsed"))).toMatch(/^parsed in \d+ ms by (semantic|readability|heuristic|json-ld): "A gentle guide to React hooks", \d+ words(; \d+ ms waiting for a parser thread)?$/);
    expect(messages.find((m) => m.startsWith("enriched by"))).toMatch(/^enriched by local\/\S+ in \d+ ms, tokens in n\/a, out n\/a$/);
    expect(messages).toContain("stored (unlimited plan: counted, never refused)");
    expect(messages.at(-1)).toBe("attempt 1 succeeded: enriched");

    // Retrying again is refused: it is not failed any more; and the replay was audited, by whom.
    const again = await asAdmin<{ message: string }>("POST", `/api/admin/jobs/failures/${link.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Only a failed link can be retried; this one is enriched/);
    const audit = await jobAudit("job.retried", link.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, actor_label: admin.email, target_type: "link", before: { status: "error", reason: NOT_FOUND } });
    // Charged once, on success.
    const usage = await db().selectFrom("enrichment_usage").select("id").where("link_id", "=", link.id).execute();
    expect(usage).toHaveLength(1);
  });

  it("replays a failure whose job Redis no longer holds, from the link row", async () => {
    const user = await signUpAs(api, "LiteUser");
    const link = await failedLink(user.token, "/evicted");

    const removed = await asAdmin<{ removed: boolean; queue: string }>("POST", "/api/admin/jobs/remove", { id: link.id });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: link.id, queue: "enrich-link", removed: true, previousState: "failed" });
    expect(await jobAudit("job.removed", link.id)).toHaveLength(1);
    // Removing dismisses the job only: the link is still failed, listed, and says its job is gone.
    expect((await api<LinkBody>("GET", `/api/links/${link.id}`, { token: user.token })).body.status).toBe("error");
    const page = await asAdmin<FailurePage>("GET", `/api/admin/jobs/failures?user=${encodeURIComponent(await emailOf(user.id))}`);
    expect(page.body.items).toEqual([expect.objectContaining({ id: link.id, job: "missing", reason: NOT_FOUND })]);
    const detail = await asAdmin<FailureDetail>("GET", `/api/admin/jobs/failures/${link.id}`);
    expect(detail.body).toMatchObject({ job: null, payload: { linkId: link.id }, link: { status: "error", error: NOT_FOUND } });
    expect(detail.body.jobMissing).toMatch(/no longer in Redis/);
    expect((await asAdmin("POST", "/api/admin/jobs/remove", { id: link.id })).status).toBe(404);

    fixed.add("/evicted");
    expect((await asAdmin("POST", `/api/admin/jobs/failures/${link.id}/retry`)).status).toBe(200);
    expect(await waitForLink(api, user.token, link.id)).toMatchObject({ status: "enriched", title: "A gentle guide to React hooks" });
  });

  it("replays exactly the set a filter matches, once, even when pressed twice at once", async () => {
    const owner = await signUpAs(api, "ProUser");
    const other = await signUpAs(api, "ProUser");
    const set = [await failedLink(owner.token, "/set/1"), await failedLink(owner.token, "/set/2"), await failedLink(owner.token, "/set/3")];
    const othersLink = await failedLink(other.token, "/set/other-user");
    const gone = await failedLink(owner.token, "/set/gone", GONE);
    for (const path of ["/set/1", "/set/2", "/set/3", "/set/other-user", "/set/gone"]) fixed.add(path);
    const filter = { reason: NOT_FOUND, user: await emailOf(owner.id) };

    const dry = await asAdmin<BulkResult>("POST", "/api/admin/jobs/retry", { ...filter, dryRun: true });
    expect(dry.body).toEqual({ matched: 3, queued: 3, skipped: { alreadyQueued: 0, noEnrichmentLeft: 0 }, more: false, dryRun: true });
    expect((await api<LinkBody>("GET", `/api/links/${set[0]!.id}`, { token: owner.token })).body.status).toBe("error");

    const [first, second] = await Promise.all([
      asAdmin<BulkResult>("POST", "/api/admin/jobs/retry", filter),
      asAdmin<BulkResult>("POST", "/api/admin/jobs/retry", filter),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.queued + second.body.queued).toBe(3);
    for (const link of set) expect(await waitForLink(api, owner.token, link.id)).toMatchObject({ status: "enriched" });
    for (const path of ["/set/1", "/set/2", "/set/3"]) expect(pages.hits(path)).toBe(2);

    // A third press finds nothing left to replay; the rows outside the filter were not touched.
    const third = await asAdmin<BulkResult>("POST", "/api/admin/jobs/retry", filter);
    expect(third.body).toMatchObject({ matched: 0, queued: 0 });
    expect((await api<LinkBody>("GET", `/api/links/${othersLink.id}`, { token: other.token })).body.status).toBe("error");
    expect((await api<LinkBody>("GET", `/api/links/${gone.id}`, { token: owner.token })).body.status).toBe("error");
    expect(pages.hits("/set/other-user")).toBe(1);
    expect(pages.hits("/set/gone")).toBe(1);
    // Each link charged once.
    const charges = await db().selectFrom("enrichment_usage").select("link_id").where("user_id", "=", owner.id).execute();
    expect(charges.map((row) => row.link_id).sort()).toEqual(set.map((link) => link.id).sort());
    // Every press is on the trail, with what it did.
    const audits = await db().selectFrom("audit_events").selectAll().where("action", "=", "job.retried-all").execute();
    expect(audits).toHaveLength(3);
    expect(audits.reduce((sum, row) => sum + (row.after as { queued: number }).queued, 0)).toBe(3);
    expect(audits[0]).toMatchObject({ actor_id: admin.id, target_label: `reason=${NOT_FOUND} user=${filter.user}` });
  });

  it("checks inputs and says which", async () => {
    const bad = await asAdmin<{ message: string }>("GET", "/api/admin/jobs/failures?since=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/since must be a duration/);
    expect((await asAdmin("POST", "/api/admin/jobs/retry", { queue: "nope" })).status).toBe(400);
    expect((await asAdmin("POST", "/api/admin/jobs/retry", { limit: 10_001 })).status).toBe(400);
    expect((await asAdmin("POST", "/api/admin/jobs/reenrich", {})).status).toBe(400);
    expect((await asAdmin("POST", "/api/admin/jobs/queues/nope/pause")).status).toBe(404);
    expect((await asAdmin("GET", `/api/admin/jobs/failures/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await asAdmin("GET", "/api/admin/jobs/failures?user=nobody@example.com")).status).toBe(400);
  });
});

describe("queues and jobs", () => {
  it("pause stops new jobs from starting and resume starts them again", async () => {
    const user = await signUpAs(api, "ProUser");
    const paused = await asAdmin<{ queue: string; paused: boolean }>("POST", "/api/admin/jobs/queues/enrich-link/pause");
    expect(paused.body).toEqual({ queue: "enrich-link", paused: true });
    try {
      const link = await addLink(user.token, "/paused");
      // The worker is alive and takes other queues' jobs; the paused queue's job waits.
      const { getQueue } = await import("~/server/jobs/queue.server");
      const beat = await getQueue("system").add("heartbeat", {}, { removeOnComplete: false });
      await until(() => beat.getState(), (state) => state === "completed", "a heartbeat job on the running system queue");
      const stats = await asAdmin<JobsStats>("GET", "/api/admin/jobs/stats");
      const queue = stats.body.queues.find((q) => q.name === "enrich-link")!;
      expect(queue.paused).toBe(true);
      expect(queue.counts.waiting + queue.counts.prioritized).toBe(1);
      expect(queue.oldestWaiting).toMatchObject({ id: link.id });
      expect((await api<LinkBody>("GET", `/api/links/${link.id}`, { token: user.token })).body.status).toBe("pending");
      expect(pages.hits("/paused")).toBe(0);

      const resumed = await asAdmin<{ paused: boolean }>("POST", "/api/admin/jobs/queues/enrich-link/resume");
      expect(resumed.body).toEqual({ queue: "enrich-link", paused: false });
      expect(await waitForLink(api, user.token, link.id)).toMatchObject({ status: "enriched" });
      const actions = await db().selectFrom("audit_events").select(["action", "before", "after"]).where("target_type", "=", "queue").orderBy("id").execute();
      expect(actions).toEqual([
        { action: "queue.paused", before: { paused: false }, after: { paused: true } },
        { action: "queue.resumed", before: { paused: true }, after: { paused: false } },
      ]);
    } finally {
      await asAdmin("POST", "/api/admin/jobs/queues/enrich-link/resume");
    }
  });

  it("promotes a delayed job and refuses to promote one that is not", async () => {
    const { getQueue } = await import("~/server/jobs/queue.server");
    const job = await getQueue("system").add("heartbeat", {}, { delay: 3_600_000, removeOnComplete: false });
    const promoted = await asAdmin("POST", "/api/admin/jobs/promote", { id: job.id, queue: "system" });
    expect(promoted.body).toEqual({ id: job.id, queue: "system", promoted: true });
    await until(() => job.getState(), (state) => state === "completed", "the promoted job to run");
    const again = await asAdmin<{ message: string }>("POST", "/api/admin/jobs/promote", { id: job.id, queue: "system" });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Only a delayed job can be promoted; this one is completed/);
  });

  it("counts throughput per minute and shows the stats of every queue", async () => {
    const stats = await asAdmin<JobsStats>("GET", "/api/admin/jobs/stats");
    expect(stats.status).toBe(200);
    expect(stats.body.queues.map((q) => q.name)).toEqual(["system", "enrich-link", "enrich-task", "import", "bulk", "render", "render-background", "webhook-delivery", "feed-poll"]);
    const links = stats.body.queues.find((q) => q.name === "enrich-link")!;
    expect(links.perMinute.completed).toHaveLength(60);
    expect(links.lastHour.completed).toBeGreaterThanOrEqual(5);
    expect(links.lastHour.failed).toBeGreaterThanOrEqual(6);
    expect(stats.body.workers.live).toBe(1);
    expect(stats.body.failures.total).toBe(stats.body.failures.links + stats.body.failures.artifacts);
  });

  it("lists workers with what they serve and do, and shows a silent one as lost", async () => {
    await db()
      .insertInto("worker_heartbeats")
      .values([
        { worker_id: "gone-host:1", hostname: "gone-host", pid: 1, started_at: new Date(Date.now() - 7_200_000), last_beat_at: new Date(Date.now() - 3_600_000), heartbeat_interval_ms: 30_000 },
        { worker_id: "long-gone:2", hostname: "long-gone", pid: 2, started_at: new Date(Date.now() - 3 * 86_400_000), last_beat_at: new Date(Date.now() - 2 * 86_400_000) },
      ])
      .execute();
    const listed = await until(
      () => asAdmin<{ workers: WorkerInfo[] }>("GET", "/api/admin/jobs/workers"),
      // Idle and beating: a heartbeat or cleanup job can be running at the moment of a read, and
      // on a loaded machine a beat can come late.
      (response) => {
        const worker = response.body.workers.find((w) => w.pid === pipeline.worker.child.pid);
        return (worker?.jobsDone ?? 0) > 0 && worker?.status === "live" && worker.running.length === 0;
      },
      "the worker to report its jobs, live and idle",
    );
    const live = listed.body.workers.find((w) => w.pid === pipeline.worker.child.pid)!;
    expect(live).toMatchObject({ status: "live", queues: ["system", "enrich-link", "enrich-task", "import", "bulk", "render", "render-background", "webhook-delivery", "feed-poll"], concurrency: 1, running: [] });
    expect(live.jobsFailed).toBeGreaterThan(0);
    expect(listed.body.workers.find((w) => w.id === "gone-host:1")).toMatchObject({ status: "lost", hostname: "gone-host" });

    const { pruneLostWorkers } = await import("~/server/jobs-console/operations.server");
    expect(await pruneLostWorkers()).toBe(1);
    const after = await asAdmin<{ workers: WorkerInfo[] }>("GET", "/api/admin/jobs/workers");
    expect(after.body.workers.map((w) => w.id)).toContain("gone-host:1");
    expect(after.body.workers.map((w) => w.id)).not.toContain("long-gone:2");
  });
});

describe("on-demand results", () => {
  it("are listed as failures of enrich-task and replayed from their row", async () => {
    const user = await signUpAs(api, "ProUser");
    const link = await waitForLink(api, user.token, (await addLink(user.token, "/artifact")).id);
    expect(link.status).toBe("enriched");
    const artifact = await db()
      .insertInto("link_artifacts")
      .values({ link_id: link.id, user_id: user.id, kind: "quiz", variant: "", status: "error", error: "The model did not answer in time" })
      .returning("id")
      .executeTakeFirstOrThrow();

    const page = await asAdmin<FailurePage>("GET", `/api/admin/jobs/failures?queue=enrich-task&user=${user.id}`);
    expect(page.body.items).toEqual([
      expect.objectContaining({ kind: "artifact", id: artifact.id, linkId: link.id, queue: "enrich-task", job: "missing", reason: "The model did not answer in time" }),
    ]);
    const detail = await asAdmin<FailureDetail>("GET", `/api/admin/jobs/failures/${artifact.id}`);
    expect(detail.body).toMatchObject({ kind: "artifact", artifact: { kind: "quiz", status: "error" }, link: { id: link.id }, payload: { artifactId: artifact.id }, job: null });

    expect((await asAdmin("POST", `/api/admin/jobs/failures/${artifact.id}/retry`)).status).toBe(200);
    const done = await until(
      () => db().selectFrom("link_artifacts").select(["status", "error"]).where("id", "=", artifact.id).executeTakeFirstOrThrow(),
      (row) => row.status !== "pending",
      "the quiz to be made",
    );
    expect(done).toEqual({ status: "ready", error: null });
  });
});

describe("re-enrichment", () => {
  it("runs behind what users add now and never charges the owner again", async () => {
    // A Free user with the month's allowance used up by five enriched links.
    const user = await signUpAs(api, "FreeUser");
    const links: LinkBody[] = [];
    for (let i = 0; i < 5; i++) links.push(await waitForLink(api, user.token, (await addLink(user.token, `/free/${i}`)).id));
    expect(links.every((link) => link.status === "enriched")).toBe(true);
    expect((await api("GET", "/api/usage", { token: user.token })).body).toMatchObject({ used: 5, limit: 5 });
    const before = new Map(links.map((link) => [link.id, link.enrichedAt!]));

    await asAdmin("POST", "/api/admin/jobs/queues/enrich-link/pause");
    let newcomer: LinkBody | undefined;
    try {
      const dry = await asAdmin<BulkResult>("POST", "/api/admin/jobs/reenrich", { user: await emailOf(user.id), dryRun: true });
      expect(dry.body).toMatchObject({ matched: 5, queued: 5, more: false, dryRun: true });
      const first = await asAdmin<BulkResult>("POST", "/api/admin/jobs/reenrich", { user: await emailOf(user.id), engine: "local" });
      expect(first.body).toMatchObject({ matched: 5, queued: 5, more: false, dryRun: false });
      // Pressing again takes none of them twice.
      expect((await asAdmin<BulkResult>("POST", "/api/admin/jobs/reenrich", { user: user.id })).body).toMatchObject({ matched: 0, queued: 0 });
      const { getQueue, REENRICH_PRIORITY } = await import("~/server/jobs/queue.server");
      expect((await getQueue("enrich-link").getJob(links[0]!.id))?.priority).toBe(REENRICH_PRIORITY);
      // Meanwhile the links stay enriched and readable.
      expect((await api<LinkBody>("GET", `/api/links/${links[0]!.id}`, { token: user.token })).body.status).toBe("enriched");
      // Someone with a plan adds a link while the re-enrichment waits.
      const paying = await signUpAs(api, "ProUser");
      newcomer = await addLink(paying.token, "/article");
    } finally {
      await asAdmin("POST", "/api/admin/jobs/queues/enrich-link/resume");
    }
    const rows = await until(
      () => db().selectFrom("links").select(["id", "enriched_at", "reenrich_requested_at"]).where("user_id", "=", user.id).execute(),
      (found) => found.every((row) => row.reenrich_requested_at === null),
      "the re-enrichment to finish",
    );
    for (const row of rows) expect(row.enriched_at!.getTime()).toBeGreaterThan(Date.parse(before.get(row.id)!));
    const added = await db().selectFrom("links").select("enriched_at").where("id", "=", newcomer!.id).executeTakeFirstOrThrow();
    // One job at a time: the user's new link went first.
    expect(added.enriched_at!.getTime()).toBeLessThan(Math.min(...rows.map((row) => row.enriched_at!.getTime())));
    // Not counted: the meter still says five, and the owner's links were not failed for want of quota.
    expect((await api("GET", "/api/usage", { token: user.token })).body).toMatchObject({ used: 5 });
    const usage = await db().selectFrom("enrichment_usage").select("id").where("user_id", "=", user.id).execute();
    expect(usage).toHaveLength(5);
    const detail = await asAdmin<FailureDetail>("GET", `/api/admin/jobs/failures/${links[0]!.id}`);
    expect(detail.body.job!.logs.map((line) => line.message)).toContain("stored over the previous result (not counted)");
    expect((await jobAudit("job.reenrich", `user=${await emailOf(user.id)} engine=local`))[0]).toMatchObject({ actor_id: admin.id, after: { queued: 5 } });
  });
});

describe("who may call the jobs API", () => {
  const calls: Array<[string, string, unknown?]> = [
    ["GET", "/api/admin/jobs/stats"],
    ["GET", "/api/admin/jobs/failures"],
    ["GET", `/api/admin/jobs/failures/${crypto.randomUUID()}`],
    ["POST", `/api/admin/jobs/failures/${crypto.randomUUID()}/retry`],
    ["POST", "/api/admin/jobs/retry", { dryRun: true }],
    ["POST", "/api/admin/jobs/remove", { id: "x" }],
    ["POST", "/api/admin/jobs/promote", { id: "x" }],
    ["POST", "/api/admin/jobs/queues/enrich-link/pause"],
    ["POST", "/api/admin/jobs/queues/enrich-link/resume"],
    ["POST", "/api/admin/jobs/reenrich", { engine: "local", dryRun: true }],
    ["GET", "/api/admin/jobs/workers"],
  ];

  it("refuses every call without a session (401) and for every role but Admin (403)", async () => {
    const roles = await Promise.all((["FreeUser", "LiteUser", "ProUser"] as const).map(async (role) => ({ role, ...(await signUpAs(api, role)) })));
    for (const [method, path, body] of calls) {
      const anonymous = await api<{ message: string }>(method, path, { body });
      expect(anonymous.status, `${method} ${path} without a session`).toBe(401);
      expect(anonymous.body.message).toEqual(expect.any(String));
      for (const { role, token } of roles) {
        const refused = await api<{ message: string }>(method, path, { token, body });
        expect(refused.status, `${method} ${path} as ${role}`).toBe(403);
        expect(refused.body).toEqual({ message: "Only admins can do this." });
      }
    }
    // Nothing was paused by the refused calls.
    const stats = await asAdmin<JobsStats>("GET", "/api/admin/jobs/stats");
    expect(stats.body.queues.every((q) => !q.paused)).toBe(true);
  });
});
