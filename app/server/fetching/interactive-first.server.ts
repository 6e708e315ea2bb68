import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";
import type { WorkLane } from "./host-limits.server";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { redis, whenReady } from "../platform/redis.server";

/**
 * While a link a person added is being enriched by any worker process, background work (an
 * import's links, a bulk re-enrichment) pauses at its next step: before its fetch, its parse, its
 * enrichment and its store. Lanes already put a person's link first for host slots and parser
 * threads; this leaves it the CPU too, which two cores share with every background job of every
 * process (decision 033). The links in flight are a sorted set in Redis scored by when their hold
 * ends, so a worker that dies mid-link holds nobody up for longer than HOLD_MS.
 */

/** One person's link holds background work back at most this long, however long its page takes. */
export const HOLD_MS = 3_000;
/** One background step waits at most this long, so a steady stream of added links never starves an import. */
export const MAX_YIELD_MS = 2_000;
/** How often a waiting step looks again; answers are shared within a process for as long. */
const CHECK_MS = 20;

const key = () => `${env().REDIS_PREFIX}:interactive-links`;

let recent: { at: number; busy: Promise<boolean> } | undefined;

/** Whether a person's link is in flight anywhere; unknown (Redis away) counts as no. */
function interactiveInFlight(): Promise<boolean> {
  const now = Date.now();
  if (recent && now - recent.at < CHECK_MS) return recent.busy;
  const busy = whenReady(redis())
    .then((client: Redis) => client.zcount(key(), now, "+inf"))
    .then((count) => count > 0)
    .catch((error: unknown) => {
      log.debug("interactive links unknown; background work goes on", { error });
      return false;
    });
  recent = { at: now, busy };
  return busy;
}

/**
 * Runs a person's link's enrichment with its hold in place. Redis being away only loses the
 * hold: the link itself is enriched all the same.
 */
export async function asInteractive<T>(id: string, work: () => Promise<T>): Promise<T> {
  const holdKey = key();
  let client: Redis | undefined;
  try {
    client = await whenReady(redis());
    const now = Date.now();
    await client.multi().zremrangebyscore(holdKey, "-inf", now).zadd(holdKey, now + HOLD_MS, id).pexpire(holdKey, HOLD_MS).exec();
  } catch (error) {
    client = undefined;
    log.debug("could not hold background work for a link added by hand", { error });
  }
  try {
    return await work();
  } finally {
    await client?.zrem(holdKey, id).catch(() => undefined);
  }
}

/**
 * For a background step: waits while a person's link is in flight (at most MAX_YIELD_MS);
 * returns how long it waited. An interactive step never waits.
 */
export async function yieldToInteractive(lane: WorkLane | undefined): Promise<number> {
  if (lane !== "background") return 0;
  const started = Date.now();
  while (Date.now() - started < MAX_YIELD_MS && (await interactiveInFlight())) await sleep(CHECK_MS);
  return Date.now() - started;
}
