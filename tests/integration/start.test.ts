import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { NPM_START } from "../../scripts/lib/services";
import { descendants, isRunning, portAnswers, runCommand, waitUntilGone, type RunningProcess } from "../helpers/processes";
import { startRedisServer } from "../helpers/redis-server";

// `npm start` as people run it, against this file's test database and Redis prefix (set by the
// integration setup) so it skips the embedded services unless a test asks for them.
// Needs `npm run build` first (npm test does it); a stale build would be rebuilt by npm start.
const root = process.cwd();
const tempDirs: string[] = [];
const started: RunningProcess[] = [];
const pidsSeen = new Set<number>();

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "linkwise-start-"));
  tempDirs.push(dir);
  return dir;
}

function npmStart(env: Record<string, string | undefined>, cwd = root): RunningProcess {
  const run = runCommand("npm", ["start"], { LOG_LEVEL: "info", WORKERS: "0", DATA_DIR: tempDir(), ...env }, cwd);
  started.push(run);
  return run;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** A stack trace line, bare or behind a child's `name |` prefix. */
/** npm start's line once the web server answers ("ready in 6.2 s: open ..."). */
const READY = /\bready in [\d.]+ s/;

const STACK_LINE = /^(\S+\s+\|)?\s{2,}at \S/m;

/** Every process below npm, remembered so afterEach can stop whatever a failed test left. */
function processTree(run: RunningProcess): number[] {
  const pids = descendants(run.child.pid!);
  pids.forEach((pid) => pidsSeen.add(pid));
  return pids;
}

/**
 * Sends `signal` to npm's own pid alone (what an IDE's stop button, a process manager or `docker
 * stop` does) and checks that the web server, the worker and npm start all stop, each draining.
 */
async function expectStopsInOrder(stack: RunningProcess, port: number, signal: NodeJS.Signals) {
  // "ready" means the web server answers; the worker may still be starting on a busy machine.
  await stack.waitFor(/worker: ready workerId=/, 120_000);
  const tree = processTree(stack);
  const webPid = Number(/web: listening on \S+ pid=(\d+)/.exec(stack.output())?.[1]);
  const workerPid = Number(/worker: ready workerId=\S+:(\d+)/.exec(stack.output())?.[1]);
  expect(tree).toEqual(expect.arrayContaining([webPid, workerPid]));
  expect(await portAnswers(port)).toBe(true);

  stack.child.kill(signal);

  expect(await waitUntilGone(tree, 60_000)).toEqual([]);
  expect(await portAnswers(port)).toBe(false);
  // Drained, not killed: each process ran its own shutdown.
  expect(stack.output()).toMatch(/web: stopped cleanly/);
  expect(stack.output()).toMatch(/worker: stopped cleanly/);
  expect(stack.output()).toMatch(/all stopped/);
}

afterEach(() => {
  // Whatever a failed test left running: the trees first, while npm still holds them together.
  for (const run of started.splice(0)) {
    processTree(run);
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
  }
  for (const pid of pidsSeen) if (isRunning(pid)) process.kill(pid, "SIGKILL");
  pidsSeen.clear();
});

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("npm start", () => {
  // SIGTERM and SIGINT are sent at the end of two tests below that start the whole stack anyway
  // (each start costs seconds of CPU); SIGKILL, which npm cannot pass on, has a start of its own.
  it("stops web, workers and itself in order when the npm process alone gets SIGKILL", async () => {
    const port = await freePort();
    const stack = npmStart({ PORT: String(port), WORKERS: "1" });
    await stack.waitFor(READY, 120_000);
    await expectStopsInOrder(stack, port, "SIGKILL");
  }, 180_000);

  it("refuses to start beside an embedded Postgres still running on DATA_DIR, naming the process that holds it", async () => {
    const dataDir = tempDir();
    const first = npmStart({ DATA_DIR: dataDir, DATABASE_URL: undefined, PORT: String(await freePort()) });
    await first.waitFor(READY, 180_000);
    const postmasterPid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    const supervisorPid = processTree(first).find((pid) => NPM_START.test(commandOf(pid)));
    expect(supervisorPid).toBeGreaterThan(0);

    const second = npmStart({ DATA_DIR: dataDir, DATABASE_URL: undefined, PORT: String(await freePort()) });
    const { code } = await second.exited();
    expect(code).not.toBe(0);
    const output = second.output();
    expect(output).toContain(`pid ${postmasterPid}`);
    expect(output).toContain(path.join(dataDir, "postgres"));
    // Who started it and how to stop that: the earlier npm start.
    expect(output).toContain(`kill ${supervisorPid}`);
    expect(output).not.toMatch(READY);

    // The first one still serves, and stops its own Postgres when told to.
    const tree = processTree(first);
    expect(tree).toContain(postmasterPid);
    first.child.kill("SIGTERM");
    expect(await waitUntilGone(tree, 60_000)).toEqual([]);
    expect(first.output()).toMatch(/all stopped/);
  }, 300_000);

  it("tells a stale postmaster.pid whose pid another program now has from a running Postgres", async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, "postgres"));
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dataDir, "postgres", "postmaster.pid"), `${other.pid}\n${dataDir}/postgres\n`);
      const stack = npmStart({ DATA_DIR: dataDir, DATABASE_URL: undefined, PORT: String(await freePort()) });
      const { code } = await stack.exited();
      expect(code).not.toBe(0);
      expect(stack.output()).toContain(`names pid ${other.pid}, which is now another program`);
      expect(stack.output()).toMatch(/delete that file/);
      expect(stack.output()).not.toMatch(/kill/);
    } finally {
      other.kill("SIGKILL");
    }
  }, 120_000);

  it("exits non-zero, saying how to pick another port, when another program holds PORT", async () => {
    const port = await freePort();
    const other: Server = createServer((socket) => socket.end("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nhi"));
    await new Promise<void>((resolve) => other.listen(port, "127.0.0.1", resolve));
    try {
      const stack = npmStart({ PORT: String(port) });
      const { code } = await stack.exited();
      expect(code).not.toBe(0);
      expect(stack.output()).toMatch(new RegExp(`port ${port} .*in use`, "i"));
      expect(stack.output()).toContain(`PORT=${port + 1} npm start`);
      expect(stack.output()).not.toMatch(READY);
      expect(stack.output()).not.toMatch(/EADDRINUSE/);
      expect(stack.output()).not.toMatch(STACK_LINE);
    } finally {
      other.close();
    }
  }, 120_000);

  it("has the web server itself say plainly that its port is taken (a race with the check above)", async () => {
    const port = await freePort();
    const other: Server = createServer();
    await new Promise<void>((resolve) => other.listen(port, "127.0.0.1", resolve));
    try {
      const web = runCommand(process.execPath, ["scripts/run.js", "web"], { PORT: String(port), SESSION_SECRET: "x".repeat(32) });
      expect((await web.exited()).code).toBe(1);
      expect(web.output()).toMatch(new RegExp(`port ${port} on 127.0.0.1 is already in use by another program`));
      expect(web.output()).not.toMatch(STACK_LINE);
    } finally {
      other.close();
    }
  }, 60_000);

  it("says once that REDIS_URL does not answer, retries quietly, starts when Redis comes up, and stops in order on SIGTERM", async () => {
    const redisPort = await freePort();
    // Stands in for a Redis that is not there yet: it accepts and hangs up, counting attempts.
    let attempts = 0;
    const notRedis = createServer((socket) => {
      attempts++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => notRedis.listen(redisPort, "127.0.0.1", resolve));

    const port = await freePort();
    const stack = npmStart({ PORT: String(port), REDIS_URL: `redis://127.0.0.1:${redisPort}`, WORKERS: "1" });
    await stack.waitFor(/does not answer/, 60_000);
    const attemptsWhenTold = attempts;
    await expect.poll(() => attempts, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(attemptsWhenTold + 3);
    await new Promise((resolve) => notRedis.close(resolve));

    const redis = await startRedisServer(redisPort);
    try {
      await stack.waitFor(READY, 120_000);
      const output = stack.output();
      expect(output.match(/does not answer/g)).toHaveLength(1);
      expect(output).toMatch(/start Redis .*or unset REDIS_URL/i);
      expect(output).not.toMatch(STACK_LINE);
      await expectStopsInOrder(stack, port, "SIGTERM");
    } finally {
      await redis.stop();
    }
  }, 240_000);

  // One start for four things (each start of the stack costs seconds of CPU): .env is read,
  // "ready" comes from polling its own port, not APP_URL, so a public APP_URL still starts, the
  // ready banner times each step and points at the dev outbox, and SIGINT (Ctrl-C) stops it in order.
  it("reads DATA_DIR and APP_URL from .env, polls its own port, not APP_URL, prints each step's time and the outbox, and stops in order on SIGINT", async () => {
    // A copy of the project made of links, so this test can have a .env of its own.
    const project = tempDir();
    for (const entry of readdirSync(root)) {
      if (entry === ".env" || entry === ".data") continue;
      symlinkSync(path.join(root, entry), path.join(project, entry));
    }
    const port = await freePort();
    writeFileSync(path.join(project, ".env"), `DATA_DIR=data-from-dotenv\nPORT=${port}\nAPP_URL=https://links.example.invalid\n`);
    mkdirSync(path.join(project, "data-from-dotenv"));

    const stack = runCommand("npm", ["start"], { LOG_LEVEL: "info", WORKERS: "1", SESSION_SECRET: undefined, DATA_DIR: undefined, PORT: undefined, APP_URL: undefined }, project);
    started.push(stack);
    await stack.waitFor(READY, 120_000);
    const output = stack.output();
    expect(output).toContain("https://links.example.invalid");
    // When ready, one line per step with its time (issue #38), the web server and the worker each
    // with their CPU and their own steps; the worker is ready by then too.
    for (const step of ["node and npm start's code", "port check", "postgres", "redis", "migrations and seed", "build"]) {
      expect(output).toMatch(new RegExp(`^start +\\| took +\\d+\\.\\d s  ${step}\\b`, "m"));
    }
    expect(output).toMatch(/^start +\| took +[\d.]+ s  web \(cpu [\d.]+ s\): code [\d.]+ s, app build [\d.]+ s, listen [\d.]+ s$/m);
    expect(output).toMatch(/^start +\| took +[\d.]+ s  worker-1 \(cpu [\d.]+ s\): code [\d.]+ s, redis and queues [\d.]+ s, postgres [\d.]+ s$/m);
    expect(output.indexOf("worker: ready")).toBeLessThan(output.search(READY));
    // No SMTP_URL: the banner says where a newcomer's confirmation mail is (the line after "ready",
    // which may reach us in a later chunk).
    await stack.waitFor(/^start +\| mail: /m, 30_000);
    expect(stack.output()).toMatch(/^start +\| mail: no SMTP_URL, so mail goes to the dev outbox, not out: read it at https:\/\/links\.example\.invalid\/dev\/outbox\b/m);
    // The generated session secret lands in DATA_DIR.
    expect(existsSync(path.join(project, "data-from-dotenv", "session-secret"))).toBe(true);
    expect(existsSync(path.join(project, ".data"))).toBe(false);
    await expectStopsInOrder(stack, port, "SIGINT");
  }, 240_000);
});
