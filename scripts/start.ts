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
import { resolvePostgres, resolveRedis, type LocalService } from "./lib/services";
import { startChild, stopChildren, type Supervised } from "./lib/supervisor";
import { createDb } from "../app/server/db.server";
import { EnvError, parseEnv, type Env } from "../app/server/env.server";
import { migrateToLatest, waitForDatabase } from "../app/server/migrator.server";
import { loadDotEnv } from "../app/server/process.server";
import { seedDemoCommunity } from "../app/server/demo-seed.server";
import { seedAdminIfEmpty } from "../app/server/seed.server";

const dev = process.argv.includes("--dev");
const root = process.cwd();
const dataRoot = path.resolve(process.env.DATA_DIR ?? ".data");
const startedAt = performance.now();
const say = (line: string) => process.stdout.write(`start    | ${line}\n`);

const services: LocalService[] = [];
const children: Supervised[] = [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (stopping) return new Promise(() => undefined);
  stopping = true;
  say("stopping web and workers...");
  await stopChildren(children, 30_000);
  for (const service of services.reverse()) await service.stop().catch(() => undefined);
  say("all stopped");
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

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

async function waitUntilServing(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    const answered = await fetch(`${url}/api/status`).then(() => true, () => false);
    if (answered) return;
    await sleep(150);
  }
  throw new Error(`The web server did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

try {
  loadDotEnv();
  const postgres = await resolvePostgres(dataRoot);
  services.push(postgres);
  say(`postgres: ${postgres.source}`);
  const redis = await resolveRedis(dataRoot);
  services.push(redis);
  say(`redis: ${redis.source}`);

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

  await waitUntilServing(config.APP_URL, dev ? 120_000 : 60_000);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  say(`ready in ${seconds} s: open ${config.APP_URL}  (Ctrl-C stops everything)`);
} catch (error) {
  const message = error instanceof EnvError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`start    | ${message}\n`);
  await stopAll(1);
}
