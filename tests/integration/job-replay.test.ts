import { describe, expect, it } from "vitest";
import { failurePage, retryFailures } from "~/server/jobs-console/replay.server";
import { queueStats } from "~/server/jobs-console/operations.server";
import { REENRICH_PRIORITY, getQueue } from "~/server/jobs/queue.server";
import { reconcilePendingLinks } from "~/server/links/links.server";
import { db } from "~/server/platform/db.server";
import type { Role } from "~/server/platform/db-schema.server";

// The replay services on their own: no worker runs in this file, so jobs stay where they are put.
const actor = { id: null, label: "test" };
let users = 0;

async function user(role: Role = "ProUser", packCredits = 0) {
  return db()
    .insertInto("users")
    .values({ email: `replay${++users}-${Date.now()}@example.com`, password_hash: "x", role, pack_credits: packCredits })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
}

async function failed(userId: string, url: string, reason: string, failedAt = new Date()) {
  return db()
    .insertInto("links")
    .values({ user_id: userId, url, normalized_url: url, status: "error", error: reason, updated_at: failedAt })
    .returning("id")
    .executeTakeFirstOrThrow();
}

describe("the failures view", () => {
  it("filters by domain with its subdomains, and pages newest first", async () => {
    const owner = await user();
    const now = Date.now();
    const rows = [
      await failed(owner.id, "https://example.org/a", "X", new Date(now - 1_000)),
      await failed(owner.id, "https://docs.example.org:8443/b", "X", new Date(now - 2_000)),
      await failed(owner.id, "https://notexample.org/c", "X", new Date(now - 3_000)),
      await failed(owner.id, "https://example.org.evil.test/d", "X", new Date(now - 4_000)),
    ];
    const page = await failurePage({ user: owner.id, domain: "example.org" });
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.id, item.domain])).toEqual([
      [rows[0]!.id, "example.org"],
      [rows[1]!.id, "docs.example.org"],
    ]);

    const first = await failurePage({ user: owner.email }, { limit: 3 });
    expect(first.items.map((item) => item.id)).toEqual(rows.slice(0, 3).map((row) => row.id));
    const second = await failurePage({ user: owner.email }, { limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((item) => item.id)).toEqual([rows[3]!.id]);
    expect(second.nextCursor).toBeNull();
    expect((await failurePage({ user: owner.id, since: new Date(now - 2_500) })).total).toBe(2);
    expect((await failurePage({ user: owner.id, until: new Date(now - 2_500) })).total).toBe(2);
  });
});

describe("the reason filter", () => {
  it("matches any part of the reason in any case, wildcards as plain text; the page and retry-all alike", async () => {
    const owner = await user();
    const notFound = await failed(owner.id, "https://example.com/gone", "The page answered 404 Not Found");
    const timedOut = await failed(owner.id, "https://example.com/slow", "The page did not answer in 15 s (timed out)");
    const odd = await failed(owner.id, "https://example.com/odd", "100% of 4_04 bytes");
    const ids = async (reason: string) => (await failurePage({ user: owner.id, reason })).items.map((item) => item.id);

    expect(await ids("404")).toEqual([notFound.id]);
    expect(await ids("not FOUND")).toEqual([notFound.id]);
    expect(await ids("TIMED OUT")).toEqual([timedOut.id]);
    // "_" and "%" are characters here, not LIKE's wildcards (as those, both would find "404").
    expect(await ids("0% OF 4_0")).toEqual([odd.id]);
    expect(await ids("4_4")).toEqual([]);
    expect(await ids("4%4")).toEqual([]);
    expect(await retryFailures({ filter: { user: owner.id, reason: "404" }, actor, dryRun: true })).toMatchObject({ matched: 1, queued: 1 });
  });

  it("lists the reasons there are, with counts, when the reason matched nothing", async () => {
    const owner = await user();
    for (let i = 0; i < 2; i++) await failed(owner.id, `https://example.com/nf/${i}`, "The page answered 404 Not Found");
    await failed(owner.id, "https://example.com/slow", "The page did not answer in time");
    const expected = [
      { reason: "The page answered 404 Not Found", count: 2 },
      { reason: "The page did not answer in time", count: 1 },
    ];

    const page = await failurePage({ user: owner.id, reason: "410 Gone" });
    expect(page).toMatchObject({ total: 0, groups: [], otherReasons: expected });
    const dry = await retryFailures({ filter: { user: owner.id, reason: "410 Gone" }, actor, dryRun: true });
    expect(dry).toEqual({ matched: 0, queued: 0, skipped: { alreadyQueued: 0, noEnrichmentLeft: 0 }, more: false, dryRun: true, otherReasons: expected });
    // Not when something matched, nor without a reason filter.
    expect((await failurePage({ user: owner.id, reason: "404" })).otherReasons).toBeUndefined();
    expect(await failurePage({ user: crypto.randomUUID() })).not.toHaveProperty("otherReasons");
  });
});

