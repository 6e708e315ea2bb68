import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { e2eDatabaseUrl } from "./db";

/**
 * Runs the billing sweep (subscriptions whose paid period has ended → Free) once, in a process
 * of its own on the e2e server's database and Redis prefix: the app's server modules read
 * their settings from the environment at start-up, which the Playwright runner does not have.
 */
export async function sweepSubscriptionsNow(): Promise<void> {
  const script = [
    'const { sweepSubscriptions } = await import("./app/server/billing/billing.server.ts");',
    "await sweepSubscriptions();",
    "process.exit(0);",
  ].join("\n");
  await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: e2eDatabaseUrl(),
      REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
      REDIS_PREFIX: process.env.E2E_REDIS_PREFIX,
      SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
    },
    timeout: 30_000,
  });
}
