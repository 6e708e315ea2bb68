import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FetchMethod } from "~/lib/vocabulary";
import { db } from "~/server/platform/db.server";
import { QUEUES, getQueue } from "~/server/jobs/queue.server";
import { cacheKey } from "~/server/fetching/fetch-cache.server";
import { fixture } from "../helpers/page-server";
import { pipelineEnv, signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";
import { runEntry, type RunningProcess } from "../helpers/processes";

// Polite and shared fetching (issue 17) through the whole pipeline, with two worker processes:
// at most CRAWLER_HOST_CONCURRENCY requests in flight per host across both, a 429's Retry-After
// honoured by every job for that host without spending an attempt, one fetch for many users
// saving the same page (their summaries still their own), and a stale copy revalidated with 304.
type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
let pipeline: Pipeline;
let second: RunningProcess;

interface Detail extends LinkBody {
  fetchMethod: FetchMethod | null;
  fetchMs: number | null;
  fetchReason: string | null;
}

const page = fixture("react-hooks.html");
const send = (res: ServerResponse, headers: Record<string, string> = {}) => res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers }).end(page);

// /limit/{n}: each answer held a moment, counting how many are in flight at once.
const limit = { inFlight: 0, max: 0 };
function held(_req: IncomingMessage, res: ServerResponse) {
  limit.inFlight++;
  limit.max = Math.max(limit.max, limit.inFlight);
  setTimeout(() => {
    limit.inFlight--;
    send(res);
  }, 150);
}

// /img/page/{n}: a page whose icon and lead image are on the same host; the page, the icon and
// the image are each held a moment, all counted together.
const images = { inFlight: 0, max: 0 };
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
function heldImage(body: Buffer | string, type: string) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    images.inFlight++;
    images.max = Math.max(images.max, images.inFlight);
    setTimeout(() => {
      images.inFlight--;
      res.writeHead(200, { "content-type": type }).end(body);
    }, 150);
  };
}
const withImages = (i: number) =>
  page.toString("utf8").replace(/<link rel="shortcut icon"[^>]*>/, `<link rel="icon" href="/img/icon/${i}.png"><meta property="og:image" content="/img/lead/${i}.png">`);

// Retry-After: the first answer of /ra/first is a 429 asking for 2 s; /ra/second is saved meanwhile.
const times: Record<string, number[]> = {};
const at = (name: string) => (times[name] ??= []).push(Date.now());

// /etag: a page with a validator; a request carrying it gets 304.
const conditional: Array<string | undefined> = [];

beforeAll(async () => {
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    "/ra/first": (_req, res) => {
      at("first");
      if (times.first!.length === 1) return res.writeHead(429, { "retry-after": "2", "content-type": "text/plain" }).end("slow down");
      send(res);
    },
    "/ra/second": (_req, res) => {
      at("second");
      send(res);
    },
    "/ra/forever": (_req, res) => {
      at("forever");
      res.writeHead(503, { "retry-after": "0", "content-type": "text/plain" }).end("down for maintenance");
    },
    "/shared": (_req, res) => send(res, { "cache-control": "public, max-age=60" }),
    "/private": (_req, res) => send(res, { "cache-control": "private, max-age=60" }),
    "/etag": (req, res) => {
      conditional.push(req.headers["if-none-match"]);
      if (req.headers["if-none-match"] === '"v1"') return res.writeHead(304, { etag: '"v1"' }).end();
      send(res, { etag: '"v1"' });
    },
  };
  for (let i = 0; i < 12; i++) routes[`/limit/${i}`] = held;
  for (let i = 0; i < 8; i++) {
    routes[`/img/page/${i}`] = heldImage(withImages(i), "text/html; charset=utf-8");
    routes[`/img/icon/${i}.png`] = heldImage(PNG, "image/png");
    routes[`/img/lead/${i}.png`] = heldImage(PNG, "image/png");
  }
  // A fetch that times out on a loaded machine would be fetched again and counted twice; an icon
  // that waits for a slot past CRAWLER_WAIT_MS (2 s by default) is skipped until the next
  // enrichment, which a loaded machine made happen (the full suite, twice).
  const workerEnv = { CRAWLER_HOST_CONCURRENCY: "2", CRAWLER_MAX_DEFERRALS: "2", WORKER_CONCURRENCY: "8", FETCH_TIMEOUT_MS: "5000", CRAWLER_WAIT_MS: "30000" };
  pipeline = await startPipeline(routes, { workerEnv });
  second = runEntry("worker/index.ts", { ...pipelineEnv(pipeline.pages.host), ...workerEnv, LOG_LEVEL: "info" });
  await second.waitFor(/worker: ready/, 90_000);
}, 120_000);

