import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import type { Role } from "~/server/platform/db-schema.server";
import { runEntry, type RunningProcess } from "../helpers/processes";
import { apiClient } from "../helpers/web-server";

// Two web servers as operators run them (`npm run web`), on the same Postgres and Redis. Each
// keeps its copy of the flags for ten minutes, so only the change announced on Redis can make
// B follow a save made through A within a second.
const CACHE_MS = "600000";
let processes: RunningProcess[] = [];
let a: ReturnType<typeof apiClient>;
let b: ReturnType<typeof apiClient>;

async function startWeb(): Promise<ReturnType<typeof apiClient>> {
  const web = runEntry("scripts/web.ts", {
    PORT: "0",
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    SESSION_SECRET: "integration-test-secret-0123456789abcdef",
    FEATURE_FLAGS_CACHE_MS: CACHE_MS,
  });
  processes.push(web);
  await web.waitFor(/web: listening on http:\/\/[^:]+:(\d+)/);
  const port = /web: listening on http:\/\/[^:]+:(\d+)/.exec(web.output())![1];
  return apiClient(`http://127.0.0.1:${port}`);
}

beforeAll(async () => {
  [a, b] = await Promise.all([startWeb(), startWeb()]);
});

afterAll(async () => {
  for (const web of processes) web.child.kill("SIGTERM");
  await Promise.all(processes.map((web) => web.exited()));
  processes = [];
});

let n = 0;
async function signUp(role: Role) {
  const r = await a<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email: `prop${++n}-${Date.now()}@example.com`, password: "secret-pass" } });
  expect(r.status).toBe(201);
  await db().updateTable("users").set({ role }).where("id", "=", r.body.user.id).execute();
  return r.body.token;
}

/** Polls `check` until it returns true; returns how long that took, or throws after `limitMs`. */
async function timeUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not reached within ${limitMs} ms`);
    await sleep(20);
  }
}

describe("a flag change reaches every process", () => {
  it("a save through web A changes web B's answers within a second, both ways", async () => {
    const admin = await signUp("Admin");
    const creator = await signUp("ProUser");
    // A missing link: 404 while the quiz is allowed (the gate runs first), 403 once it is not.
    const quizOnB = () => b("POST", `/api/links/${crypto.randomUUID()}/quiz`, { token: creator, body: {} });
    // B reads (and caches) the table with the quiz on.
    expect((await quizOnB()).status).toBe(404);

    const off = await a("PUT", "/api/admin/feature-flags", { token: admin, body: { flags: { quizGenerator: { ProUser: false } } } });
    expect(off.status).toBe(200);
    const offAfter = await timeUntil(async () => (await quizOnB()).status === 403, 5_000);
    expect(offAfter).toBeLessThan(1_000);
    expect((await quizOnB()).body).toEqual({ message: "Quiz generator is switched off for now by the operator." });

    const on = await a("PUT", "/api/admin/feature-flags", { token: admin, body: { flags: { quizGenerator: { ProUser: true } } } });
    expect(on.status).toBe(200);
    const onAfter = await timeUntil(async () => (await quizOnB()).status === 404, 5_000);
    expect(onAfter).toBeLessThan(1_000);

    // The proof that B caches, and followed the announcement rather than Postgres: a row
    // changed behind the service's back (no announcement) is not seen until the cache expires.
    await db().updateTable("feature_flags").set({ enabled: false }).where("feature_key", "=", "quizGenerator").where("role", "=", "ProUser").execute();
    expect((await quizOnB()).status).toBe(404);
    expect((await a("GET", "/api/admin/feature-flags", { token: admin })).body).toMatchObject({ flags: { quizGenerator: { ProUser: false } } });
  });
});
