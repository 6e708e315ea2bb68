import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getQueue, QUEUES } from "~/server/jobs/queue.server";
import { startFakeOpenAi } from "../helpers/fake-openai";
import { fixture, html, startPageServer } from "../helpers/page-server";
import { pipelineEnv, signUpAs, waitForLink, type LinkBody } from "../helpers/pipeline";
import { runEntry, type RunningProcess } from "../helpers/processes";
import { apiClient, startWebServer } from "../helpers/web-server";

// The model's rate limits, against an OpenAI-compatible server on loopback: a 429 puts the job
// back for as long as Retry-After says without spending one of its attempts, and
// LLM_RATE_LIMIT_PER_MINUTE caps how many model jobs start per minute.
const enrichment = { summary: "Indexes, explained.", tags: ["postgres"], suggestedTags: [], category: "programming" };

let pages: Awaited<ReturnType<typeof startPageServer>>;
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;
let model: Awaited<ReturnType<typeof startFakeOpenAi>>;
/** How many requests the model refuses next, with a 429. */
let refuseNext = 0;
const seenAt: number[] = [];
const workers: RunningProcess[] = [];

beforeAll(async () => {
  pages = await startPageServer({ "/postgres": html(fixture("postgres-indexes.html")) });
  web = await startWebServer(pipelineEnv(pages.host));
  api = apiClient(web.baseUrl);
  model = await startFakeOpenAi(() => {
    seenAt.push(Date.now());
    if (refuseNext > 0) {
      refuseNext--;
      return { status: 429, error: "Rate limit reached for requests", headers: { "retry-after": "1" } };
    }
    return { json: enrichment };
  });
});

/** Kills the workers still running: one a failed test left would take the next test's jobs. */
async function killWorkers() {
  for (const worker of workers) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
    await worker.exited();
  }
}

afterEach(killWorkers);

afterAll(async () => {
  await killWorkers();
  await web?.close();
  await model?.close();
  await pages?.close();
});

async function startWorker(rateLimitPerMinute: number) {
  const worker = runEntry("worker/index.ts", {
    ...pipelineEnv(pages.host),
    LOG_LEVEL: "info",
    ENRICHMENT_PROVIDER: "openai",
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: "test-model",
    // Our own handling of the 429, not the SDK's retries.
    OPENAI_MAX_RETRIES: "0",
    LLM_RATE_LIMIT_PER_MINUTE: String(rateLimitPerMinute),
  });
  workers.push(worker);
  await worker.waitFor(/worker: ready/);
  return worker;
}

async function stop(worker: RunningProcess) {
  worker.child.kill("SIGTERM");
  expect(await worker.exited()).toEqual({ code: 0, signal: null });
}

describe("the model's rate limits", () => {
  it("puts a job back after a 429 for Retry-After, without spending an attempt, however many 429s there are", async () => {
    const worker = await startWorker(600);
    expect(worker.output()).toMatch(/worker: ready .*modelRateLimit=600\/min/);
    const { token } = await signUpAs(api, "ProUser");
    // More refusals than the job has attempts (3): spending one on each would fail the link.
    refuseNext = 4;
    const added = await api<LinkBody>("POST", "/api/links", { token, body: { url: pages.url("/postgres") } });
    const link = await waitForLink(api, token, added.body.id, 40_000);

    expect(link).toMatchObject({ status: "enriched", error: null });
    expect(model.requests).toHaveLength(5);
    // Each try after a refusal waited the second Retry-After asked for.
    for (let i = 1; i < seenAt.length; i++) expect(seenAt[i]! - seenAt[i - 1]!).toBeGreaterThanOrEqual(950);
    expect(worker.output().match(/model server asked us to slow down/g)).toHaveLength(4);
    const job = await getQueue(QUEUES.enrichLink).getJob(link.id);
    expect(job?.attemptsMade).toBeLessThanOrEqual(1);
    await stop(worker);
  });

  it("starts no more model jobs a minute than LLM_RATE_LIMIT_PER_MINUTE, across the queue", async () => {
    // The first test's starts would count against this limit within the same minute.
    await getQueue(QUEUES.enrichLink).removeRateLimitKey();
    const worker = await startWorker(2);
    const before = model.requests.length;
    const { token } = await signUpAs(api, "ProUser");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api<LinkBody>("POST", "/api/links", { token, body: { url: pages.url(`/postgres?copy=${i}`) } })).body.id);

    const done = await Promise.all(ids.slice(0, 2).map((id) => waitForLink(api, token, id)));
    expect(done.map((link) => link.status)).toEqual(["enriched", "enriched"]);
    // The third waits for the next minute: still pending, its job not started, the model not asked.
    const third = await api<LinkBody>("GET", `/api/links/${ids[2]}`, { token });
    expect(third.body.status).toBe("pending");
    // Paid plans' jobs wait in the prioritized set.
    expect(["waiting", "prioritized"]).toContain(await getQueue(QUEUES.enrichLink).getJobState(ids[2]!));
    expect(model.requests.length - before).toBe(2);
    await stop(worker);
  });
});
