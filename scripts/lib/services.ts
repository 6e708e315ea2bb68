import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { freePort } from "./free-port";

export interface LocalService {
  url: string;
  /** How the service was found, for the start-up summary. */
  source: string;
  /** Stops what we started; a no-op for services we merely found. */
  stop(): Promise<void>;
}

const nothingToStop = async () => undefined;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve();
    }, timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** REDIS_URL, else a Redis on 127.0.0.1:6379, else a redis-server we start, else a clear error. */
export async function resolveRedis(dataRoot: string): Promise<LocalService> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, source: "REDIS_URL", stop: nothingToStop };
  const standard = "redis://127.0.0.1:6379";
  if (await redisAnswers(standard)) return { url: standard, source: "found on 127.0.0.1:6379", stop: nothingToStop };

  const binary = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
  if (!binary) {
    throw new Error(
      [
        "No Redis found: nothing answers on 127.0.0.1:6379, REDIS_URL is not set and redis-server is not on PATH.",
        "Get one of these:",
        "  docker compose up -d redis          (then npm start again)",
        "  sudo apt-get install redis-server   (or your OS's redis package)",
        "  REDIS_URL=redis://host:6379 npm start",
      ].join("\n"),
    );
  }
  const dir = path.join(dataRoot, "redis");
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  // Its own process group: Ctrl-C in the terminal must not stop Redis before the workers.
  const child = spawn(
    binary,
    ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--save", "", "--maxmemory-policy", "noeviction"],
    { stdio: "ignore", detached: true },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    if (await redisAnswers(url)) {
      return {
        url,
        source: `started ${binary} on port ${port} (data in ${dir})`,
        stop: async () => {
          child.kill("SIGTERM");
          await waitForExit(child, 10_000);
        },
      };
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`redis-server did not start on port ${port}`);
}

/** DATABASE_URL, else the embedded Postgres with its data under dataRoot/postgres. */
export async function resolvePostgres(dataRoot: string): Promise<LocalService> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: "DATABASE_URL", stop: nothingToStop };
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/lib/embedded-postgres-child.ts", dataRoot, String(port)], {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
    detached: true,
  });
  const ready = await new Promise<boolean>((resolve) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("READY")) resolve(true);
    });
    child.once("exit", () => resolve(false));
  });
  if (!ready) throw new Error("The embedded Postgres did not start (see the messages above).");
  child.unref();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/linkwise`,
    source: `embedded Postgres on port ${port} (data in ${path.join(dataRoot, "postgres")})`,
    stop: async () => {
      child.kill("SIGTERM");
      await waitForExit(child, 15_000);
    },
  };
}
