import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { IMPORT_PRIORITY_BASE, IMPORT_ROUND_SIZE, importPriorities, noteImportRoundServed, resetImportRoundsIfDrained } from "~/server/jobs/import-fairness.server";
import { enqueueImportEnrich, getQueue, QUEUES } from "~/server/jobs/queue.server";

// No worker runs in this file: jobs stay in the order BullMQ will hand them out.
const entries = (userId: string, count: number) => Array.from({ length: count }, () => ({ linkId: randomUUID(), importId: null, userId }));

async function takeOrder(): Promise<string[]> {
  const jobs = await getQueue(QUEUES.import).getPrioritized(0, -1);
  return jobs.map((job) => job.id!);
}

describe("fair shares on the import queue", () => {
  it("a second user's small import is taken within the first round, not after the first user's 100 links", async () => {
    const big = entries(randomUUID(), 100);
    const small = entries(randomUUID(), 10);
    expect(await enqueueImportEnrich(big)).toBe(100);
    expect(await enqueueImportEnrich(small)).toBe(10);
    const order = await takeOrder();
    const positions = small.map((entry) => order.indexOf(`enrich-${entry.linkId}`));
    expect(Math.min(...positions)).toBeGreaterThanOrEqual(0);
    // Round 0 holds the first user's first 25 and the second user's 10.
    expect(Math.max(...positions)).toBeLessThan(IMPORT_ROUND_SIZE + small.length);
    // Each user's own links keep their order.
    const bigPositions = big.map((entry) => order.indexOf(`enrich-${entry.linkId}`));
    expect(bigPositions).toEqual([...bigPositions].sort((a, b) => a - b));
  });

  it("a user's links continue their own rounds, and a newcomer joins the round being served", async () => {
    const first = randomUUID();
    expect(await importPriorities(first, 60)).toEqual([
      ...Array<number>(25).fill(IMPORT_PRIORITY_BASE),
      ...Array<number>(25).fill(IMPORT_PRIORITY_BASE + 1),
      ...Array<number>(10).fill(IMPORT_PRIORITY_BASE + 2),
    ]);
    expect(await importPriorities(first, 20)).toEqual([...Array<number>(15).fill(IMPORT_PRIORITY_BASE + 2), ...Array<number>(5).fill(IMPORT_PRIORITY_BASE + 3)]);
    // The worker has reached round 1: a newcomer starts there, not at round 0 ahead of everyone.
    await noteImportRoundServed(IMPORT_PRIORITY_BASE + 1);
    await noteImportRoundServed(IMPORT_PRIORITY_BASE);
    expect(await importPriorities(randomUUID(), 3)).toEqual(Array<number>(3).fill(IMPORT_PRIORITY_BASE + 1));
    // A user whose lane fell behind the round being served starts again from it.
    await noteImportRoundServed(IMPORT_PRIORITY_BASE + 7);
    expect(await importPriorities(first, 2)).toEqual(Array<number>(2).fill(IMPORT_PRIORITY_BASE + 7));
  });

  it("the rounds start again from 0 only when nothing waits", async () => {
    await noteImportRoundServed(IMPORT_PRIORITY_BASE + 50);
    expect(await resetImportRoundsIfDrained(3, 10)).toBe(false);
    expect(await resetImportRoundsIfDrained(0, 10)).toBe(true);
    expect(await importPriorities(randomUUID(), 1)).toEqual([IMPORT_PRIORITY_BASE]);
  });
});
