import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { runEntry, type RunningProcess } from "../helpers/processes";
import { startRedisServer } from "../helpers/redis-server";

// BullMQ loses jobs when Redis evicts keys: each process checks maxmemory-policy at start-up
// and says so loudly when it is not noeviction, or when Redis will not tell.
const started: RunningProcess[] = [];
const servers: Array<Awaited<ReturnType<typeof startRedisServer>>> = [];

afterAll(async () => {
  for (const run of started) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
    await run.exited();
  }
  await Promise.all(servers.map((server) => server.stop()));
});

async function redisWith(args: string[]) {
  const server = await startRedisServer(undefined, args);
  servers.push(server);
  return server.url;
}

function start(entry: string, env: Record<string, string>) {
  const run = runEntry(entry, { HEARTBEAT_INTERVAL_MS: "3600000", SESSION_SECRET: "x".repeat(32), ...env });
  started.push(run);
  return run;
}

async function stop(run: RunningProcess) {
  run.child.kill("SIGTERM");
  expect(await run.exited()).toEqual({ code: 0, signal: null });
}

describe("Redis's maxmemory-policy at start-up", () => {
  it("web and worker warn loudly when Redis may evict keys", async () => {
    const url = await redisWith(["--maxmemory-policy", "allkeys-lru"]);
    const worker = start("worker/index.ts", { REDIS_URL: url, LOG_LEVEL: "info" });
    const web = start("scripts/web.ts", { REDIS_URL: url, LOG_LEVEL: "info", PORT: String(await freePort()) });
    const warning = (name: string) =>
      new RegExp(`^error ${name}: WARNING: Redis's maxmemory-policy is "allkeys-lru", not "noeviction": when its memory fills, Redis evicts keys and BullMQ loses jobs`, "m");
    await worker.waitFor(/worker: ready/);
    await web.waitFor(/web: listening/);
    await worker.waitFor(warning("worker"));
    await web.waitFor(warning("web"));
    await Promise.all([stop(worker), stop(web)]);
  });

  it("warns that it could not check when Redis refuses CONFIG, as managed services may", async () => {
    const url = await redisWith(["--rename-command", "CONFIG", '""']);
    const worker = start("worker/index.ts", { REDIS_URL: url, LOG_LEVEL: "info" });
    await worker.waitFor(/worker: ready/);
    await worker.waitFor(/warn  worker: could not check Redis's maxmemory-policy \(.*unknown command.*\); make sure it is noeviction/);
    await stop(worker);
  });

  it("says nothing above debug when the policy is noeviction", async () => {
    const url = await redisWith(["--maxmemory-policy", "noeviction"]);
    const worker = start("worker/index.ts", { REDIS_URL: url, LOG_LEVEL: "debug" });
    await worker.waitFor(/debug worker: Redis's maxmemory-policy is noeviction/);
    await worker.waitFor(/worker: ready/);
    expect(worker.output()).not.toMatch(/maxmemory-policy is "|could not check/);
    await stop(worker);
  });
});
