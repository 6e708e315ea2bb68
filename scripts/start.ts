/**
 * `npm start`: the whole product on one machine with nothing configured.
 * Finds or starts Postgres and Redis, migrates, seeds the first admin, builds when
 * needed, runs the web server and WORKERS workers, and stops everything on Ctrl-C.
 * When all are ready it says how long each step took (docs/performance.md, "Start-up").
 * It runs as build/start.js through scripts/run.js, and starts the web and worker bundles the
 * same way (decision 062). `npm run dev` does the same in watch mode, from the TypeScript.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildIfStale } from "./lib/build-state";
import { portProblem } from "./lib/free-port";
import { redisProblem, redactUrl, resolvePostgres, resolveRedis, type LocalService } from "./lib/services";
import { startChild, stopChildren, type Supervised } from "./lib/supervisor";
import { formatStartSteps, npmOwnMs, type StartLine } from "./lib/start-steps";
import { createDb } from "../app/server/platform/db.server";
import { EnvError, parseEnv, parseListenAddress, type Env } from "../app/server/platform/env.server";
import { migrateToLatest, waitForDatabase } from "../app/server/ops/migrator.server";
import { loadDotEnv, type StartReport } from "../app/server/platform/process.server";
import { seedDemoCommunity } from "../app/server/seed/demo-seed.server";
import { seedAdminIfEmpty } from "../app/server/seed/seed.server";

const dev = process.argv.includes("--dev");
const root = process.cwd();
// First of all: .env may set DATA_DIR, PORT and everything else read below.
loadDotEnv();
const dataRoot = path.resolve(process.env.DATA_DIR || ".data");
const say = (line: string) => process.stdout.write(`start    | ${line}\n`);

const services: LocalService[] = [];
const stopBuild = new AbortController();
const children: Supervised[] = [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (stopping) return new Promise(() => undefined);
  stopping = true;
  stopBuild.abort();
  if (children.length) say("stopping web and workers...");
  await stopChildren(children, 30_000);
  for (const service of services.reverse()) await service.stop().catch(() => undefined);
  say("all stopped");
  process.exit(code);
}
// package.json runs us with `exec`, so npm's own SIGINT/SIGTERM (which it passes on) land here,
// as do a terminal's Ctrl-C and a closed terminal's SIGHUP.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stopAll(0));
// npm killed outright (SIGKILL, a crashed IDE) passes nothing on: we notice that we were
// re-parented instead, and stop everything as if told to.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid === parentPid || stopping) return;
  say(`our parent process (pid ${parentPid}, npm) is gone; stopping everything`);
  void stopAll(0);
}, 250).unref();

/** SESSION_SECRET, else one generated on the first start and kept in DATA_DIR. */
function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(dataRoot, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dataRoot, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

async function prepareDatabase(config: Env) {
  const db = createDb(config.DATABASE_URL, 2);
  try {
    await waitForDatabase(db, { onWait: () => say("waiting for postgres to accept connections...") });
    const applied = await migrateToLatest(db);
    say(applied.length ? applied.join("\n         | ") : "database schema is up to date");
    const seeded = await seedAdminIfEmpty(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    if (seeded.created) {
      say(`created the first admin account: ${seeded.email}`);
      if (seeded.generatedPassword) say(`  its generated password (shown once): ${seeded.generatedPassword}`);
      // A fresh install gets the demo community, so the landing and trending pages are alive.
      say(`loaded the demo community: ${await seedDemoCommunity(db)} public links`);
    }
  } finally {
    await db.destroy();
  }
}

/** Where to reach our own web server from this machine: APP_URL may be a public address. */
function localUrl(host: string, port: number): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

/** Where mail goes without SMTP_URL (the dev outbox), so a newcomer who signs up finds the confirmation. */
function outboxLine(config: Env): string {
  const printed = config.LOG_LEVEL === "debug" || config.LOG_LEVEL === "info" ? "; each is printed in the web log here too" : "";
  const who = config.NODE_ENV === "production" ? " (signed in, your own mail; as an Admin, all of it)" : "";
  return `mail: no SMTP_URL, so mail goes to the dev outbox, not out: read it at ${config.APP_URL}/dev/outbox${who}${printed}`;
}

/** The steps of this start, in order: the supervisor's own, then each child's from its report. */
const steps: StartLine[] = [];
let stepStartedAt = 0;
/** Ends the step running since the last call (the first runs from this process's start). */
function stepDone(name: string, detail?: string) {
  const now = performance.now();
  steps.push({ name, ms: now - stepStartedAt, detail });
  stepStartedAt = now;
}

/** A child's own start report (StartReport over IPC), or null if it never sends one (dev mode's children). */
function startReportOf(child: Supervised["child"]): Promise<StartReport["started"] | null> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const started = (message as Partial<StartReport> | null)?.started;
      if (!started) return;
      child.off("message", onMessage);
      resolve(started);
    };
    child.on("message", onMessage);
    child.once("exit", () => resolve(null));
  });
}

