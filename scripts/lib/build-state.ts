import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What the Remix build is made from; a newer file here means the build is stale. */
export const BUILD_INPUTS = ["app", "remix.config.js", "tailwind.config.ts", "postcss.config.js", "package-lock.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why the build must be (re)made, or null when it is up to date. */
export function buildStaleReason(root: string): string | null {
  const serverBuild = path.join(root, "build/index.js");
  const assets = path.join(root, "public/build");
  if (!existsSync(serverBuild) || !existsSync(assets)) return "no build yet";
  // `remix dev` (npm run dev) writes a development build in the same place: never serve that.
  if (readFileSync(serverBuild, "utf8").includes('var mode = "development"')) return "the build is npm run dev's development build";
  const builtAt = statSync(serverBuild).mtimeMs;
  for (const input of BUILD_INPUTS) {
    if (newestMtime(path.join(root, input)) > builtAt) return `${input} changed since the last build`;
  }
  return null;
}

/**
 * Runs `remix build` when the build is missing or older than its inputs; `say` reports what it did.
 * Resolves true when it built. Asynchronous, so npm start builds while Postgres starts and migrates.
 */
export async function buildIfStale(root: string, say: (line: string) => void, signal?: AbortSignal): Promise<boolean> {
  const reason = buildStaleReason(root);
  if (!reason) {
    say("build is up to date");
    return false;
  }
  say(`building (${reason})...`);
  const build = spawn(path.join(root, "node_modules/.bin/remix"), ["build"], {
    stdio: "inherit",
    // npm start stopping (Ctrl-C, a Postgres it cannot start) stops the build too.
    signal,
    // A production build whatever NODE_ENV says here (a test runner's "test" would make a development build).
    env: { ...process.env, NODE_ENV: "production", VITE_CJS_IGNORE_WARNING: "true" },
  });
  const status = await new Promise<number | null>((resolve, reject) => {
    build.once("error", reject);
    build.once("exit", (code) => resolve(code));
  });
  if (status !== 0) throw new Error("The build failed (see above).");
  return true;
}