afterAll(async () => {
  second?.child.kill("SIGTERM");
  await second?.exited();
  await pipeline?.stop();
});

async function save(token: string, path: string): Promise<string> {
  const added = await pipeline.api<LinkBody>("POST", "/api/links", { token, body: { url: pipeline.pages.url(path) } });
  expect(added.status).toBe(201);
  return added.body.id;
}

const detail = (token: string, id: string) => waitForLink(pipeline.api, token, id, 60_000) as Promise<Detail>;

/** The link's job once BullMQ has finished it (the link row is written a moment before). */
async function finishedJob(id: string) {
  for (;;) {
    const state = await getQueue(QUEUES.enrichLink).getJobState(id);
    // Read after the state is final, so the job's counts are the final ones too.
    if (state === "completed" || state === "failed") return (await getQueue(QUEUES.enrichLink).getJob(id))!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("polite fetching", () => {
  it("keeps at most CRAWLER_HOST_CONCURRENCY requests in flight to one host across two workers", async () => {
    const { token } = await signUpAs(pipeline.api, "ProUser");
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => save(token, `/limit/${i}`)));
    const links = await Promise.all(ids.map((id) => detail(token, id)));
    expect(links.map((link) => link.status)).toEqual(Array(12).fill("enriched"));
    // Each page at least once (a fetch that failed on a loaded machine is retried, and counted again).
    for (let i = 0; i < 12; i++) expect(pipeline.pages.hits(`/limit/${i}`)).toBeGreaterThanOrEqual(1);
    // Two workers with 8 jobs each could have sent all twelve at once.
    expect(limit.max).toBe(2);
    expect(links.every((link) => link.fetchMethod === "plain" && link.fetchReason === null && typeof link.fetchMs === "number")).toBe(true);
  });

  it("counts a page's icon and lead image against its host's limit too, and a busy host does not fail the enrichment", async () => {
    const { token } = await signUpAs(pipeline.api, "ProUser");
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => save(token, `/img/page/${i}`)));
    const links = await Promise.all(ids.map((id) => detail(token, id)));
    expect(links.map((link) => link.status)).toEqual(Array(8).fill("enriched"));
    // Every icon and image was asked for (none skipped for good), and never more than two requests at once.
    for (let i = 0; i < 8; i++) expect(pipeline.pages.hits(`/img/icon/${i}.png`) + pipeline.pages.hits(`/img/lead/${i}.png`)).toBeGreaterThanOrEqual(1);
    expect(images.max).toBe(2);
  });

  it("honours a 429's Retry-After for every job of the host, without spending an attempt", async () => {
    const { token } = await signUpAs(pipeline.api, "ProUser");
    const first = await save(token, "/ra/first");
    while (!times.first) await new Promise((resolve) => setImmediate(resolve));
    const second = await save(token, "/ra/second");
    const [one, two] = await Promise.all([detail(token, first), detail(token, second)]);
    expect([one.status, two.status]).toEqual(["enriched", "enriched"]);
    const asked = times.first![0]!;
    // Neither came back before the two seconds the site asked for (a little slack for clocks).
    expect(times.first![1]! - asked).toBeGreaterThanOrEqual(1_900);
    expect(times.second![0]! - asked).toBeGreaterThanOrEqual(1_900);
    const job = await finishedJob(first);
    // One attempt, the one that succeeded; the wait is counted apart.
    expect(job.attemptsMade).toBe(1);
    expect(job.data).toMatchObject({ linkId: first, deferrals: { asked: 1 } });
  });

  it("fails with a reason once a host has asked us to wait CRAWLER_MAX_DEFERRALS times", async () => {
    const { token } = await signUpAs(pipeline.api, "ProUser");
    const link = await detail(token, await save(token, "/ra/forever"));
    expect(link.status).toBe("error");
    expect(link.error).toMatch(/^The site kept asking us to come back later \(429\/503 with Retry-After\); we waited 2 times and gave up$/);
    expect(times.forever).toHaveLength(3);
    const job = await finishedJob(link.id);
    expect(job.attemptsMade).toBe(1);
  });

  it("fetches a page at most twice for many users (stored at its second fetch), and each user's summary stays their own", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => signUpAs(pipeline.api, "ProUser")));
    expect((await pipeline.api("PUT", "/api/preferences", { token: users[0]!.token, body: { summaryLength: "short", language: null, difficulty: "intermediate" } })).status).toBe(200);
    expect((await pipeline.api("PUT", "/api/preferences", { token: users[1]!.token, body: { summaryLength: "long", language: null, difficulty: "intermediate" } })).status).toBe(200);
    // Tracking parameters differ; the page is the same one.
    const ids = await Promise.all(users.map((user, i) => save(user.token, `/shared?utm_source=user${i}`)));
    const links = await Promise.all(users.map((user, i) => detail(user.token, ids[i]!)));
    expect(links.map((link) => link.status)).toEqual(Array(12).fill("enriched"));
    // The first fetch is not stored (most pages are saved once); the second is, and serves the rest.
    expect(pipeline.pages.hits("/shared")).toBe(2);
    expect(links.filter((link) => link.fetchMethod === "plain")).toHaveLength(2);
    const cached = links.filter((link) => link.fetchMethod === "cache");
    expect(cached).toHaveLength(10);
    expect(cached[0]!.fetchReason).toMatch(/^reused the shared fetch cache's copy, fetched /);
    expect(new Set(links.map((link) => link.title))).toEqual(new Set(["A gentle guide to React hooks"]));
    // Results are per user: the short and the long summary were made from the same parse.
    expect(links[0]!.summary!.length).toBeLessThan(links[1]!.summary!.length);
    // And a user sees only their own link.
    expect((await pipeline.api("GET", `/api/links/${ids[1]}`, { token: users[0]!.token })).status).toBe(404);
    const rows = await db().selectFrom("fetch_cache").select(["outcome", "url"]).where("key", "=", cacheKey(pipeline.pages.url("/shared"))).execute();
    expect(rows).toEqual([{ outcome: "ok", url: pipeline.pages.url("/shared") }]);
  });

  it("does not share a page the site marked private", async () => {
    const [a, b] = [await signUpAs(pipeline.api, "ProUser"), await signUpAs(pipeline.api, "ProUser")];
    expect((await detail(a.token, await save(a.token, "/private"))).fetchMethod).toBe("plain");
    expect((await detail(b.token, await save(b.token, "/private"))).fetchMethod).toBe("plain");
    expect(pipeline.pages.hits("/private")).toBe(2);
  });

  it("revalidates a stale copy with If-None-Match; a 304 reuses the stored parse", async () => {
    const [a, b, c] = [await signUpAs(pipeline.api, "ProUser"), await signUpAs(pipeline.api, "ProUser"), await signUpAs(pipeline.api, "ProUser")];
    const first = await detail(a.token, await save(a.token, "/etag"));
    expect(first).toMatchObject({ status: "enriched", fetchMethod: "plain" });
    // Its second fetch stores the parse.
    expect(await detail(c.token, await save(c.token, "/etag"))).toMatchObject({ status: "enriched", fetchMethod: "plain" });
    // The copy's freshness ends (as FETCH_CACHE_TTL_MS would make it).
    await db().updateTable("fetch_cache").set({ fresh_until: new Date(Date.now() - 1_000) }).where("key", "=", cacheKey(pipeline.pages.url("/etag"))).execute();
    const again = await detail(b.token, await save(b.token, "/etag"));
    expect(again).toMatchObject({ status: "enriched", fetchMethod: "cache", title: "A gentle guide to React hooks" });
    expect(again.fetchReason).toMatch(/^revalidated: the site answered 304 Not Modified/);
    expect(conditional).toEqual([undefined, undefined, '"v1"']);
    const entry = await db().selectFrom("fetch_cache").select("fresh_until").where("key", "=", cacheKey(pipeline.pages.url("/etag"))).executeTakeFirstOrThrow();
    expect(entry.fresh_until.getTime()).toBeGreaterThan(Date.now());
  });
});
