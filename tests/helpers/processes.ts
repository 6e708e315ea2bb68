import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { ENTRIES } from "../../scripts/lib/bundle.js";

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when a line matching `pattern` has been printed (45 s by default: a worker starting on a machine at a load of 10 took over 20 s). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The process has neither exited nor been killed. */
export function alive(process: RunningProcess): boolean {
  return process.child.exitCode === null && process.child.signalCode === null;
}

/**
 * Runs one of our entry points (worker/index.ts, scripts/web.ts) as operators do: its bundle
 * through scripts/run.js, as `npm run worker` does (decision 062); a script with no bundle
 * (scripts/bench.ts) through tsx.
 */
export function runEntry(entry: string, env: Record<string, string>): RunningProcess {
  return runCommand(process.execPath, entryArgs(entry), env);
}

/** The node arguments that run `entry` (a source path) as operators run it. */
export function entryArgs(entry: string): string[] {
  const bundled = Object.entries(ENTRIES).find(([, source]) => source === entry)?.[0];
  return bundled ? ["scripts/run.js", bundled] : ["--import", "tsx", entry];
}

/** Runs any command (`npm start`, say) with our environment plus `env` (undefined removes a variable). */
export function runCommand(command: string, args: string[], env: Record<string, string | undefined>, cwd?: string): RunningProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    listeners.forEach((listener) => listener());
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => output,
    exited: () => exit,
    waitFor(pattern, timeoutMs = 45_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(output)) {
            cleanup();
            resolve();
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`Timed out waiting for ${pattern}; output so far:\n${output}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exit.then(() => {
          if (!pattern.test(output)) {
            cleanup();
            reject(new Error(`Process exited before printing ${pattern}; output:\n${output}`));
          }
        });
        check();
      });
    },
  };
}

/** `/proc/<pid>/stat` fields after the command name: state, ppid, ... (Linux). */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** Every process below `pid` (children, their children...), whatever group or session they are in. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** A process that exists and is not a zombie waiting to be reaped. */
export function isRunning(pid: number): boolean {
  const fields = statFields(pid);
  return fields !== null && fields[0] !== "Z";
}

/** Waits until none of `pids` runs any more; returns those still running at the deadline. */
export async function waitUntilGone(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let running = pids.filter(isRunning);
  while (running.length && Date.now() < deadline) {
    await sleep(100);
    running = running.filter(isRunning);
  }
  return running;
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
