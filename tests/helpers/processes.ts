import { spawn, type ChildProcess } from "node:child_process";

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when a line matching `pattern` has been printed. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs one of our TypeScript entry points (worker/index.ts, scripts/web.ts) as operators do. */
export function runEntry(entry: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
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
    waitFor(pattern, timeoutMs = 20_000) {
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
