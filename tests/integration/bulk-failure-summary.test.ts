import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { normalizeUrl } from "~/lib/links";
import { summarizeBulkFailures, reconcileBulkFailureSummaries } from "~/server/links/bulk.server";
import { db } from "~/server/platform/db.server";
import type { LinkStatus } from "~/server/platform/db-schema.server";
import { env } from "~/server/platform/env.server";

// The "N links could not be enriched" summary of a bulk retry: one per operation, told in the
// transaction that marks the operation told, and told later by the sweep when that failed.

let seeded = 0;

/** A finished bulk retry of links now in the given statuses (failed ones failed after it began). */
async function seedRetry(statuses: LinkStatus[]) {
  const user = await db()
    .insertInto("users")
    .values({ email: `summary-${++seeded}-${Date.now()}@example.com`, password_hash: "x", role: "ProUser" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const linkIds: string[] = [];
  for (const [i, status] of statuses.entries()) {
    const url = `https://example.com/summary/${seeded}/${i}`;
    const link = await db()
      .insertInto("links")
      .values({ user_id: user.id, url, normalized_url: normalizeUrl(url), status, error: status === "error" ? "The page could not be fetched" : null })
      .returning("id")
      .executeTakeFirstOrThrow();
    linkIds.push(link.id);
  }
  const op = await db()
    .insertInto("bulk_operations")
    .values({
      user_id: user.id,
      action: "retry",
      tag: null,
      format: null,
      link_ids: linkIds,
      total: linkIds.length,
      processed: linkIds.length,
      done: linkIds.length,
      status: "done",
      created_at: new Date(Date.now() - 120_000),
      finished_at: new Date(Date.now() - 60_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { userId: user.id, operationId: op.id, linkIds };
}

const summaries = (userId: string) => db().selectFrom("notifications").select(["type", "title"]).where("user_id", "=", userId).where("type", "=", "bulk-failed").execute();
const toldAt = async (operationId: string) =>
  (await db().selectFrom("bulk_operations").select("failures_notified_at").where("id", "=", operationId).executeTakeFirstOrThrow()).failures_notified_at;

/** Backends of this database waiting for a lock while running a statement that matches `query`. */
async function lockWaiters(query: string): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*)::int as count from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query ilike ${query}`.execute(db());
  return result.rows[0]!.count;
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

describe("bulk failure summary", () => {
  it("two summaries that both find the operation untold send one notification", async () => {
    const { userId, operationId } = await seedRetry(["error", "error", "enriched"]);
    // Both checks get past the count before either marks the operation: the row is held until then.
    const holder = new pg.Client({ connectionString: env().DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select 1 from bulk_operations where id = $1 for update", [operationId]);
      const both = Promise.all([summarizeBulkFailures(operationId), summarizeBulkFailures(operationId)]);
      await until("both summaries wait for the operation's row", async () => (await lockWaiters('update "bulk_operations"%')) === 2);
      await holder.query("commit");
      expect((await both).sort()).toEqual([false, true]);
    } finally {
      await holder.end();
    }
    expect(await summaries(userId)).toEqual([{ type: "bulk-failed", title: "2 links could not be enriched" }]);
    expect(await toldAt(operationId)).toBeInstanceOf(Date);
  });

  it("a summary whose notification could not be saved is told by the sweep, once", async () => {
    const { userId, operationId } = await seedRetry(["error", "enriched"]);
    // The notification's insert fails, as it does when Postgres goes away at that moment.
    await sql`create function refuse_summary() returns trigger language plpgsql as $$ begin raise exception 'notifications unavailable'; end $$`.execute(db());
    await sql`create trigger refuse_summary before insert on notifications for each row execute function refuse_summary()`.execute(db());
    try {
      await expect(summarizeBulkFailures(operationId)).rejects.toThrow(/notifications unavailable/);
    } finally {
      await sql`drop trigger refuse_summary on notifications`.execute(db());
      await sql`drop function refuse_summary()`.execute(db());
    }
    expect(await summaries(userId)).toEqual([]);
    expect(await toldAt(operationId)).toBeNull();

    expect(await reconcileBulkFailureSummaries(0)).toBe(1);
    expect(await summaries(userId)).toEqual([{ type: "bulk-failed", title: "1 link could not be enriched" }]);
    // Told: neither the sweep nor a late check tells it again.
    expect(await reconcileBulkFailureSummaries(0)).toBe(0);
    expect(await summarizeBulkFailures(operationId)).toBe(false);
    expect(await summaries(userId)).toHaveLength(1);
  });

  it("the sweep waits for links still pending, and settles an operation with no failure without a notification", async () => {
    const waiting = await seedRetry(["error", "pending"]);
    const clean = await seedRetry(["enriched", "enriched"]);
    expect(await reconcileBulkFailureSummaries(0)).toBe(0);
    expect(await toldAt(waiting.operationId)).toBeNull();
    // Nothing failed: marked all the same, so the sweep never looks at it again.
    expect(await toldAt(clean.operationId)).toBeInstanceOf(Date);
    expect(await summaries(clean.userId)).toEqual([]);

    await db().updateTable("links").set({ status: "error", updated_at: new Date() }).where("id", "=", waiting.linkIds[1]!).execute();
    expect(await reconcileBulkFailureSummaries(0)).toBe(1);
    expect(await summaries(waiting.userId)).toEqual([{ type: "bulk-failed", title: "2 links could not be enriched" }]);
  });

  it("the sweep leaves an operation that finished moments ago to the check its last link makes", async () => {
    const { operationId } = await seedRetry(["error"]);
    await db().updateTable("bulk_operations").set({ finished_at: new Date() }).where("id", "=", operationId).execute();
    expect(await reconcileBulkFailureSummaries(60_000)).toBe(0);
    expect(await toldAt(operationId)).toBeNull();
  });
});
