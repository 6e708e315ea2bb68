import { existsSync } from "node:fs";
import { EnvError, env, type Env } from "./env.server";
import { log } from "./logger.server";

/** Reads ./.env when there is one; variables already set win. */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Parses the environment or stops the process with a message naming the bad variables. */
export function loadEnvOrExit(): Env {
  loadDotEnv();
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Runs `shutdown` once on SIGTERM or SIGINT, then exits. A second signal while
 * shutting down forces an immediate exit.
 */
export function onShutdownSignal(name: string, shutdown: (signal: NodeJS.Signals) => Promise<void>) {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${name}: second ${signal}, exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${name}: ${signal} received, shutting down`);
    shutdown(signal).then(
      () => {
        log.info(`${name}: stopped cleanly`);
        process.exit(0);
      },
      (error: unknown) => {
        log.error(`${name}: shutdown failed`, { error });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
  // Started by `npm start` with an IPC channel: if that supervisor dies, stop too,
  // so a killed supervisor never leaves orphans behind.
  if (process.send) process.once("disconnect", () => stopping || handle("SIGTERM"));
}


/** Waits for `promise` at most `ms`; true when it settled in time. Never rejects. */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([settled, timeout]);
  clearTimeout(timer);
  return result;
}

/** One step of a process's start, for `npm start`'s per-step lines: its name and wall time. */
export type StartStep = [name: string, ms: number];

/** What a web or worker process tells `npm start` (its supervisor, over IPC) once it is ready. */
export interface StartReport {
  started: { steps: StartStep[]; totalMs: number; cpuMs: number };
}

/**
 * The steps of this process's start, timed from one call to the next. The first step runs from
 * the process's own start (Node, the bundle and its packages loaded). `done()` sends them to a
 * supervising `npm start` when there is one; run alone it sends nothing.
 */
export function startTimer() {
  const steps: StartStep[] = [];
  let last = 0;
  return {
    step(name: string) {
      const now = performance.now();
      steps.push([name, now - last]);
      last = now;
    },
    done() {
      const { user, system } = process.cpuUsage();
      const report: StartReport = { started: { steps, totalMs: performance.now(), cpuMs: (user + system) / 1000 } };
      process.send?.(report);
    },
  };
}
