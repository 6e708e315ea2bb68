/**
 * The processes' entry points as plain JavaScript (decision 062): `npm run build` bundles each
 * entry below with esbuild into build/<name>.js, our own TypeScript inlined and every package
 * left to Node, so a process starts without tsx transforming and resolving its modules.
 * `node scripts/run.js <name>` (what npm start, npm run web and npm run worker run) bundles
 * again first when a source file is newer than the bundle.
 *
 * Plain JavaScript on purpose: it runs before there is anything to run TypeScript with.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** build/<name>.js ← source. Thread and child entries sit beside build/index.js, where serverModuleUrl looks. */
export const ENTRIES = {
  start: "scripts/start.ts",
  web: "scripts/web.ts",
  worker: "worker/index.ts",
  migrate: "scripts/migrate.ts",
  seed: "scripts/seed.ts",
  "worker-health": "scripts/worker-health.ts",
  "embedded-postgres-child": "scripts/lib/embedded-postgres-child.ts",
  "page-parse-thread.server": "app/server/fetching/page-parse-thread.server.ts",
  "parse-thread.server": "app/server/imports/parse-thread.server.ts",
  "pdf-child.server": "app/server/fetching/pdf-child.server.ts",
};

/** What the last bundle was made from (relative paths), written beside it. */
const MANIFEST = "build/entries.json";
/** Besides the sources esbuild read: what changes how they are read. */
const CONFIG_INPUTS = ["tsconfig.json", "package-lock.json", "scripts/lib/bundle.js"];
/** A package's entry Node's ESM loader will not import (a JSON file): bundled, as the Remix build does (decision 020). */
const BUNDLED_PACKAGES = ["stopwords-iso"];

/** Why the bundles must be made again, or null when they are up to date. */
export function bundleStaleReason(root) {
  const manifestPath = path.join(root, MANIFEST);
  if (!existsSync(manifestPath)) return "no bundle yet";
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  } catch {
    return "its manifest is unreadable";
  }
  const names = Object.keys(ENTRIES);
  if (names.some((name) => !manifest.entries?.includes(name))) return "an entry was added";
  let builtAt = Infinity;
  for (const name of names) {
    const file = path.join(root, "build", `${name}.js`);
    if (!existsSync(file)) return `build/${name}.js is missing`;
    builtAt = Math.min(builtAt, statSync(file).mtimeMs);
  }
  for (const input of [...manifest.inputs, ...CONFIG_INPUTS]) {
    let mtime;
    try {
      mtime = statSync(path.join(root, input)).mtimeMs;
    } catch {
      return `${input} is gone`;
    }
    if (mtime > builtAt) return `${input} changed`;
  }
  return null;
}

/** Bundles every entry (about half a CPU-second). Files are written whole and renamed, so a process starting meanwhile never reads half a file. */
export async function bundleEntries(root) {
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, source])),
    outdir: "build",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    metafile: true,
    write: false,
    logLevel: "warning",
    plugins: [
      {
        name: "packages-stay-external",
        setup(bundler) {
          bundler.onResolve({ filter: /^[^./~]/ }, (args) => {
            if (BUNDLED_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  mkdirSync(path.join(root, "build"), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes("node_modules/"));
  const manifest = path.join(root, MANIFEST);
  writeFileSync(`${manifest}.${process.pid}.tmp`, JSON.stringify({ entries: Object.keys(ENTRIES), inputs }, null, 1));
  renameSync(`${manifest}.${process.pid}.tmp`, manifest);
}

/** Bundles when stale; returns what it did, for a log line, or null when nothing was needed. */
export async function bundleIfStale(root) {
  const reason = bundleStaleReason(root);
  if (!reason) return null;
  await bundleEntries(root);
  return reason;
}

// `node scripts/lib/bundle.js`: bundle now (the second half of `npm run build`).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const started = performance.now();
  await bundleEntries(process.cwd());
  process.stdout.write(`bundled ${Object.keys(ENTRIES).length} entries into build/ in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
