import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeUrl } from "~/lib/links";
import { createDb, type DB } from "~/server/platform/db.server";
import { migrateToLatest } from "~/server/ops/migrator.server";
import { startPageServer } from "../helpers/page-server";
import { pipelineEnv } from "../helpers/pipeline";
import { startPostgresServer } from "../helpers/postgres-server";
import { alive, runEntry, type RunningProcess } from "../helpers/processes";
import { until } from "../helpers/wait";

// Postgres goes down at the moment a bulk retry's last link has failed and the worker is saving
// the "N links could not be enriched" notification. Once it is back, the user is told, once.

let postgres: Awaited<ReturnType<typeof startPostgresServer>>;
let pages: Awaited<ReturnType<typeof startPageServer>>;
let db: Kysely<DB>;
let worker: RunningProcess;

beforeAll(async () => {
  postgres = await startPostgresServer();
  db = createDb(postgres.url, 2);
  await migrateToLatest(db);
  // No routes: every page is a 404, a failure on the first attempt.
  pages = await startPageServer({});
  worker = runEntry("worker/index.ts", { ...pipelineEnv(pages.host), DATABASE_URL: postgres.url, LOG_LEVEL: "info" });
  await worker.waitFor(/worker: ready/, 90_000);
}, 120_000);

afterAll(async () => {
  if (worker && alive(worker)) worker.child.kill("SIGTERM");
  await worker?.exited();
  await db?.destroy();
  await pages?.close();
  await postgres?.destroy();
});

describe("a Postgres outage as a bulk retry ends", () => {
  it("tells the user that links could not be enriched once Postgres is back, exactly once", async () => {
    const user = await db.insertInto("users").values({ email: `summary-outage-${Date.now()}@example.com`, password_hash: "x", role: "ProUser" }).returning("id").executeTakeFirstOrThrow();
    const linkIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const url = pages.url(`/gone/${i}`);
      const link = await db
        .insertInto("links")
        .values({ user_id: user.id, url, normalized_url: normalizeUrl(url), status: "error", error: "The page could not be fetched" })
        .returning("id")
        .executeTakeFirstOrThrow();
      linkIds.push(link.id);
    }
    const summaries = () => db.selectFrom("notifications").select(["type", "title"]).where("user_id", "=", user.id).where("type", "=", "bulk-failed").execute();

    // Notifications can be read but not written: the worker's summary waits on this lock, and
    // the shutdown below ends it mid-insert.
    const holder = new pg.Client({ connectionString: postgres.url });
    holder.on("error", () => undefined);
    await holder.connect();
    await holder.query("begin");
    await holder.query("lock table notifications in share mode");

    // The retry as POST /api/links/bulk saves it, its job lost: the worker's reconciler runs it.
    const operation = await db
      .insertInto("bulk_operations")
      .values({ user_id: user.id, action: "retry", tag: null, format: null, link_ids: linkIds, total: linkIds.length, updated_at: new Date(Date.now() - 60_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await until(
      "every link of the retry has failed again",
      async () => {
        const rows = await db.selectFrom("links").select("status").where("id", "in", linkIds).execute();
        return rows.every((row) => row.status === "error") && (await db.selectFrom("bulk_operations").select("status").where("id", "=", operation.id).executeTakeFirst())?.status === "done"
          ? true
          : undefined;
      },
    );
    await until("the worker is saving the summary", async () => {
      const waiting = await sql<{ count: number }>`
        select count(*)::int as count from pg_stat_activity
        where wait_event_type = 'Lock' and query ilike 'insert into "notifications"%'`.execute(db);
      return waiting.rows[0]!.count > 0 ? true : undefined;
    });
    await postgres.stop();
    await holder.end().catch(() => undefined);
    await postgres.start();

    const told = await until("the summary is told", async () => {
      const rows = await summaries();
      return rows.length > 0 ? rows : undefined;
    });
    expect(told).toEqual([{ type: "bulk-failed", title: "3 links could not be enriched" }]);
    const row = await db.selectFrom("bulk_operations").select("failures_notified_at").where("id", "=", operation.id).executeTakeFirstOrThrow();
    expect(row.failures_notified_at).toBeInstanceOf(Date);
    // Told by the reconciler: nothing else looks at a finished retry again.
    await worker.waitFor(/reconciler sent bulk failure summaries/);

    // A later reconciler pass (it re-queues a stray pending link) tells nothing more.
    const stray = await db
      .insertInto("links")
      .values({ user_id: user.id, url: pages.url("/stray"), normalized_url: normalizeUrl(pages.url("/stray")), status: "pending", updated_at: new Date(Date.now() - 60_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await until("the reconciler has run again", async () => {
      const row = await db.selectFrom("links").select("status").where("id", "=", stray.id).executeTakeFirstOrThrow();
      return row.status === "error" ? true : undefined;
    });
    expect(await summaries()).toHaveLength(1);
    expect(alive(worker), `worker exited:\n${worker.output()}`).toBe(true);
  });
});
