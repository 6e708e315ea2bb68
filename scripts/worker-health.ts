/**
 * The worker container's healthcheck (docker-compose.yml): exits 0 while the worker keeps
 * touching WORKER_HEALTH_FILE, which it does on each heartbeat that reached Postgres with
 * Redis connected; 1 once the file is missing or older than three heartbeat intervals (the
 * same window /api/status uses to count live workers).
 */
import { statSync } from "node:fs";
import { loadEnvOrExit } from "../app/server/platform/process.server";

const config = loadEnvOrExit();
const file = config.WORKER_HEALTH_FILE;
if (!file) {
  process.stderr.write("WORKER_HEALTH_FILE is not set, so the worker keeps no health file to check.\n");
  process.exit(1);
}
const limitMs = config.HEARTBEAT_INTERVAL_MS * 3;
let ageMs: number;
try {
  ageMs = Date.now() - statSync(file).mtimeMs;
} catch {
  process.stderr.write(`unhealthy: no heartbeat yet (${file} does not exist)\n`);
  process.exit(1);
}
const age = `${Math.round(ageMs / 1000)} s ago`;
if (ageMs > limitMs) {
  process.stderr.write(`unhealthy: last heartbeat ${age}, more than ${limitMs / 1000} s\n`);
  process.exit(1);
}
process.stdout.write(`healthy: last heartbeat ${age}\n`);
