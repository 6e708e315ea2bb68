/**
 * Runs before each integration test file, in that file's own module context: a fresh
 * migrated database and a Redis key prefix of its own, both removed afterwards, so
 * files never see each other's data.
 */
import { Redis } from "ioredis";
import { afterAll } from "vitest";
import { randomBytes } from "node:crypto";
import { createTestDatabase, dropTestDatabase, TEMPLATE_ENV, uniqueName } from "./test-database";

// Named after the run's template, so the run's end drops it even when afterAll never ran.
const template = process.env[TEMPLATE_ENV];
const database = await createTestDatabase("it", template ? { name: `${template}_${randomBytes(3).toString("hex")}` } : {});
const prefix = uniqueName("q");
process.env.DATABASE_URL = database.url;
process.env.REDIS_PREFIX = prefix;
process.env.REDIS_URL ??= process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
process.env.LOG_LEVEL ??= "warn";
// Files sign up many users from one address; tests/integration/rate-limits.test.ts sets 1.
process.env.RATE_LIMIT_MULTIPLIER ??= "100";
const redisUrl = process.env.REDIS_URL;

afterAll(async () => {
  const { closeDb } = await import("../../app/server/platform/db.server");
  const { closeQueues } = await import("../../app/server/jobs/queue.server");
  const { closeRedis } = await import("../../app/server/platform/redis.server");
  await Promise.allSettled([closeQueues(), closeRedis(), closeDb()]);
  await dropTestDatabase(database.name);
  await deleteKeys(redisUrl, `${prefix}:*`);
});

async function deleteKeys(url: string, pattern: string) {
  const client = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await client.connect();
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", pattern, "COUNT", 500);
      if (keys.length) await client.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } catch {
    // The status test stops its own Redis; nothing to clean there.
  } finally {
    client.disconnect();
  }
}
