import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DB } from "~/server/platform/db.server";
import { migrateToLatest } from "~/server/ops/migrator.server";
import { freePort } from "../../scripts/lib/free-port";
import { fixture, html, startPageServer } from "../helpers/page-server";
import { pipelineEnv } from "../helpers/pipeline";
import { startPostgresServer } from "../helpers/postgres-server";
import { alive, runEntry, type RunningProcess } from "../helpers/processes";
import { until } from "../helpers/wait";
import { apiClient } from "../helpers/web-server";

// A Postgres restart with a 10-second outage, under 20 clients adding links: the web server
// and the worker ride it out on their own, adds answer 503 while it lasts, nothing is lost.
const CLIENTS = 20;
const OUTAGE_MS = 10_000;

let postgres: Awaited<ReturnType<typeof startPostgresServer>>;
let pages: Awaited<ReturnType<typeof startPageServer>>;
let db: Kysely<DB>;
let web: RunningProcess;
let worker: RunningProcess;
let baseUrl: string;
// Pages answer only once Postgres is going down, so the worker holds links mid-job through it.
let releasePages: () => void;
const pagesReleased = new Promise<void>((resolve) => (releasePages = resolve));

beforeAll(async () => {
  postgres = await startPostgresServer();
  db = createDb(postgres.url, 2);
  await migrateToLatest(db);
  const page = html(fixture("postgres-indexes.html"));
  pages = await startPageServer({ "/page": (req, res) => void pagesReleased.then(() => page(req, res)) });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...pipelineEnv(pages.host),
    FETCH_TIMEOUT_MS: "20000",
    DATABASE_URL: postgres.url,
    HEARTBEAT_INTERVAL_MS: "1000",
    NODE_ENV: "production",
    SESSION_SECRET: "integration-test-secret-0123456789abcdef",
    LOG_LEVEL: "warn",
  };
  web = runEntry("scripts/web.ts", { ...env, PORT: String(port), HOST: "127.0.0.1" });
  worker = runEntry("worker/index.ts", { ...env, LOG_LEVEL: "info" });
  await worker.waitFor(/worker: ready/);
  await until("the web server answers", async () => ((await fetch(`${baseUrl}/api/status`)).status === 200 ? true : undefined));
}, 120_000);

afterAll(async () => {
  for (const process of [web, worker]) {
    if (process && alive(process)) process.child.kill("SIGTERM");
    await process?.exited();
  }
  await db?.destroy();
  await pages?.close();
  await postgres?.destroy();
});

interface Attempt {
  status: number;
  retryAfter: string | null;
  message?: string;
  id?: string;
}

describe("a Postgres restart under load", () => {
  it("keeps both processes up, answers adds with 503 while it lasts and enriches every saved link", async () => {
    const api = apiClient(baseUrl);
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `outage-${i}-${Date.now()}@example.com`;
      const response = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
      expect(response.status).toBe(201);
      await db.updateTable("users").set({ role: "ProUser" }).where("id", "=", response.body.user.id).execute();
      tokens.push(response.body.token);
    }

    const attempts: Attempt[] = [];
    let sent = 0;
    let running = true;
    const client = async (n: number) => {
      while (running) {
        const url = `${pages.url("/page")}?n=${++sent}`;
        const attempt = await fetch(`${baseUrl}/api/links`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${tokens[n % tokens.length]}` },
          body: JSON.stringify({ url }),
        }).then(
          async (response): Promise<Attempt> => {
            const body = (await response.json()) as { id?: string; message?: string };
            return { status: response.status, retryAfter: response.headers.get("retry-after"), message: body.message, id: body.id };
          },
          (): Attempt => ({ status: 0, retryAfter: null }),
        );
        attempts.push(attempt);
        // Pacing, so twenty clients do not starve the shared test machine.
        await sleep(20);
      }
    };
    const load = Array.from({ length: CLIENTS }, (_, n) => client(n));
    const saved = () => attempts.filter((a) => a.status === 201).length;

    await until("links are being saved", async () => (saved() >= CLIENTS ? true : undefined));
    await postgres.stop();
    releasePages();
    const savedBeforeOutage = saved();
    // A page answers with a clear 503 too, not a crash or a 500.
    const page = await fetch(`${baseUrl}/dashboard`, { headers: { Authorization: `Bearer ${tokens[0]}` } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("briefly unavailable");
    await sleep(OUTAGE_MS);
    await postgres.start();
    const restartedAt = new Date();
    expect(alive(web), `web exited:\n${web.output()}`).toBe(true);
    expect(alive(worker), `worker exited:\n${worker.output()}`).toBe(true);
    await until("links are saved again", async () => (saved() > savedBeforeOutage ? true : undefined));
    running = false;
    await Promise.all(load);

    const statuses = new Set(attempts.map((a) => a.status));
    expect([...statuses].sort()).toEqual([201, 503]);
    for (const attempt of attempts.filter((a) => a.status === 503)) {
      expect(attempt.retryAfter).toMatch(/^\d+$/);
      expect(attempt.message).toMatch(/briefly unavailable/);
    }

    // Every saved link gets enriched, including any whose 503 came after the row was committed.
    const createdIds = attempts.filter((a) => a.status === 201).map((a) => a.id!);
    await until(
      "every saved link is enriched",
      async () => {
        const rows = await db.selectFrom("links").select(["id", "status"]).execute();
        return rows.every((row) => row.status === "enriched") ? rows : undefined;
      },
      45_000,
    ).then((rows) => expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining(createdIds)));
    // The links caught mid-job waited out the outage without spending an attempt on it.
    expect(worker.output()).not.toMatch(/job failed queue=enrich-link/);

    // The reconciler still works: a link left pending with no job is picked up again.
    const [stray] = createdIds;
    const strayAt = new Date();
    await db.updateTable("links").set({ status: "pending", updated_at: new Date(Date.now() - 60_000) }).where("id", "=", stray!).execute();
    await until("the reconciler re-enqueues a stray pending link", async () => {
      const row = await db.selectFrom("links").select(["status", "enriched_at"]).where("id", "=", stray!).executeTakeFirstOrThrow();
      return row.status === "enriched" && row.enriched_at! > strayAt ? true : undefined;
    });

    // Heartbeats resume and the status page is healthy again.
    await until("the worker beats again", async () => {
      const beats = await db.selectFrom("worker_heartbeats").select("last_beat_at").where("pid", "=", worker.child.pid!).execute();
      return beats.some((beat) => beat.last_beat_at > restartedAt) ? true : undefined;
    });
    const status = await fetch(`${baseUrl}/api/status`);
    expect(status.status).toBe(200);
    expect(alive(web) && alive(worker)).toBe(true);
  });

  it("lets the migrator wait for a Postgres that is still starting", async () => {
    await postgres.stop();
    const migrate = runEntry("scripts/migrate.ts", { DATABASE_URL: postgres.url });
    await migrate.waitFor(/Waiting for Postgres/);
    await postgres.start();
    expect(await migrate.exited()).toEqual({ code: 0, signal: null });
    expect(migrate.output()).toMatch(/schema is up to date/);
  });
});
