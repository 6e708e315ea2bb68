import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { enqueueEnrichLink, enqueueEnrichTask, getQueue, hasLiveEnrichJob, jobOptions, QUEUES } from "~/server/jobs/queue.server";
import { env } from "~/server/platform/env.server";

// No worker runs in this file: jobs stay where the producer put them.
describe("the enrich-link queue", () => {
  it("uses the link id as the job id, so adding twice keeps one job", async () => {
    const id = randomUUID();
    await enqueueEnrichLink(id, { isNew: true });
    await enqueueEnrichLink(id);
    const queue = getQueue(QUEUES.enrichLink);
    expect((await queue.getJob(id))?.data).toEqual({ linkId: id });
    expect(await queue.getJobCountByTypes("waiting", "prioritized")).toBe(1);
    expect(await hasLiveEnrichJob(id)).toBe(true);
    expect(await hasLiveEnrichJob(randomUUID())).toBe(false);
  });

  it("puts paid plans' links ahead of Free ones (Scout's priority queue)", async () => {
    const free = randomUUID();
    const scout = randomUUID();
    await enqueueEnrichLink(free, { isNew: true, role: "FreeUser" });
    await enqueueEnrichLink(scout, { isNew: true, role: "LiteUser" });
    const queue = getQueue(QUEUES.enrichLink);
    const priority = async (id: string) => (await queue.getJob(id))!.opts.priority;
    expect(await priority(scout)).toBeLessThan((await priority(free))!);
  });

  it("gives every user's job the one retry policy, and keeps finished ones for operators to see", async () => {
    const linkId = randomUUID();
    const artifactId = randomUUID();
    await enqueueEnrichLink(linkId, { isNew: true });
    await enqueueEnrichTask(artifactId);
    const linkJob = (await getQueue(QUEUES.enrichLink).getJob(linkId))!;
    const taskJob = (await getQueue(QUEUES.enrichTask).getJob(artifactId))!;
    for (const job of [linkJob, taskJob]) {
      expect(job.opts.attempts).toBe(3);
      expect(job.opts.backoff).toEqual({ type: "exponential", delay: env().JOB_BACKOFF_MS });
      // Completed jobs stay an hour, failed ones a week (replay needs them).
      expect(job.opts.removeOnComplete).toEqual({ age: 3_600, count: 1_000 });
      expect(job.opts.removeOnFail).toEqual({ age: 7 * 24 * 3_600, count: 5_000 });
    }
    expect(jobOptions("heartbeat").attempts).toBe(1);
  });
});
