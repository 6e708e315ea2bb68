import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { startFakeOpenAi } from "../helpers/fake-openai";
import { fixture, html, startPageServer } from "../helpers/page-server";
import { pipelineEnv, signUpAs, waitForLink, type LinkBody } from "../helpers/pipeline";
import { runEntry, type RunningProcess } from "../helpers/processes";
import { apiClient, startWebServer } from "../helpers/web-server";

// Both processes' Prometheus endpoints, as a scraper sees them: who may read them, and the
// series they show after real traffic through the pipeline (a worker on an OpenAI-compatible
// model on loopback).
const TOKEN = "metrics-token-0123456789";

let pages: Awaited<ReturnType<typeof startPageServer>>;
let model: Awaited<ReturnType<typeof startFakeOpenAi>>;
let web: Awaited<ReturnType<typeof startWebServer>>;
let guarded: Awaited<ReturnType<typeof startGuardedWeb>>;
let worker: RunningProcess;
let workerPort: number;
let api: ReturnType<typeof apiClient>;

/** A second web server in this process, with a token. */
async function startGuardedWeb() {
  const { env } = await import("~/server/platform/env.server");
  const { createWebServer } = await import("~/server/web/web.server");
  const server = await createWebServer({ ...env(), METRICS_TOKEN: TOKEN });
  const { port } = await server.listen();
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => server.close() };
}

beforeAll(async () => {
  pages = await startPageServer({ "/postgres": html(fixture("postgres-indexes.html")) });
  model = await startFakeOpenAi(() => ({ json: { summary: "Indexes, explained.", tags: ["postgres"], suggestedTags: [], category: "programming" } }));
  const env = pipelineEnv(pages.host);
  // No token on the first web server; a trusted proxy's X-Forwarded-For names the caller.
  web = await startWebServer({ ...env, TRUST_PROXY: "true" });
  guarded = await startGuardedWeb();
  api = apiClient(web.baseUrl);
  workerPort = await freePort();
  worker = runEntry("worker/index.ts", {
    ...env,
    LOG_LEVEL: "info",
    WORKER_METRICS_PORT: String(workerPort),
    METRICS_TOKEN: TOKEN,
    ENRICHMENT_PROVIDER: "openai",
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: "test-model",
    OPENAI_MAX_RETRIES: "0",
  });
  await worker.waitFor(/worker: ready/);
}, 120_000);

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await worker?.exited();
  await guarded?.close();
  await web?.close();
  await model?.close();
  await pages?.close();
});

