import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { linkAttempts } from "~/server/jobs/link-attempts.server";
import { attemptLine, logLine } from "~/server/jobs/log-lines.server";
import { getQueue, QUEUES } from "~/server/jobs/queue.server";
import { redis, whenReady } from "~/server/platform/redis.server";

// A link's history of attempts (decision 052): its enrich-link job (id = the link's id) and that job's log.
beforeAll(async () => {
  await whenReady(redis(), 10_000);
});

describe("linkAttempts", () => {
  it("reads each attempt of the link's job from its log: outcome, time and reason, never a stack", async () => {
    const linkId = randomUUID();
    // Delayed: no worker takes it while the test reads it.
    const job = await getQueue(QUEUES.enrichLink).add("enrich-link", { linkId }, { jobId: linkId, delay: 3_600_000 });
    const at = new Date("2026-11-29T01:00:00.000Z");
    await job.log(logLine(attemptLine.started(1, 3), at));
    await job.log(logLine(attemptLine.failed(1, "The page did not answer within 15 seconds"), new Date(at.getTime() + 15_000)));
    await job.log(logLine(attemptLine.started(2, 3), new Date(at.getTime() + 60_000)));
    const history = await linkAttempts(linkId);
    expect(history.kept).toBe(true);
    expect(history.attempts).toEqual([
      { number: 1, startedAt: "2026-11-29T01:00:00.000Z", finishedAt: "2026-11-29T01:00:15.000Z", outcome: "failed", error: "The page did not answer within 15 seconds" },
      { number: 2, startedAt: "2026-11-29T01:01:00.000Z", finishedAt: null, outcome: "running", error: null },
    ]);
    await job.remove();
  });

  it("says the history has gone when the link has no job any more", async () => {
    expect(await linkAttempts(randomUUID())).toEqual({ kept: false, attempts: [] });
  });
});
