import { Redis, type RedisOptions } from "ioredis";
import { env } from "./env.server";
import { log } from "./logger.server";
import { dropSingleton, singleton } from "./singleton.server";

/**
 * Two kinds of connection, as BullMQ asks:
 * - "worker": blocking commands; must retry forever (maxRetriesPerRequest: null).
 * - "producer": web requests; fail fast when Redis is down so a request never hangs.
 */
export function createRedis(kind: "worker" | "producer", url = env().REDIS_URL): Redis {
  const options: RedisOptions =
    kind === "worker"
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 2_000,
          // Keep trying in the background, but never queue a caller's command.
          retryStrategy: (times) => Math.min(times * 200, 2_000),
        };
  const redis = new Redis(url, { ...options, lazyConnect: false });
  // Errors surface on the commands that fail; an unhandled 'error' event would crash.
  redis.on("error", () => undefined);
  return redis;
}

const REDIS_SINGLETON = "redis";

/** The shared producer connection of this process. */
export function redis(): Redis {
  return singleton(REDIS_SINGLETON, () => createRedis("producer"));
}

/** Redis did not answer in time: an outage on our side, which JSON endpoints answer with 503. */
export class RedisUnavailableError extends Error {
  override name = "RedisUnavailableError";
}

/** Whether an error means Redis cannot be reached right now, as opposed to a bad command. */
export function isRedisUnavailable(error: unknown): boolean {
  if (error instanceof RedisUnavailableError) return true;
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  // ioredis' own words for a connection that is gone or gave up retrying a command.
  return name === "MaxRetriesPerRequestError" || message === "Connection is closed.";
}

/**
 * Resolves once the connection is ready, or rejects after `timeoutMs`: producers do not
 * queue commands, so a request right after start-up waits for the connection here.
 */
export function whenReady(client: Redis, timeoutMs = 2_000): Promise<Redis> {
  if (client.status === "ready") return Promise.resolve(client);
  // One waiter per connection however many requests arrive while it connects.
  let pending = waiting.get(client);
  if (!pending) {
    pending = new Promise<Redis>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(new RedisUnavailableError(`Redis is not reachable (${client.status})`));
      }, timeoutMs);
      const onReady = () => {
        cleanup();
        resolve(client);
      };
      const cleanup = () => {
        clearTimeout(timer);
        client.off("ready", onReady);
        waiting.delete(client);
      };
      client.on("ready", onReady);
    });
    waiting.set(client, pending);
  }
  return pending;
}
const waiting = new WeakMap<Redis, Promise<Redis>>();

export async function closeRedis(): Promise<void> {
  await quitRedis(dropSingleton<Redis>(REDIS_SINGLETON));
}

/** QUIT when connected (lets pending replies arrive), else just drop the socket. */
export async function quitRedis(client: Redis | undefined, timeoutMs = 2_000): Promise<void> {
  if (!client) return;
  if (client.status === "ready") {
    const quit = client.quit().catch(() => undefined);
    const timer = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([quit, timer]);
  }
  client.disconnect();
}

export type EvictionPolicy = { ok: true; policy: string } | { ok: false; reason: string };

/** Redis's maxmemory-policy, or why it could not be read (managed services often refuse CONFIG). */
export async function readEvictionPolicy(client: Redis): Promise<EvictionPolicy> {
  try {
    const reply = (await client.config("GET", "maxmemory-policy")) as string[];
    const policy = reply[1];
    return policy ? { ok: true, policy } : { ok: false, reason: "CONFIG GET returned nothing" };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Queues live in Redis: a Redis that evicts keys when its memory fills drops jobs (and their
 * locks) without a word. Checked once the connection is ready, so a Redis that is not up yet
 * is checked when it comes; the process goes on either way, the operator is told loudly.
 */
export function warnUnlessNoEviction(client: Redis, processName: string): void {
  const check = async () => {
    const result = await readEvictionPolicy(client);
    if (result.ok && result.policy === "noeviction") {
      log.debug(`${processName}: Redis's maxmemory-policy is noeviction`);
    } else if (!result.ok) {
      log.warn(
        `${processName}: could not check Redis's maxmemory-policy (${result.reason}); make sure it is noeviction, or Redis may evict queued jobs when its memory fills`,
      );
    } else {
      log.error(
        `${processName}: WARNING: Redis's maxmemory-policy is "${result.policy}", not "noeviction": when its memory fills, Redis evicts keys and BullMQ loses jobs. Set maxmemory-policy noeviction (redis.conf, CONFIG SET, or your provider's settings); see docs/admin-and-operations.md, "Redis"`,
      );
    }
  };
  if (client.status === "ready") void check();
  else client.once("ready", () => void check());
}
