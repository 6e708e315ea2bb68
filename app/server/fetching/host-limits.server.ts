import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";
import type { WorkLane } from "~/lib/vocabulary";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { redis, whenReady } from "../platform/redis.server";

/**
 * Politeness towards the sites we fetch, shared by every worker process through Redis:
 * - at most CRAWLER_HOST_CONCURRENCY requests in flight per host: a semaphore of leases, each
 *   with an expiry, so a worker that dies mid-fetch frees its slot when the lease runs out;
 * - a host that answered 429 or 503 with Retry-After gets a "not before" time, capped at
 *   CRAWLER_RETRY_AFTER_MAX_MS, and nobody fetches from it until then.
 * A job that finds no slot waits a little in the worker (CRAWLER_WAIT_MS), then steps aside:
 * it throws HostDeferral and the worker delays it without spending an attempt.
 */

/** Why a job waits: the host is busy with our other requests, or the host asked us to wait. */
export type DeferralKind = "busy" | "asked";

/** The job should come back in `waitMs`; not a failure, and not the job's fault. */
export class HostDeferral extends Error {
  override name = "HostDeferral";

  constructor(
    readonly waitMs: number,
    readonly kind: DeferralKind,
    message: string,
  ) {
    super(message);
  }
}

/** How many times a job stepped aside so far, by kind (kept in its data by the worker). */
export interface Deferrals {
  busy: number;
  asked: number;
}

/** A busy host can make a job step aside this many times (waits of up to a minute) before it fails. */
export const MAX_BUSY_DEFERRALS = 100;

/** The deferrals recorded in a job's data (`deferrals`), zero when none. */
export function deferralsOf(data: unknown): Deferrals {
  const raw = (data as { deferrals?: Partial<Deferrals> } | null)?.deferrals;
  const count = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0);
  return { busy: count(raw?.busy), asked: count(raw?.asked) };
}

/** The job's data with one more deferral of `kind`. */
export function withDeferral(data: unknown, kind: DeferralKind): Record<string, unknown> {
  const deferrals = deferralsOf(data);
  deferrals[kind]++;
  return { ...(data as Record<string, unknown>), deferrals };
}

/**
 * The job has waited long enough: one more deferral would pass the limit, so it fails with a
 * reason a person can read (the caller records it on the link).
 */
export function deferralLimitReason(deferrals: Deferrals, kind: DeferralKind): string | undefined {
  if (kind === "asked" && deferrals.asked >= env().CRAWLER_MAX_DEFERRALS) {
    return `The site kept asking us to come back later (429/503 with Retry-After); we waited ${deferrals.asked} times and gave up`;
  }
  if (kind === "busy" && deferrals.busy >= MAX_BUSY_DEFERRALS) {
    return "The site stayed busy with our other requests for too long; try again later";
  }
  return undefined;
}

/** A busy host: come back after a short while that grows with each wait (up to a minute), jittered. */
export function busyDelayMs(busyDeferrals: number): number {
  const base = Math.min(60_000, 500 * 2 ** Math.min(busyDeferrals, 7));
  return Math.round(base / 2 + Math.random() * (base / 2));
}

const key = (host: string, part: "slots" | "not-before" | "waiting") => `${env().REDIS_PREFIX}:crawler:host:${host.toLowerCase()}:${part}`;

