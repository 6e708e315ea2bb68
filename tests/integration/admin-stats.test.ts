import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { adminStats } from "~/server/admin/stats.server";
import { getQueue, QUEUES } from "~/server/jobs/queue.server";
import { db } from "~/server/platform/db.server";
import type { Role } from "~/server/platform/db-schema.server";
import { redis, whenReady } from "~/server/platform/redis.server";

// The figures against rows whose times are known: the windows end at a fixed moment, so the
// UTC day, the month, the last 7 days and the last 24 hours have exact edges to test.
const NOW = new Date("2030-01-15T12:00:00Z");
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAY_START = new Date("2030-01-15T00:00:00Z");

async function user(role: Role, createdAt: Date, { confirmed = true, active = true } = {}): Promise<string> {
  const row = await db()
    .insertInto("users")
    .values({ email: `${randomUUID()}@stats.test`, password_hash: "x", role, email_confirmed: confirmed, is_active: active, created_at: createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function link(userId: string, createdAt: Date, status: "pending" | "enriched" | "error" = "enriched", updatedAt = createdAt): Promise<string> {
  const url = `https://example.com/${randomUUID()}`;
  const row = await db()
    .insertInto("links")
    .values({ user_id: userId, url, normalized_url: url, status, created_at: createdAt, updated_at: updatedAt, saved_at: createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function artifact(linkId: string, userId: string, kind: "quiz" | "course" | "advanced", status: "ready" | "error", updatedAt: Date) {
  await db().insertInto("link_artifacts").values({ link_id: linkId, user_id: userId, kind, status, updated_at: updatedAt, created_at: updatedAt }).execute();
}

async function usage(userId: string, createdAt: Date, provider: string | null, model: string | null) {
  await db().insertInto("enrichment_usage").values({ user_id: userId, link_id: null, kind: "link", source: "unlimited", provider, model, created_at: createdAt }).execute();
}

beforeAll(async () => {
  await user("FreeUser", at(-HOUR), { confirmed: false }); // new, unconfirmed but not for a week yet
  await user("FreeUser", at(-10 * DAY), { confirmed: false }); // unconfirmed for over a week
  await user("FreeUser", at(-30 * DAY), { confirmed: false, active: false }); // deactivated (not counted as unconfirmed)
  const scout = await user("LiteUser", at(-2 * DAY)); // new
  await user("ProUser", at(-8 * DAY));
  await user("ProUser", at(-7 * DAY + HOUR), { confirmed: false }); // new, six days and 23 hours old
  await user("Admin", at(-100 * DAY));

  const first = await link(scout, at(-HOUR)); // today
  await link(scout, new Date(DAY_START.getTime() + MINUTE)); // today, just after midnight
  await link(scout, new Date(DAY_START.getTime() - MINUTE), "error", at(-2 * HOUR)); // yesterday; failed within 24 h
  await link(scout, at(-3 * DAY), "error", at(-25 * HOUR)); // failed before the window
  await link(scout, at(-40 * DAY));

  await artifact(first, scout, "quiz", "error", at(-HOUR)); // failed within 24 h
  await artifact(first, scout, "course", "ready", at(-HOUR));
  await artifact(first, scout, "advanced", "error", at(-2 * DAY));

  await usage(scout, at(-HOUR), "local", "extractive-v1"); // today
  await usage(scout, new Date(DAY_START.getTime() + 2 * MINUTE), "local", "extractive-v1"); // today
  await usage(scout, at(-13 * HOUR), "openai", "gpt-4o-mini"); // yesterday, within 24 h
  await usage(scout, new Date("2030-01-02T08:00:00Z"), "openai", "gpt-4o-mini"); // this month
  await usage(scout, new Date("2029-12-31T23:59:00Z"), "local", "extractive-v1"); // last month
  await usage(scout, at(-3 * DAY), null, null); // from before engines were recorded

  // No worker runs in this file: jobs stay where they were put.
  await whenReady(redis());
  await getQueue(QUEUES.enrichLink).add("enrich-link", { linkId: randomUUID() });
  await getQueue(QUEUES.enrichLink).add("enrich-link", { linkId: randomUUID() });
  await getQueue(QUEUES.enrichTask).add("enrich-task", { artifactId: randomUUID() }, { delay: 60_000 });
  // A user's import and bulk action wait too: they are users' work as much as a saved link.
  await getQueue(QUEUES.import).add("import-save", { importId: randomUUID() });
  await getQueue(QUEUES.bulk).add("bulk-run", { operationId: randomUUID() });

  // One worker beating now, one that stopped beating a day ago.
  for (const [id, beat] of [["live", sql<Date>`now()`], ["gone", sql<Date>`now() - interval '1 day'`]] as const) {
    await db()
      .insertInto("worker_heartbeats")
      .values({ worker_id: id, hostname: "test", pid: 1, started_at: new Date(), last_beat_at: beat })
      .execute();
  }
});

describe("the admin stats", () => {
  it("count users by role, the week's new ones and those needing attention", async () => {
    const stats = await adminStats({ now: NOW });
    expect(stats.users).toEqual({
      total: 7,
      byRole: { FreeUser: 3, LiteUser: 1, ProUser: 2, Admin: 1 },
      newThisWeek: 3,
      unconfirmedOverWeek: 1,
      deactivated: 1,
    });
  });

  it("count links saved since the UTC day began, and all links", async () => {
    expect((await adminStats({ now: NOW })).links).toEqual({ today: 2, total: 5 });
  });

  it("count enrichments today and this month by engine", async () => {
    expect((await adminStats({ now: NOW })).enrichments).toEqual({
      today: 2,
      thisMonth: 5,
      byEngine: [
        { engine: "local/extractive-v1", today: 2, thisMonth: 2 },
        { engine: "openai/gpt-4o-mini", today: 0, thisMonth: 2 },
        { engine: "unrecorded", today: 0, thisMonth: 1 },
      ],
    });
  });

  it("count failures of the last 24 hours and the failure rate", async () => {
    // Two failures (a link, a quiz) against three counted enrichments in the window.
    expect((await adminStats({ now: NOW })).failures).toEqual({ last24h: 2, links: 1, results: 1, succeeded: 3, rate: 0.4 });
  });

  it("report queue depth and live workers", async () => {
    const stats = await adminStats({ now: NOW });
    expect(stats.queues).toEqual([
      { name: "enrich-link", waiting: 2, active: 0, delayed: 0, failed: 0 },
      { name: "enrich-task", waiting: 0, active: 0, delayed: 1, failed: 0 },
      { name: "import", waiting: 1, active: 0, delayed: 0, failed: 0 },
      { name: "bulk", waiting: 1, active: 0, delayed: 0, failed: 0 },
      { name: "render", waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: "render-background", waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: "webhook-delivery", waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: "feed-poll", waiting: 0, active: 0, delayed: 0, failed: 0 },
    ]);
    expect(stats.workers).toEqual({ live: 1 });
  });

  it("say where each window starts", async () => {
    expect((await adminStats({ now: NOW })).periods).toEqual({
      dayStart: "2030-01-15T00:00:00.000Z",
      monthStart: "2030-01-01T00:00:00.000Z",
      weekStart: "2030-01-08T12:00:00.000Z",
      last24hStart: "2030-01-14T12:00:00.000Z",
    });
  });

  it("answer with no rate when nothing ran in the window", async () => {
    const quiet = await adminStats({ now: new Date("2031-06-01T00:00:00Z") });
    expect(quiet.failures).toEqual({ last24h: 0, links: 0, results: 0, succeeded: 0, rate: null });
    expect(quiet.links).toEqual({ today: 0, total: 5 });
    expect(quiet.enrichments).toEqual({ today: 0, thisMonth: 0, byEngine: [] });
  });
});
