import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import type { PlanRole } from "~/lib/entitlements";
import type { LinkStatus } from "~/lib/vocabulary";
import { db } from "~/server/platform/db.server";
import { startPageServer } from "./page-server";
import { runEntry } from "./processes";
import { apiClient, startWebServer, type JsonResponse } from "./web-server";

type Api = <T = Record<string, unknown>>(
  method: string,
  path: string,
  options?: { body?: unknown; token?: string; headers?: Record<string, string> },
) => Promise<JsonResponse<T>>;

export interface LinkBody {
  id: string;
  url: string;
  status: LinkStatus;
  error: string | null;
  title: string | null;
  description: string | null;
  favicon: string | null;
  tags: string[];
  summary?: string | null;
  category?: string | null;
  codeSnippets?: Array<{ language: string; code: string }>;
  enrichedAt: string | null;
}

/** Polls GET /api/links/{id} until the link leaves `pending`. */
export async function waitForLink(api: Api, token: string, id: string, timeoutMs = 30_000): Promise<LinkBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api<LinkBody>("GET", `/api/links/${id}`, { token });
    expect(response.status).toBe(200);
    if (response.body.status !== "pending") return response.body;
    if (Date.now() > deadline) throw new Error(`link ${id} still pending after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Environment shared by the in-process web server and the worker processes of a pipeline test. */
export function pipelineEnv(allowHost: string): Record<string, string> {
  return {
    FETCH_ALLOWLIST: allowHost,
    // Loopback pages answer at once, but a busy machine's answer can take seconds: a test of a slow
    // page sets a shorter timeout of its own (link-pipeline, page-limits).
    FETCH_TIMEOUT_MS: "10000",
    JOB_BACKOFF_MS: "100",
    RECONCILE_INTERVAL_MS: "500",
    RECONCILE_AFTER_MS: "1000",
    // The production default. A shorter lock ran healthy jobs twice on a loaded machine (a renewal
    // came late, the job looked stalled): a render's second run took its parse from the cache and
    // stored "cache" as the link's fetch method. A test of taking over a killed worker's job sets
    // a short one itself (pipeline-resilience).
    WORKER_LOCK_MS: "30000",
    HEARTBEAT_INTERVAL_MS: "3600000",
  };
}

/**
 * The whole pipeline for a test file: pages on loopback, the web server in this process and
 * a real worker process. `workerEnv` adds to the worker's environment only, `webEnv` to the web
 * server's. Its worker may take
 * up to 90 s to start on a busy machine: call it from a beforeAll with a 120 s timeout, not the
 * config's 60 s (the hook would give up before the start did).
 */
export async function startPipeline(
  routes: Parameters<typeof startPageServer>[0],
  { workerEnv = {}, webEnv = {} }: { workerEnv?: Record<string, string>; webEnv?: Record<string, string> } = {},
) {
  const pages = await startPageServer(routes);
  const env = pipelineEnv(pages.host);
  const web = await startWebServer({ ...env, ...webEnv });
  const api = apiClient(web.baseUrl);
  const worker = runEntry("worker/index.ts", { ...env, ...workerEnv, LOG_LEVEL: "info" });
  // A busy machine can take a while to start a worker.
  await worker.waitFor(/worker: ready/, 90_000);
  return {
    pages,
    web,
    api,
    worker,
    async stop() {
      worker.child.kill("SIGTERM");
      await worker.exited();
      await web.close();
      await pages.close();
    },
  };
}

let signUps = 0;

/** A new account through the API, given a role directly in the database (as checkout would). */
export async function signUpAs(api: Api, role: PlanRole) {
  const email = `user${++signUps}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const response = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
  if (role !== "FreeUser") await db().updateTable("users").set({ role }).where("id", "=", response.body.user.id).execute();
  return { token: response.body.token, id: response.body.user.id };
}
