import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { ENV_KEYS, EnvError, parseEnv, publicEnv } from "./env.server";

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

describe("the documented settings", () => {
  // Read by npm start, the tests or the benchmark, not by the web server or the worker.
  const OUTSIDE_THE_SCHEMA = ["DATA_DIR", "TEST_DATABASE_URL", "TEST_REDIS_URL", "CHROMIUM_PATH", "E2E_PORT", "E2E_PAGES_PORT"];
  const example = readFileSync(".env.example", "utf8");
  const exampleKeys = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
  const readme = readFileSync("README.md", "utf8");
  const settingsTable = readme.slice(readme.indexOf("## Environment"), readme.indexOf("\n## ", readme.indexOf("## Environment") + 1));
  // The first cell of each row: one variable, or a few that belong together.
  const readmeKeys = [...settingsTable.matchAll(/^\| (`[A-Z][^|]*?) \|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!),
  );

  it("lists every variable of the schema, once, in .env.example and in the README's table", () => {
    for (const key of ENV_KEYS) {
      expect(exampleKeys, `.env.example lacks ${key}`).toContain(key);
      expect(readmeKeys, `README lacks ${key}`).toContain(key);
    }
    expect(new Set(exampleKeys).size).toBe(exampleKeys.length);
    expect(new Set(readmeKeys).size).toBe(readmeKeys.length);
  });

  it("documents nothing the code does not read", () => {
    const known = [...ENV_KEYS, ...OUTSIDE_THE_SCHEMA];
    for (const key of [...exampleKeys, ...readmeKeys]) expect(known, `${key} is documented but unknown`).toContain(key);
    for (const key of OUTSIDE_THE_SCHEMA) expect(readmeKeys).toContain(key);
  });
});
