/**
 * `npm start`: the whole product on one machine with nothing configured.
 * Finds or starts Postgres and Redis, migrates, seeds the first admin, builds when
 * needed, runs the web server and WORKERS workers, and stops everything on Ctrl-C.
 * `npm run dev` does the same in watch mode.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildIfStale } from "./lib/build-state";
import { portProblem } from "./lib/free-port";
import { redisProblem, redactUrl, resolvePostgres, resolveRedis, type LocalService } from "./lib/services";
import { startChild, stopChildren, type Supervised } from "./lib/supervisor";
import { createDb } from "../app/server/platform/db.server";
import { EnvError, parseEnv, parseListenAddress, type Env } from "../app/server/platform/env.server";
import { migrateToLatest, waitForDatabase } from "../app/server/ops/migrator.server";
import { loadDotEnv } from "../app/server/platform/process.server";
import { seedDemoCommunity } from "../app/server/seed/demo-seed.server";
import { seedAdminIfEmpty } from "../app/server/seed/seed.server";

const dev = process.argv.includes("--dev");
const root = process.cwd();
// First of all: .env may set DATA_DIR, PORT and everything else read below.
loadDotEnv();
const dataRoot = path.resolve(process.env.DATA_DIR || ".data");
const startedAt = performance.now();
const say = (line: string) => process.stdout.write(`start    | ${line}\n`);

const services: LocalService[] = [];
const children: Supervised[] = [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (stopping) return new Promise(() => undefined);
  stopping = true;
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
  // Before anything starts: a port another program holds is the user's to fix.
  const { HOST, PORT } = parseListenAddress(process.env);
  const taken = await portProblem(PORT, HOST);
  if (taken) {
    throw new Error(
      `Port ${PORT} on ${HOST} ${taken}, so the web server cannot listen there.\n` +
        `Start on another port:  PORT=${PORT + 1} npm start   (or stop the program that holds port ${PORT})`,
    );
  }
  const postgres = await resolvePostgres(dataRoot);
  services.push(postgres);
  say(`postgres: ${postgres.source}`);
  const redis = await resolveRedis(dataRoot);
  services.push(redis);
  say(`redis: ${redis.source}`);
  await waitForRedis(redis);

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
  if (!dev) buildIfStale(root, say);

  const node = process.execPath;
  children.push(
    dev
      ? startChild("web", 0, path.join(root, "node_modules/.bin/remix"), ["dev", "--manual", "-c", `${node} --import tsx scripts/web.ts`], childEnv)
      : startChild("web", 0, node, ["--import", "tsx", "scripts/web.ts"], childEnv),
  );
  for (let i = 1; i <= config.WORKERS; i++) {
    const args = dev ? ["--watch", "--import", "tsx", "worker/index.ts"] : ["--import", "tsx", "worker/index.ts"];
    children.push(startChild(`worker-${i}`, i, node, args, childEnv));
  }
  for (const { name, child } of children) {
    child.once("exit", (code, signal) => {
      if (stopping) return;
      say(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
      void stopAll(1);
    });
  }

  const local = localUrl(config.HOST, config.PORT);
  await waitUntilServing(local, dev ? 120_000 : 60_000);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const served = local === config.APP_URL ? "" : ` (served here at ${local})`;
  say(`ready in ${seconds} s: open ${config.APP_URL}${served}  (Ctrl-C stops everything)`);
} catch (error) {
  const message = error instanceof EnvError || error instanceof Error ? error.message : String(error);
  for (const line of message.split("\n")) process.stderr.write(`start    | ${line}\n`);
  await stopAll(1);
}
