import type { Redis } from "ioredis";
import { env } from "../platform/env.server";
import { redis, whenReady } from "../platform/redis.server";

/**
 * Fair shares on the import queue. Without them one user's 10,000-link import would hold every
 * import slot until it was done, and a second user's 50 links would wait behind it. Each user's
 * imported links are dealt into rounds of IMPORT_ROUND_SIZE; a job's BullMQ priority is its round,
 * and the queue serves the lowest first. A user's next links continue their own rounds from the
 * round being served now, so two users' imports interleave round by round, whoever came first.
 */

export const IMPORT_ROUND_SIZE = 25;
/** Below every round: where the rounds start in BullMQ's priorities (1 is the highest). */
export const IMPORT_PRIORITY_BASE = 100;
/** BullMQ's priorities end at 2^21; the rounds start again from 0 when the queue has drained. */
const MAX_ROUND = 2_000_000;
/** A lane nobody added to for a day is forgotten. */
const LANE_TTL_MS = 86_400_000;

const keys = () => {
  const prefix = `${env().REDIS_PREFIX}:import-rounds`;
  return { serving: `${prefix}:serving`, lane: (userId: string) => `${prefix}:lane:${userId}` };
};

// Deals `n` places in a user's lane: starts at the round being served if the lane has fallen
// behind it, fills the lane's current round, then opens the next. Returns where the first went.
const DEAL_SCRIPT = `
local serving = tonumber(redis.call('GET', KEYS[1]) or '0')
local round = tonumber(redis.call('HGET', KEYS[2], 'round') or '-1')
local filled = tonumber(redis.call('HGET', KEYS[2], 'filled') or '0')
if round < serving then round = serving; filled = 0 end
local n, size = tonumber(ARGV[1]), tonumber(ARGV[2])
local total = filled + n
redis.call('HSET', KEYS[2], 'round', round + math.floor(total / size), 'filled', total % size)
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return {round, filled}
`;

// The round being served only moves forward.
const SERVE_SCRIPT = `
local serving = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > serving then redis.call('SET', KEYS[1], ARGV[1]) end
return serving
`;

type FairnessClient = Redis & {
  linkwiseDealRounds(serving: string, lane: string, n: number, size: number, ttlMs: number): Promise<[number, number]>;
  linkwiseServeRound(serving: string, round: number): Promise<number>;
};
const defined = new WeakSet<Redis>();

function withScripts(client: Redis): FairnessClient {
  if (!defined.has(client)) {
    client.defineCommand("linkwiseDealRounds", { numberOfKeys: 2, lua: DEAL_SCRIPT });
    client.defineCommand("linkwiseServeRound", { numberOfKeys: 1, lua: SERVE_SCRIPT });
    defined.add(client);
  }
  return client as FairnessClient;
}

/** The BullMQ priority of each of `count` links a user adds to the import queue, in order. */
export async function importPriorities(userId: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const client = withScripts(await whenReady(redis()));
  const { serving, lane } = keys();
  const [round, filled] = await client.linkwiseDealRounds(serving, lane(userId), count, IMPORT_ROUND_SIZE, LANE_TTL_MS);
  return Array.from({ length: count }, (_, i) => IMPORT_PRIORITY_BASE + Math.min(MAX_ROUND, round + Math.floor((filled + i) / IMPORT_ROUND_SIZE)));
}

/** Called as an import job starts: its round is the one being served now. */
export async function noteImportRoundServed(priority: number | undefined): Promise<void> {
  if (priority === undefined || priority < IMPORT_PRIORITY_BASE) return;
  const client = withScripts(await whenReady(redis()));
  await client.linkwiseServeRound(keys().serving, priority - IMPORT_PRIORITY_BASE);
}

/**
 * Starts the rounds again from 0, with every lane, once they have climbed far and nothing waits
 * (a long-lived deployment would otherwise reach BullMQ's highest priority number).
 */
export async function resetImportRoundsIfDrained(waitingImportJobs: number, threshold = MAX_ROUND / 2): Promise<boolean> {
  if (waitingImportJobs > 0) return false;
  const client = await whenReady(redis());
  const { serving, lane } = keys();
  if (Number((await client.get(serving)) ?? 0) < threshold) return false;
  const lanes: string[] = [];
  const stream = client.scanStream({ match: lane("*"), count: 500 });
  for await (const batch of stream as AsyncIterable<string[]>) lanes.push(...batch);
  await client.del(serving, ...lanes);
  return true;
}