async function waitUntilServing(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A child that died makes stopAll run; no point in waiting then.
    if (stopping) return new Promise<never>(() => undefined);
    const answered = await fetch(`${url}/api/status`).then(() => true, () => false);
    if (answered) return;
    await sleep(150);
  }
  throw new Error(`The web server did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

/** Says once what is wrong with Redis and how to fix it, then retries quietly until it answers. */
async function waitForRedis(redis: LocalService) {
  const problem = await redisProblem(redis.url);
  if (!problem) return;
  const fix = redis.source === "REDIS_URL" ? "start Redis there, or unset REDIS_URL so npm start finds or starts one" : "start Redis again";
  say(`redis: ${redactUrl(redis.url)} does not answer (${problem}): ${fix}. Retrying every 2 s...`);
  while (await redisProblem(redis.url)) await sleep(2_000);
  say("redis: answers now");
}

try {
  const npmMs = npmOwnMs();
  if (npmMs !== undefined) steps.push({ name: "npm", ms: npmMs, detail: "npm's own start, before this process" });
  const bundled = performance.getEntriesByName("linkwise:bundled")[0] as PerformanceMark | undefined;
  stepDone("node and npm start's code", bundled ? `bundled first: ${String(bundled.detail)}` : undefined);
  // Before anything starts: a port another program holds is the user's to fix.
  const { HOST, PORT } = parseListenAddress(process.env);
  const taken = await portProblem(PORT, HOST);
  if (taken) {
    throw new Error(
      `Port ${PORT} on ${HOST} ${taken}, so the web server cannot listen there.\n` +
        `Start on another port:  PORT=${PORT + 1} npm start   (or stop the program that holds port ${PORT})`,
    );
  }
  stepDone("port check");
  // A build, when one is needed, runs beside Postgres's start and the migrations (a first start does all three).
  const buildStartedAt = performance.now();
  const building = dev ? undefined : buildIfStale(root, say, stopBuild.signal).then((built) => ({ built, ms: performance.now() - buildStartedAt }));
  // Not left unhandled while Postgres starts: awaited below.
  building?.catch(() => undefined);
  const postgres = await resolvePostgres(dataRoot);
  services.push(postgres);
  say(`postgres: ${postgres.source}`);
  stepDone("postgres", postgres.source === "DATABASE_URL" ? "DATABASE_URL" : "embedded, started");
  const redis = await resolveRedis(dataRoot);
  services.push(redis);
  say(`redis: ${redis.source}`);
  await waitForRedis(redis);
  stepDone("redis", redis.source.startsWith("started") ? "started" : redis.source);

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: dev ? "development" : "production",
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    SESSION_SECRET: sessionSecret(),
    // See docs/decisions/001: a build-time dependency's notice, not ours.
    VITE_CJS_IGNORE_WARNING: "true",
  };
  const config = parseEnv(childEnv);
  await prepareDatabase(config);
  stepDone("migrations and seed");
  if (building) {
    const built = await building;
    steps.push({ name: "build", ms: built.ms, detail: built.built ? "built, beside Postgres and the migrations" : "up to date" });
    if (built.built) stepDone("waiting for the build, after the migrations");
    else stepStartedAt = performance.now();
  }

  const node = process.execPath;
  children.push(
    dev
      ? startChild("web", 0, path.join(root, "node_modules/.bin/remix"), ["dev", "--manual", "-c", `${node} --import tsx scripts/web.ts`], childEnv)
      : startChild("web", 0, node, ["scripts/run.js", "web"], childEnv),
  );
  for (let i = 1; i <= config.WORKERS; i++) {
    const args = dev ? ["--watch", "--import", "tsx", "worker/index.ts"] : ["scripts/run.js", "worker"];
    children.push(startChild(`worker-${i}`, i, node, args, childEnv));
  }
  const childrenStartedAt = performance.now();
  // Dev mode's children run under remix dev and node --watch, which do not pass IPC on.
  const reports = dev ? [] : children.map(({ name, child }) => startReportOf(child).then((report) => ({ name, report })));
  for (const { name, child } of children) {
    child.once("exit", (code, signal) => {
      if (stopping) return;
      say(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
      void stopAll(1);
    });
  }

  const local = localUrl(config.HOST, config.PORT);
  await waitUntilServing(local, dev ? 120_000 : 60_000);
  const servingAt = performance.now();
  // Ready means the workers take jobs too. Each says so itself; one that does not within a minute is named.
  const reported = await Promise.all(reports.map((report) => Promise.race([report, sleep(60_000).then(() => null)])));
  for (const [index, outcome] of reported.entries()) {
    const name = children[index]!.name;
    if (!outcome?.report) steps.push({ name, ms: performance.now() - childrenStartedAt, detail: "not ready yet" });
    else steps.push({ name, ms: outcome.report.totalMs, cpuMs: outcome.report.cpuMs, parts: outcome.report.steps });
  }
  if (dev) steps.push({ name: "web", ms: servingAt - childrenStartedAt, detail: "from its start to answering" });
  for (const line of formatStartSteps(steps)) say(line);
  const seconds = ((performance.now() + (npmMs ?? 0)) / 1000).toFixed(1);
  const served = local === config.APP_URL ? "" : ` (served here at ${local})`;
  say(`ready in ${seconds} s: open ${config.APP_URL}${served}  (Ctrl-C stops everything)`);
  // A newcomer's first sign-up sends a confirmation: say where it lands.
  if (!config.SMTP_URL) say(outboxLine(config));
} catch (error) {
  const message = error instanceof EnvError || error instanceof Error ? error.message : String(error);
  for (const line of message.split("\n")) process.stderr.write(`start    | ${line}\n`);
  await stopAll(1);
}