/**
 * KEYS: slots (sorted set of lease tokens scored by expiry), not-before, interactive waiters
 * (sorted set of tokens scored by expiry). ARGV: limit, lease ms, token, 1 for an interactive
 * request (else 0), waiter ms. Returns {1} with a slot, {0, wait ms, 1} while the host asked us to
 * wait, {0, 0, 0} when every slot is taken. A background request (an import's) takes no slot while
 * an interactive one waits for this host: a person's link gets the next slot that frees. An
 * interactive waiter counts for `waiter ms` after its last try, so one that gave up or died holds
 * the background ones back no longer than that. Redis's clock, so workers on several machines agree.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local notBefore = tonumber(redis.call('GET', KEYS[2]) or '0')
if notBefore > now then return {0, notBefore - now, 1} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local interactive = ARGV[4] == '1'
local free = redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1])
if free and (interactive or redis.call('ZCARD', KEYS[3]) == 0) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  if interactive then redis.call('ZREM', KEYS[3], ARGV[3]) end
  return {1, 0, 0}
end
if interactive then
  redis.call('ZADD', KEYS[3], now + tonumber(ARGV[5]), ARGV[3])
  redis.call('PEXPIRE', KEYS[3], ARGV[5])
end
return {0, 0, 0}
`;

/** KEYS: not-before. ARGV: wait ms. Keeps the later of the stored time and now + wait. */
const HOLD = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local at = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current >= at then return current - now end
redis.call('SET', KEYS[1], at, 'PX', ARGV[1])
return tonumber(ARGV[1])
`;

type HostClient = Redis & {
  linkwiseHostAcquire(slots: string, notBefore: string, waiting: string, limit: number, leaseMs: number, token: string, interactive: 0 | 1, waiterMs: number): Promise<[number, number, number]>;
  linkwiseHostHold(notBefore: string, waitMs: number): Promise<number>;
};
const defined = new WeakSet<Redis>();

async function client(): Promise<HostClient> {
  const connection = await whenReady(redis(), 2_000);
  if (!defined.has(connection)) {
    connection.defineCommand("linkwiseHostAcquire", { numberOfKeys: 3, lua: ACQUIRE });
    connection.defineCommand("linkwiseHostHold", { numberOfKeys: 1, lua: HOLD });
    defined.add(connection);
  }
  return connection as HostClient;
}

/** A lease outlives the longest fetch (its time limit, or a page's in the headless browser) by a margin, then frees itself. */
const leaseMs = () => Math.max(env().FETCH_TIMEOUT_MS, env().CRAWLER_BROWSER_TIMEOUT_MS) + 5_000;

type Attempt = { ok: true; token: string } | { ok: false; waitMs: number; asked: boolean };

/** Whose work it is (~/lib/vocabulary.ts): interactive work goes before background work for host slots and parser threads (decision 033). */
export type { WorkLane };

/** An interactive waiter holds background requests back this long after its last try. */
const WAITER_MS = 1_000;
/** Pauses between tries grow to this: short for a person's link, which must not miss a slot that frees. */
const MAX_PAUSE_MS: Record<WorkLane, number> = { interactive: 20, background: 100 };

async function tryAcquire(host: string, token: string, lane: WorkLane): Promise<Attempt> {
  const [got, waitMs, asked] = await (
    await client()
  ).linkwiseHostAcquire(key(host, "slots"), key(host, "not-before"), key(host, "waiting"), env().CRAWLER_HOST_CONCURRENCY, leaseMs(), token, lane === "interactive" ? 1 : 0, WAITER_MS);
  return got === 1 ? { ok: true, token } : { ok: false, waitMs, asked: asked === 1 };
}

async function release(host: string, token: string): Promise<void> {
  try {
    await (await client()).zrem(key(host, "slots"), token);
  } catch (error) {
    // The lease expires by itself.
    log.warn("could not free a host slot; its lease will expire", { host, error });
  }
}

/**
 * Runs `fetch` holding one of the host's slots. Waits in the process up to CRAWLER_WAIT_MS for a
 * slot (checking again with growing pauses), then throws HostDeferral. A host that asked us to
 * wait longer than that is not waited for here at all. When Redis cannot be reached the fetch
 * runs anyway (fail open, as the rate limits do): the worker cannot take jobs without Redis long.
 */
export async function withHostSlot<T>(host: string, fetch: () => Promise<T>, lane: WorkLane = "interactive"): Promise<T> {
  const deadline = Date.now() + env().CRAWLER_WAIT_MS;
  const token = randomUUID();
  let pause = 5;
  let attempt: Attempt;
  for (;;) {
    try {
      attempt = await tryAcquire(host, token, lane);
    } catch (error) {
      log.warn("host limits unavailable; fetching without a slot", { host, error });
      return fetch();
    }
    if (attempt.ok) break;
    const left = deadline - Date.now();
    if (attempt.asked && attempt.waitMs > left) {
      throw new HostDeferral(attempt.waitMs + Math.round(Math.random() * 1_000), "asked", `${host} asked us to wait`);
    }
    if (left <= 0) throw new HostDeferral(0, "busy", `${host} is busy with our other requests`);
    await sleep(Math.min(attempt.asked ? attempt.waitMs : pause, left));
    pause = Math.min(pause * 2, MAX_PAUSE_MS[lane]);
  }
  try {
    return await fetch();
  } finally {
    await release(host, attempt.token);
  }
}

/**
 * Records that `host` asked us to come back in `waitMs` (capped at CRAWLER_RETRY_AFTER_MAX_MS);
 * returns the wait every job for that host now honours.
 */
export async function holdHost(host: string, waitMs: number): Promise<number> {
  const capped = Math.max(1, Math.min(Math.round(waitMs), env().CRAWLER_RETRY_AFTER_MAX_MS));
  try {
    return await (await client()).linkwiseHostHold(key(host, "not-before"), capped);
  } catch (error) {
    log.warn("could not record a host's Retry-After", { host, error });
    return capped;
  }
}
