import { Redis } from "ioredis";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { fixture, html, startPageServer } from "../helpers/page-server";
import { pipelineEnv, waitForLink, type LinkBody } from "../helpers/pipeline";
import { runEntry, type RunningProcess } from "../helpers/processes";
import { apiClient, startWebServer } from "../helpers/web-server";

// Nothing a user added is lost: not when Redis loses every job, not when a worker is
// killed in the middle of one.
let pages: Awaited<ReturnType<typeof startPageServer>>;
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;
let env: Record<string, string>;
const workers: RunningProcess[] = [];

beforeAll(async () => {
  pages = await startPageServer({
    "/a": html(fixture("postgres-indexes.html")),
    "/b": html(fixture("react-hooks.html")),
    "/c": html(fixture("latin1-recipe.html"), "text/html"),
    // Answers after 2.5 s: long enough to kill a worker while it waits.
    "/hold": (req, res) => {
      const timer = setTimeout(() => html(fixture("postgres-indexes.html"))(req, res), 2_500);
      req.socket.on("close", () => clearTimeout(timer));
    },
  });
  // Short job locks: a SIGKILLed worker's job is taken over within seconds.
  env = { ...pipelineEnv(pages.host), FETCH_TIMEOUT_MS: "10000", WORKER_LOCK_MS: "6000", LOG_LEVEL: "info" };
  web = await startWebServer({ ...env, LOG_LEVEL: "warn" });
  api = apiClient(web.baseUrl);
});

afterEach(async () => {
  for (const worker of workers.splice(0)) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGTERM");
    await worker.exited();
  }
});

afterAll(async () => {
  await web?.close();
  await pages?.close();
});

async function startWorker() {
  const worker = runEntry("worker/index.ts", env);
  workers.push(worker);
  await worker.waitFor(/worker: ready/);
  return worker;
}

async function signUp() {
  const email = `resilience-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
  await db().updateTable("users").set({ role: "ProUser" }).where("id", "=", response.body.user.id).execute();
  return response.body.token;
}

describe("pipeline resilience", () => {
  it("enriches every pending link after Redis lost all its jobs, once the reconciler runs", async () => {
    const token = await signUp();
    const ids: string[] = [];
    for (const path of ["/a", "/b", "/c"]) ids.push((await api<LinkBody>("POST", "/api/links", { token, body: { url: pages.url(path) } })).body.id);

    // Every key of this app's namespace gone, as after a Redis flush or a restart without persistence.
    const redis = new Redis(process.env.REDIS_URL!);
    const keys = await redis.keys(`${process.env.REDIS_PREFIX}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    redis.disconnect();

    const worker = await startWorker();
    for (const id of ids) expect((await waitForLink(api, token, id, 20_000)).status).toBe("enriched");
    await worker.waitFor(/reconciler re-enqueued pending links count=3/);
  });

  it("finishes a link exactly once when its worker is SIGKILLed mid-job", async () => {
    const token = await signUp();
    const first = await startWorker();
    const { id } = (await api<LinkBody>("POST", "/api/links", { token, body: { url: pages.url("/hold") } })).body;
    while (pages.hits("/hold") === 0) await sleep(20);

    first.child.kill("SIGKILL");
    expect((await first.exited()).signal).toBe("SIGKILL");
    expect((await api<LinkBody>("GET", `/api/links/${id}`, { token })).body.status).toBe("pending");

    const second = await startWorker();
    // The dead worker's fetch lock runs out first (FETCH_TIMEOUT_MS + PARSE_TIMEOUT_MS + 5 s = 23 s).
    const link = await waitForLink(api, token, id, 45_000);
    expect(link.status).toBe("enriched");
    expect(pages.hits("/hold")).toBe(2);
    const usage = await db().selectFrom("enrichment_usage").select("id").where("link_id", "=", id).execute();
    expect(usage).toHaveLength(1);
    // The log line follows the database write; wait for it rather than read at once.
    await second.waitFor(/link job done .*outcome=enriched/);
  }, 120_000);
});
