import { createHash, timingSafeEqual } from "node:crypto";
import ipaddr from "ipaddr.js";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { singleton } from "./singleton.server";

/**
 * Every Prometheus series this product exposes, registered once per process (web or worker)
 * in a registry of its own. Label values come from small fixed sets (route ids, queue names,
 * failure classes, HTTP statuses), never from a URL or a message, so the number of series
 * stays bounded however much traffic there is.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
  eventStreams: Gauge;
  jobDuration: Histogram<"queue" | "outcome">;
  jobFailures: Counter<"queue" | "reason">;
  fetchDuration: Histogram<"outcome">;
  fetchBytes: Histogram;
  modelCalls: Counter<"outcome">;
  modelTokens: Counter<"model" | "direction">;
  queueJobs: Gauge<"queue" | "state">;
  /** Where the queue-depth gauge reads from; set by the process (see collectQueueDepthsWith). */
  queueDepthSource?: () => Promise<QueueDepths>;
}

/** How many jobs each queue holds in each state; read on every scrape. */
export type QueueDepths = Record<string, Record<string, number>>;

const METRICS_SINGLETON = "metrics";
const SCRAPE_QUEUE_TIMEOUT_MS = 2_000;

/**
 * Tells the queue-depth gauge where to read from (the jobs room knows the queues; this module
 * knows only metrics). Without a source the gauge stays empty. Kept on the shared metrics
 * object, not in this module: the Remix build has its own copy of the module.
 */
export function collectQueueDepthsWith(source: () => Promise<QueueDepths>): void {
  metrics().queueDepthSource = source;
}

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const self: Metrics = {
    registry,
    httpDuration: new Histogram({
      name: "linkwise_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route pattern (the Remix route id) and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    eventStreams: new Gauge({
      name: "linkwise_event_streams_open",
      help: "Server-sent event streams (GET /api/events) open in this process",
      registers,
    }),
    jobDuration: new Histogram({
      name: "linkwise_job_duration_seconds",
      help: "Time one job attempt ran, by queue and outcome (completed, retry, failed, postponed)",
      labelNames: ["queue", "outcome"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    }),
    jobFailures: new Counter({
      name: "linkwise_job_failures_total",
      help: "Jobs that failed for good, by queue and class of reason (a fetch failure's kind, page, browser, model, payload, ours: platform/failure-classes.server.ts)",
      labelNames: ["queue", "reason"],
      registers,
    }),
    fetchDuration: new Histogram({
      name: "linkwise_fetch_duration_seconds",
      help: "Time to fetch one page, redirects included, by outcome (ok or the kind of failure)",
      labelNames: ["outcome"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    fetchBytes: new Histogram({
      name: "linkwise_fetch_bytes",
      help: "Size of each page fetched, in bytes",
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192].map((kb) => kb * 1024),
      registers,
    }),
    modelCalls: new Counter({
      name: "linkwise_model_calls_total",
      help: "Calls to the model server, by outcome (ok, rate-limited, error)",
      labelNames: ["outcome"],
      registers,
    }),
    modelTokens: new Counter({
      name: "linkwise_model_tokens_total",
      help: "Tokens the model server reported, by model and direction (in: prompt, out: completion)",
      labelNames: ["model", "direction"],
      registers,
    }),
    queueJobs: new Gauge({
      name: "linkwise_queue_jobs",
      help: "Jobs in each queue by state, read from Redis on each scrape (the same in every process: aggregate with max)",
      labelNames: ["queue", "state"],
      registers,
      async collect() {
        this.reset();
        const source = self.queueDepthSource;
        if (!source) return;
        let timer: NodeJS.Timeout | undefined;
        const depths = await Promise.race([
          source().catch(() => undefined),
          new Promise<undefined>((resolve) => {
            timer = setTimeout(() => resolve(undefined), SCRAPE_QUEUE_TIMEOUT_MS);
          }),
        ]);
        clearTimeout(timer);
        // Redis away: no series rather than stale ones.
        for (const [queue, states] of Object.entries(depths ?? {})) {
          for (const [state, count] of Object.entries(states)) this.set({ queue, state }, count);
        }
      },
    }),
  };
  return self;
}

/** This process's metrics; the Express server and the Remix build share one set. */
export function metrics(): Metrics {
  return singleton(METRICS_SINGLETON, create);
}

/** The scrape answer: Prometheus text. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

export function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  // ::ffff:127.0.0.1 (an IPv4 caller on a dual-stack socket) is IPv4 loopback.
  return ipaddr.process(address).range() === "loopback";
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export type MetricsAccess = { ok: true } | { ok: false; status: 401 | 403; message: string };

/**
 * Who may read /metrics. With a token set, only a caller presenting it as a bearer token,
 * wherever it calls from (loopback too: another program on the machine is no proof). Without
 * one, only loopback callers: the address is the socket's, or, behind a trusted proxy, the
 * client's the proxy reports, so a proxy on the same machine does not make the world local.
 */
export function checkMetricsAccess(request: { authorization?: string; address?: string }, token: string | undefined): MetricsAccess {
  if (token) {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? "")?.[1];
    if (presented && timingSafeEqual(digest(presented), digest(token))) return { ok: true };
    return { ok: false, status: 401, message: "Metrics need the bearer token set in METRICS_TOKEN." };
  }
  if (isLoopback(request.address)) return { ok: true };
  return { ok: false, status: 403, message: "Metrics answer only this machine; set METRICS_TOKEN to scrape from elsewhere." };
}
