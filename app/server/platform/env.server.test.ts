import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { ENV_KEYS, EnvError, parseConcurrency, parseEnv, parseQueueList, publicEnv } from "./env.server";

const base = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app" };

describe("parseEnv", () => {
  it("fills every default from a minimal environment", () => {
    const env = parseEnv(base);
    expect(env).toMatchObject({
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: 3000,
      APP_URL: "http://127.0.0.1:3000",
      REDIS_URL: "redis://127.0.0.1:6379",
      REDIS_PREFIX: "linkwise",
      WORKERS: 1,
      WORKER_CONCURRENCY: 8,
      TRUST_PROXY: false,
    });
  });

  it("treats empty values as unset and trims a trailing slash from APP_URL", () => {
    const env = parseEnv({ ...base, PORT: "", APP_URL: "https://links.example.com/" });
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("https://links.example.com");
  });

  it("names every bad variable in one message", () => {
    const attempt = () => parseEnv({ PORT: "eighty", REDIS_URL: "localhost:6379", WORKER_CONCURRENCY: "0" });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/DATABASE_URL: is required/);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/REDIS_URL: must be a redis:\/\/ URL/);
    expect(attempt).toThrow(/WORKER_CONCURRENCY/);
  });

  it("requires SESSION_SECRET in production and gives development a fixed one", () => {
    expect(() => parseEnv({ ...base, NODE_ENV: "production" })).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => parseEnv({ ...base, SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32/);
    expect(parseEnv(base).SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("lets only the whitelisted values reach the browser", () => {
    const env = parseEnv({ ...base, ADMIN_PASSWORD: "secret-password" });
    expect(publicEnv(env)).toEqual({ APP_URL: "http://127.0.0.1:3000", NODE_ENV: "development" });
  });
});

describe("WORKER_CONCURRENCY", () => {
  it("takes one number for every queue", () => {
    expect(parseEnv({ ...base, WORKER_CONCURRENCY: "3" })).toMatchObject({
      WORKER_CONCURRENCY: 3,
      queueConcurrency: { system: 3, "enrich-link": 3, "enrich-task": 3 },
    });
  });

  it("takes numbers per queue, the rest keeping 8 or the bare number given", () => {
    expect(parseEnv({ ...base, WORKER_CONCURRENCY: "enrich-link=16, enrich-task=2" }).queueConcurrency).toEqual({ system: 8, "enrich-link": 16, "enrich-task": 2, import: 8, bulk: 8, render: 2, "render-background": 1, "webhook-delivery": 8, "feed-poll": 8 });
    expect(parseEnv({ ...base, WORKER_CONCURRENCY: "enrich-task=1,4" })).toMatchObject({
      WORKER_CONCURRENCY: 4,
      queueConcurrency: { system: 4, "enrich-link": 4, "enrich-task": 1, import: 4 },
    });
  });

  it("gives background renders CRAWLER_BROWSER_CONCURRENCY pages (render=N wins) and people's renders one more", () => {
    const renders = (source: Record<string, string>) => {
      const env = parseEnv({ ...base, ...source });
      return [env.browserPages, env.queueConcurrency["render-background"], env.queueConcurrency.render];
    };
    expect(renders({ WORKER_CONCURRENCY: "6" })).toEqual([1, 1, 2]);
    expect(renders({ WORKER_CONCURRENCY: "6", CRAWLER_BROWSER_CONCURRENCY: "2" })).toEqual([2, 2, 3]);
    expect(renders({ WORKER_CONCURRENCY: "6,render=3", CRAWLER_BROWSER_CONCURRENCY: "2" })).toEqual([3, 3, 4]);
    // The background queue follows render: naming it alone would be ignored, so it is refused.
    expect(() => parseEnv({ ...base, WORKER_CONCURRENCY: "render-background=2" })).toThrow(/WORKER_CONCURRENCY: render-background follows render/);
  });

  it.each([
    ["lots", /"lots" is not a number from 1 to 256 or queue=number/],
    ["0", /"0" is not a number/],
    ["257", /"257" is not a number/],
    ["enrich-link=", /"enrich-link=" is not a number/],
    ["enrich-link=2=3", /"enrich-link=2=3" is not a number/],
    ["enrich-links=2", /"enrich-links" is not a queue \(queues: system, enrich-link, enrich-task, import, bulk, render, render-background, webhook-delivery, feed-poll\)/],
    ["system=1,system=2", /names the queue "system" twice/],
    ["2,3", /gives the number for every queue twice/],
  ])("refuses %s with a message naming the variable", (value, message) => {
    expect(parseConcurrency(value).ok).toBe(false);
    const attempt = () => parseEnv({ ...base, WORKER_CONCURRENCY: value });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/WORKER_CONCURRENCY: /);
    expect(attempt).toThrow(message);
  });
});

describe("WORKER_QUEUES", () => {
  it("means every queue when unset, and keeps the queues' own order otherwise", () => {
    expect(parseEnv(base).WORKER_QUEUES).toEqual(["system", "enrich-link", "enrich-task", "import", "bulk", "render", "render-background", "webhook-delivery", "feed-poll"]);
    expect(parseEnv({ ...base, WORKER_QUEUES: " enrich-task , system" }).WORKER_QUEUES).toEqual(["system", "enrich-task"]);
  });

  it("refuses unknown and repeated names", () => {
    expect(() => parseEnv({ ...base, WORKER_QUEUES: "enrich-task,links,tasks" })).toThrow(/WORKER_QUEUES: "links", "tasks" are not queues \(queues: system, enrich-link, enrich-task, import, bulk, render, render-background, webhook-delivery, feed-poll\)/);
    expect(parseQueueList("system,system")).toEqual({ ok: false, error: "names a queue twice" });
  });
});

describe("the documented settings", () => {
  // Read by npm start, the tests or the benchmark, not by the web server or the worker.
  const OUTSIDE_THE_SCHEMA = ["DATA_DIR", "TEST_DATABASE_URL", "TEST_REDIS_URL", "E2E_PORT", "E2E_PAGES_PORT", "E2E_DATABASE_NAME", "E2E_REDIS_PREFIX", "E2E_CHROMIUM_PATH"];
  const example = readFileSync(".env.example", "utf8");
  const exampleKeys = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
  // The settings table lives in docs/configuration.md, under "## Environment" (its subsections included).
  const CONFIGURATION = "docs/configuration.md";
  const configuration = readFileSync(CONFIGURATION, "utf8");
  const tableStart = configuration.indexOf("\n## Environment\n");
  const tableEnd = configuration.indexOf("\n## ", tableStart + 1);
  const settingsTable = tableStart === -1 ? "" : configuration.slice(tableStart, tableEnd === -1 ? undefined : tableEnd);
  // The first cell of each row: one variable, or a few that belong together.
  const documentedKeys = [...settingsTable.matchAll(/^\| (`[A-Z][^|]*?) \|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!),
  );

  it(`lists every variable of the schema, once, in .env.example and in ${CONFIGURATION}'s table`, () => {
    expect(tableStart, `${CONFIGURATION} has no "## Environment" section`).toBeGreaterThan(-1);
    for (const key of ENV_KEYS) {
      expect(exampleKeys, `.env.example lacks ${key}`).toContain(key);
      expect(documentedKeys, `${CONFIGURATION} lacks ${key}`).toContain(key);
    }
    expect(new Set(exampleKeys).size).toBe(exampleKeys.length);
    expect(new Set(documentedKeys).size).toBe(documentedKeys.length);
  });

  it("documents nothing the code does not read", () => {
    const known = [...ENV_KEYS, ...OUTSIDE_THE_SCHEMA];
    for (const key of [...exampleKeys, ...documentedKeys]) expect(known, `${key} is documented but unknown`).toContain(key);
    for (const key of OUTSIDE_THE_SCHEMA) expect(documentedKeys).toContain(key);
  });
});