describe("retry-all", () => {
  it("skips owners with nothing left this month, as their own retry would be refused", async () => {
    const spent = await user("FreeUser");
    const withCredit = await user("FreeUser", 1);
    for (const owner of [spent, withCredit]) {
      for (let i = 0; i < 5; i++) await db().insertInto("enrichment_usage").values({ user_id: owner.id, kind: "link", source: "allowance" }).execute();
    }
    const reason = `Quota case ${Date.now()}`;
    const blocked = await failed(spent.id, "https://example.com/blocked", reason);
    const allowed = await failed(withCredit.id, "https://example.com/allowed", reason);

    const result = await retryFailures({ filter: { reason }, actor });
    expect(result).toEqual({ matched: 2, queued: 1, skipped: { alreadyQueued: 0, noEnrichmentLeft: 1 }, more: false, dryRun: false });
    const statuses = await db().selectFrom("links").select(["id", "status"]).where("id", "in", [blocked.id, allowed.id]).execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [blocked.id]: "error", [allowed.id]: "pending" });
    expect(await getQueue("enrich-link").getJobState(allowed.id)).toBe("prioritized");
    expect(await getQueue("enrich-link").getJobState(blocked.id)).toBe("unknown");
  });

  it("stops at the limit and says there is more", async () => {
    const owner = await user();
    const reason = `Limit case ${Date.now()}`;
    for (let i = 0; i < 3; i++) await failed(owner.id, `https://example.com/limit/${i}`, reason);
    expect(await retryFailures({ filter: { reason }, actor, limit: 2 })).toMatchObject({ matched: 2, queued: 2, more: true });
    expect(await retryFailures({ filter: { reason }, actor, limit: 2 })).toMatchObject({ matched: 1, queued: 1, more: false });
  });
});

describe("the reconciler", () => {
  it("queues a re-enrichment whose job was lost again, at the re-enrichment priority", async () => {
    const owner = await user();
    const link = await db()
      .insertInto("links")
      .values({
        user_id: owner.id,
        url: "https://example.com/lost",
        normalized_url: "https://example.com/lost",
        status: "enriched",
        enrichment_engine: "local/extractive-v1",
        enriched_at: new Date(Date.now() - 86_400_000),
        reenrich_requested_at: new Date(Date.now() - 60_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await reconcilePendingLinks(1_000)).toBeGreaterThanOrEqual(1);
    const job = await getQueue("enrich-link").getJob(link.id);
    expect(job?.priority).toBe(REENRICH_PRIORITY);
    // A second pass finds the job live and adds nothing for it.
    await reconcilePendingLinks(1_000);
    expect((await getQueue("enrich-link").getJob(link.id))?.timestamp).toBe(job!.timestamp);
  });
});

describe("queue stats", () => {
  it("find the job that has waited longest, whatever its priority", async () => {
    const queue = getQueue("enrich-task");
    await queue.pause();
    try {
      // Oldest first: a low-priority job, then a plain one, then a high-priority one.
      await queue.add("enrich-task", { artifactId: crypto.randomUUID() }, { jobId: "oldest", priority: 50, timestamp: Date.now() - 60_000 });
      await queue.add("enrich-task", { artifactId: crypto.randomUUID() }, { jobId: "plain", timestamp: Date.now() - 30_000 });
      await queue.add("enrich-task", { artifactId: crypto.randomUUID() }, { jobId: "urgent", priority: 1 });
      const stats = await queueStats("enrich-task");
      expect(stats.paused).toBe(true);
      expect(stats.counts).toMatchObject({ waiting: 1, prioritized: 2 });
      expect(stats.oldestWaiting).toMatchObject({ id: "oldest" });
      expect(stats.oldestWaiting!.ageMs).toBeGreaterThanOrEqual(60_000);
    } finally {
      await queue.resume();
    }
  });
});
