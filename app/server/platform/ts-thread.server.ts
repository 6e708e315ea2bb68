import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * A thread runs its entry's bundle (build/<file>.js, decision 062) when there is one beside the
 * caller, as the processes themselves do; else its TypeScript through tsx (vitest, `npm run dev`).
 * The bootstrap is inline so that only the entry has to be found, and tsx is resolved from here,
 * not from the cwd.
 */
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
import(workerData.tsx).then((tsx) => tsx.tsImport(workerData.entry, workerData.entry));
`;

/**
 * The URL of `file` in `app/server/{folder}/` for a thread or child process to run: its bundle
 * beside a bundled caller (build/index.js, build/worker.js...: build/<name>.js, made by `npm run
 * build`), except in development; beside the calling module (`callerUrl`) under tsx and vitest; else from the build, in
 * ../app/server/{folder}. `what` names it in the error when it is in none.
 */
export function serverModuleUrl({ callerUrl, folder, file, what }: { callerUrl: string; folder: string; file: string; what: string }): string {
  // In development (remix dev rebuilds build/index.js on each edit) the sources, never a bundle an edit left behind.
  const useBundle = callerUrl.endsWith(".js") && process.env.NODE_ENV !== "development";
  const bundled = useBundle ? [new URL(`./${file.replace(/\.ts$/, ".js")}`, callerUrl)] : [];
  const candidates = [...bundled, new URL(`./${file}`, callerUrl), new URL(`../app/server/${folder}/${file}`, callerUrl)];
  const found = candidates.find((url) => existsSync(url));
  if (!found) throw new Error(`${what} was not found at ${candidates.map((url) => fileURLToPath(url)).join(" or ")}`);
  return found.href;
}

/** Starts a thread running that module (its bundle, or its TypeScript), its heap capped at `heapMb`. */
export function startTsThread(entry: string, heapMb: number): Worker {
  if (entry.endsWith(".js")) return new Worker(new URL(entry), { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  return new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { tsx: import.meta.resolve("tsx/esm/api"), entry },
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
}
