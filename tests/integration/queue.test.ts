import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { enqueueEnrichLink, getQueue, hasLiveEnrichJob, QUEUES } from "~/server/jobs/queue.server";

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
});
