import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import type { JsonResponse } from "./web-server";

type Api = <T = Record<string, unknown>>(
  method: string,
  path: string,
  options?: { body?: unknown; token?: string; headers?: Record<string, string> },
) => Promise<JsonResponse<T>>;

export interface LinkBody {
  id: string;
  url: string;
  status: "pending" | "enriched" | "error";
  error: string | null;
  title: string | null;
  description: string | null;
  favicon: string | null;
  tags: string[];
  summary?: string | null;
  codeSnippets?: Array<{ language: string; code: string }>;
  enrichedAt: string | null;
}

/** Polls GET /api/links/{id} until the link leaves `pending`. */
export async function waitForLink(api: Api, token: string, id: string, timeoutMs = 15_000): Promise<LinkBody> {
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
    FETCH_TIMEOUT_MS: "1000",
    JOB_BACKOFF_MS: "100",
    RECONCILE_INTERVAL_MS: "500",
    RECONCILE_AFTER_MS: "1000",
    WORKER_LOCK_MS: "2000",
    HEARTBEAT_INTERVAL_MS: "3600000",
  };
}