async function scrape(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

/** The value of one series (name and labels exactly as Prometheus text writes them), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("who may read /metrics", () => {
  it("web without METRICS_TOKEN: answers loopback callers, refuses others with 403", async () => {
    const local = await scrape(`${web.baseUrl}/metrics`);
    expect(local.status).toBe(200);
    expect(local.type).toBe("text/plain; version=0.0.4; charset=utf-8");

    const remote = await scrape(`${web.baseUrl}/metrics`, { "X-Forwarded-For": "203.0.113.7" });
    expect(remote.status).toBe(403);
    expect(JSON.parse(remote.text).message).toMatch(/METRICS_TOKEN/);
    expect(remote.text).not.toMatch(/linkwise_/);
  });

  it("web with METRICS_TOKEN: 401 without the bearer token or with a wrong one, loopback included", async () => {
    const none = await fetch(`${guarded.baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await scrape(`${guarded.baseUrl}/metrics`, { Authorization: "Bearer not-the-token-at-all" })).status).toBe(401);
    const right = await scrape(`${guarded.baseUrl}/metrics`, { Authorization: `Bearer ${TOKEN}` });
    expect(right.status).toBe(200);
    expect(right.text).toMatch(/^# HELP linkwise_http_request_duration_seconds /m);
  });

  it("worker with METRICS_TOKEN: 401 without it, 200 with it; its liveness answers anyone", async () => {
    const base = `http://127.0.0.1:${workerPort}`;
    expect((await scrape(`${base}/metrics`)).status).toBe(401);
    expect((await scrape(`${base}/metrics`, { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await scrape(`${base}/metrics`, { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", redis: "ready", queues: ["system", "enrich-link", "enrich-task", "import", "bulk", "render", "render-background", "webhook-delivery", "feed-poll"] });
    expect((await fetch(`${base}/nothing-here`)).status).toBe(404);
  });
});

describe("the series after real traffic", () => {
  it("web: request durations by route pattern and status, open event streams, queue depth, process metrics", async () => {
    const { token } = await signUpAs(api, "ProUser");
    const added = await api<LinkBody>("POST", "/api/links", { token, body: { url: pages.url("/postgres") } });
    expect(added.status).toBe(201);
    await waitForLink(api, token, added.body.id);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await api("GET", `/api/links/${missing}`, { token })).status).toBe(404);

    const events = new AbortController();
    const stream = await fetch(`${web.baseUrl}/api/events`, { headers: { Authorization: `Bearer ${token}` }, signal: events.signal });
    expect(stream.status).toBe(200);
    await stream.body!.getReader().read();

    const open = (await scrape(`${web.baseUrl}/metrics`)).text;
    expect(sample(open, "linkwise_event_streams_open")).toBe(1);
    expect(sample(open, 'linkwise_http_request_duration_seconds_count{method="POST",route="routes/api.links",status="201"}')).toBe(1);
    expect(sample(open, 'linkwise_http_request_duration_seconds_count{method="GET",route="routes/api.links.$id",status="404"}')).toBe(1);
    // The pattern, never the address: no link id, no user id.
    expect(open).not.toContain(missing);
    expect(open).not.toContain(added.body.id);
    // The stream is counted by the gauge, not timed.
    expect(open).not.toMatch(/route="routes\/api\.events"/);
    expect(sample(open, 'linkwise_queue_jobs{queue="enrich-link",state="waiting"}')).toBe(0);
    expect(sample(open, 'linkwise_queue_jobs{queue="enrich-task",state="failed"}')).toBe(0);
    expect(open).toMatch(/^process_cpu_user_seconds_total /m);
    expect(open).toMatch(/^nodejs_heap_size_used_bytes /m);

    events.abort();
    // The server sees the client leave by the request's abort, or at the latest when its next
    // keepalive (every 25 s) fails to write; a full-suite run once missed the first within 10 s.
    await expect.poll(async () => sample((await scrape(`${web.baseUrl}/metrics`)).text, "linkwise_event_streams_open"), { timeout: 40_000 }).toBe(0);
  });

  it("worker: job durations by queue and outcome, fetch time and bytes, failures by class of reason, model tokens", async () => {
    const { token } = await signUpAs(api, "ProUser");
    const gone = await api<LinkBody>("POST", "/api/links", { token, body: { url: pages.url("/no-such-page") } });
    expect((await waitForLink(api, token, gone.body.id)).error).toBe("The page answered 404 Not Found");

    // The link shows its failure a moment before the worker finishes the job and counts it.
    const workerMetrics = async () => (await scrape(`http://127.0.0.1:${workerPort}/metrics`, { Authorization: `Bearer ${TOKEN}` })).text;
    await expect.poll(async () => sample(await workerMetrics(), 'linkwise_job_duration_seconds_count{queue="enrich-link",outcome="failed"}'), { timeout: 10_000 }).toBe(1);
    const text = await workerMetrics();
    // One enriched by the test above, one refused here.
    expect(sample(text, 'linkwise_job_duration_seconds_count{queue="enrich-link",outcome="completed"}')).toBe(1);
    expect(sample(text, 'linkwise_job_duration_seconds_count{queue="enrich-link",outcome="failed"}')).toBe(1);
    expect(sample(text, 'linkwise_job_failures_total{queue="enrich-link",reason="fetch-http-status"}')).toBe(1);
    expect(sample(text, 'linkwise_fetch_duration_seconds_count{outcome="ok"}')).toBe(1);
    expect(sample(text, 'linkwise_fetch_duration_seconds_count{outcome="http-status"}')).toBe(1);
    expect(sample(text, "linkwise_fetch_bytes_count")).toBe(1);
    expect(sample(text, "linkwise_fetch_bytes_sum")).toBe(fixture("postgres-indexes.html").length);
    expect(sample(text, 'linkwise_model_calls_total{outcome="ok"}')).toBe(model.requests.length);
    expect(sample(text, 'linkwise_model_tokens_total{model="test-model",direction="out"}')).toBe(20 * model.requests.length);
    expect(sample(text, 'linkwise_model_tokens_total{model="test-model",direction="in"}')).toBeGreaterThanOrEqual(100);
    expect(text).toMatch(/^linkwise_queue_jobs\{queue="system",state="active"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
  });

  it("/api/status keeps its shape and adds each queue's jobs and the workers consuming it", async () => {
    const response = await api<Record<string, unknown>>("GET", "/api/status");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "ok", down: [], postgres: { ok: true }, redis: { ok: true }, workers: 1 });
    const depth = { waiting: expect.any(Number), prioritized: expect.any(Number), active: expect.any(Number), delayed: expect.any(Number), failed: expect.any(Number) };
    expect(response.body.queues).toEqual({
      system: { ...depth, workers: 1 },
      "enrich-link": { ...depth, failed: 1, workers: 1 },
      "enrich-task": { ...depth, workers: 1 },
      import: { ...depth, workers: 1 },
      bulk: { ...depth, workers: 1 },
      render: { ...depth, workers: 1 },
      "render-background": { ...depth, workers: 1 },
      "webhook-delivery": { ...depth, workers: 1 },
      "feed-poll": { ...depth, workers: 1 },
    });
  });
});
