import { redis, whenReady } from "../platform/redis.server";
import { getQueue } from "./queue.server";
import { QUEUE_NAMES, type QueueName } from "../platform/queue-names.server";

/** The states an operator watches: work not started yet, running, waiting to run again, failed. */
export const DEPTH_STATES = ["waiting", "prioritized", "active", "delayed", "failed"] as const;
export type DepthState = (typeof DEPTH_STATES)[number];

export type QueueDepth = Record<DepthState, number>;

/** How many jobs each queue holds in each state (one round trip per queue, run together). */
export async function queueDepths(): Promise<Record<QueueName, QueueDepth>> {
  await whenReady(redis());
  const entries = await Promise.all(
    QUEUE_NAMES.map(async (name) => {
      const counts = await getQueue(name).getJobCounts(...DEPTH_STATES);
      const depth = Object.fromEntries(DEPTH_STATES.map((state) => [state, counts[state] ?? 0])) as QueueDepth;
      return [name, depth] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<QueueName, QueueDepth>;
}

/**
 * Worker processes consuming each queue right now: BullMQ names each worker's connection after
 * its queue, so Redis's client list tells. Null where Redis refuses CLIENT LIST (some managed
 * services do).
 */
export async function queueWorkerCounts(): Promise<Record<QueueName, number> | null> {
  await whenReady(redis());
  const entries = await Promise.all(
    QUEUE_NAMES.map(async (name) => {
      const workers = await getQueue(name).getWorkers();
      // BullMQ's stand-in answer when the client list is refused.
      if (workers.length === 1 && !("addr" in workers[0]!)) return null;
      return [name, workers.length] as const;
    }),
  );
  if (entries.some((entry) => entry === null)) return null;
  return Object.fromEntries(entries as Array<readonly [QueueName, number]>) as Record<QueueName, number>;
}
