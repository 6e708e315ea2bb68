import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
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

/** Why Redis at `url` does not answer PING (refused, wrong password...), or null when it does. */
export async function redisProblem(url: string): Promise<string | null> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
  // The connection's own error (ECONNREFUSED...) says more than the command's "Connection is closed."
  let connectionError: Error | undefined;
  client.on("error", (error: Error) => (connectionError = error));
  try {
    await client.connect();
    const answer = await client.ping();
    return answer === "PONG" ? null : `it answered PING with ${answer}`;
  } catch (error) {
    return (connectionError ?? (error as Error)).message || "no answer";
  } finally {
    client.disconnect();
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  return (await redisProblem(url)) === null;
}

/** A URL fit for the log: its password replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return url;
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
        "  docker run -d -p 127.0.0.1:6379:6379 redis:7   (then npm start again)",
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

interface ProcessInfo {
  pid: number;
  ppid: number;
  command: string;
}

/** A running process's parent and command line (via ps, so Linux and macOS alike), or null. */
function processInfo(pid: number): ProcessInfo | null {
  const result = spawnSync("ps", ["-o", "ppid=", "-o", "args=", "-p", String(pid)], { encoding: "utf8" });
  const match = /^\s*(\d+)\s+(.*)$/.exec(result.stdout?.trim() ?? "");
  return match ? { pid, ppid: Number(match[1]), command: match[2]! } : null;
}

/**
 * The process that holds a Postgres data directory, from its postmaster.pid, when that
 * process still runs. A stale file (crash, reboot) is Postgres's to clean up: null then.
 */
export function postgresHolder(databaseDir: string): ProcessInfo | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, only someone else's (as root, initdb and postgres run as `postgres`).
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  return processInfo(pid);
}

/** `npm start`'s own process, by its command line: the bundle's launcher, or the source under tsx (`npm run dev`). */
export const NPM_START = /scripts\/run\.js start\b|scripts\/start\.ts/;

/** What to tell someone whose data directory another Postgres holds. */
export function postgresHolderMessage(databaseDir: string, holder: ProcessInfo): string {
  if (!/postgres|postmaster/.test(holder.command)) {
    // The pid was reused (a reboot, a crash long ago): Postgres refuses such a lock file too.
    return [
      `${path.join(databaseDir, "postmaster.pid")} names pid ${holder.pid}, which is now another program (${holder.command}).`,
      `If no Postgres runs on ${databaseDir}, delete that file, then run npm start again.`,
    ].join("\n");
  }
  const lines = [`Another Postgres already runs on ${databaseDir}: pid ${holder.pid} (${holder.command}).`];
  // Most likely an earlier `npm start` still running (or left behind): stopping it stops its Postgres too.
  let ancestor = processInfo(holder.ppid);
  for (let depth = 0; ancestor && depth < 4 && !NPM_START.test(ancestor.command); depth++) {
    ancestor = ancestor.ppid > 1 ? processInfo(ancestor.ppid) : null;
  }
  if (ancestor && NPM_START.test(ancestor.command)) {
    lines.push(
      `It belongs to an earlier npm start that is still running: pid ${ancestor.pid} (${ancestor.command}).`,
      `Stop that one (Ctrl-C in its terminal, or \`kill ${ancestor.pid}\`), then run npm start again.`,
    );
  } else {
    lines.push(`Stop it with \`kill -INT ${holder.pid}\` (Postgres's fast, safe shutdown), then run npm start again.`);
  }
  lines.push("To run a second copy side by side instead, give it a data directory of its own: DATA_DIR=.data-2 PORT=3001 npm start");
  return lines.join("\n");
}

/** DATABASE_URL, else the embedded Postgres with its data under dataRoot/postgres. */
export async function resolvePostgres(dataRoot: string): Promise<LocalService> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: "DATABASE_URL", stop: nothingToStop };
  const databaseDir = path.join(dataRoot, "postgres");
  const holder = postgresHolder(databaseDir);
  if (holder) throw new Error(postgresHolderMessage(databaseDir, holder));
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/run.js", "embedded-postgres-child", dataRoot, String(port)], {
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
    source: `embedded Postgres on port ${port} (data in ${databaseDir})`,
    stop: async () => {
      child.kill("SIGTERM");
      await waitForExit(child, 15_000);
    },
  };
}
