import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * Threads run TypeScript through tsx, as the processes themselves do. The bootstrap is inline
 * so that only the entry has to be found, and tsx is resolved from here, not from the cwd.
 */
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
import(workerData.tsx).then((tsx) => tsx.tsImport(workerData.entry, workerData.entry));
`;

/**
 * The URL of `file` in `app/server/{folder}/` for a thread or child process to run: beside the
 * calling module (`callerUrl`) under tsx and vitest; from the Remix build (build/index.js), in
 * ../app/server/{folder}. `what` names it in the error when it is in neither.
 */
export function serverModuleUrl({ callerUrl, folder, file, what }: { callerUrl: string; folder: string; file: string; what: string }): string {
  const candidates = [new URL(`./${file}`, callerUrl), new URL(`../app/server/${folder}/${file}`, callerUrl)];
  const found = candidates.find((url) => existsSync(url));
  if (!found) throw new Error(`${what} was not found at ${candidates.map((url) => fileURLToPath(url)).join(" or ")}`);
  return found.href;
}

/** Starts a thread running that module's TypeScript, its heap capped at `heapMb`. */
export function startTsThread(entry: string, heapMb: number): Worker {
  return new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { tsx: import.meta.resolve("tsx/esm/api"), entry },
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
}
