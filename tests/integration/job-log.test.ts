import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getQueue, QUEUES } from "~/server/jobs/queue.server";
import { parseLogLine } from "~/server/jobs/log-lines.server";
import { redis, whenReady } from "~/server/platform/redis.server";
import { until } from "../helpers/wait";
import { flushJobLog, sendJobLogsOn, stepLogger, writeJobLog } from "../../worker/job-log-writer";

// The worker's job log (worker/job-log-writer.ts): lines written while a job runs go to Redis together.
let connection: Redis;
const queue = () => getQueue(QUEUES.system);
const messages = async (id: string) => (await queue().getJobLogs(id, 0, -1)).logs.map((line) => parseLogLine(line).message);

beforeAll(async () => {
  connection = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  sendJobLogsOn(connection);
  await whenReady(redis(), 10_000);
});
afterAll(async () => {
  await connection.quit();
});

describe("a job's log", () => {
  it("sends the lines of an attempt in one call, in order, each with the time it was written", async () => {
    const job = await queue().add("job-log-test", {}, { delay: 3_600_000 });
    const calls = vi.spyOn(connection as unknown as { addJobLogLines: (...args: string[]) => Promise<number> }, "addJobLogLines");
    const step = stepLogger(job);
    writeJobLog(job, "attempt 1 of 1 started");
    for (const message of ["fetched", "parsed", "enriched", "icon stored", "stored"]) step(message);
    writeJobLog(job, "attempt 1 succeeded: enriched");
    await flushJobLog(job);
    expect(calls).toHaveBeenCalledTimes(1);
    calls.mockRestore();
    expect(await messages(job.id!)).toEqual(["attempt 1 of 1 started", "fetched", "parsed", "enriched", "icon stored", "stored", "attempt 1 succeeded: enriched"]);
    const stamps = (await queue().getJobLogs(job.id!, 0, -1)).logs.map((line) => parseLogLine(line).at);
    expect(stamps.every((at) => at !== null && Math.abs(Date.parse(at) - Date.now()) < 60_000)).toBe(true);
    await job.remove();
  });

  it("sends what a long attempt writes on its own, without waiting for the attempt's end", async () => {
    const job = await queue().add("job-log-test", {}, { delay: 3_600_000 });
    writeJobLog(job, "attempt 1 of 1 started");
    stepLogger(job)("1 of 400 links saved");
    expect(await until("the lines arrive", async () => ((await messages(job.id!)).length === 2 ? true : undefined), 5_000)).toBe(true);
    await job.remove();
  });

  it("keeps the job's last keepLogs lines, and writes nothing for a job that is gone", async () => {
    const job = await queue().add("job-log-test", {}, { delay: 3_600_000, keepLogs: 3 });
    for (let i = 1; i <= 5; i++) writeJobLog(job, `line ${i}`);
    await flushJobLog(job);
    expect(await messages(job.id!)).toEqual(["line 3", "line 4", "line 5"]);
    await job.remove();
    writeJobLog(job, "after the job was removed");
    await flushJobLog(job);
    expect(await connection.exists(`${job.queueQualifiedName}:${job.id}:logs`)).toBe(0);
  });
});
