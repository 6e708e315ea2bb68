import { copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { zipSync, type Zippable } from "fflate";

/**
 * `npm run extension:build` (decision 069): extension/ built for each browser into
 * build/extension/<browser>/ and zipped as build/extension/linkwise-<browser>-<version>.zip, then
 * web-ext lint over the Firefox build. One source manifest: Chromium gets the background service
 * worker, Firefox the background scripts (with the polyfill first) and browser_specific_settings.
 */
export const BROWSERS = ["chromium", "firefox"] as const;
export type Browser = (typeof BROWSERS)[number];

const SOURCE = "extension";
const OUT = "build/extension";
/** Copied as they are. */
const STATIC_FILES = ["popup.html", "popup.css", "icons"];
const POLYFILL = "node_modules/webextension-polyfill/dist/browser-polyfill.min.js";
/**
 * Chromium runs the background as a service worker, one file: it loads the polyfill itself.
 * Firefox lists the polyfill in background.scripts and has `browser` already.
 */
const SERVICE_WORKER_BANNER = 'if (typeof browser === "undefined" && typeof importScripts === "function") importScripts("browser-polyfill.js");';

type Manifest = Record<string, unknown> & { version: string; background: { service_worker?: string; scripts?: string[] }; browser_specific_settings?: unknown };

/** The manifest for one browser, its version the package's. */
export function manifestFor(source: Manifest, browser: Browser, version: string): Manifest {
  const { service_worker: serviceWorker, scripts } = source.background;
  const manifest: Manifest = { ...source, version, background: browser === "chromium" ? { service_worker: serviceWorker } : { scripts } };
  if (browser === "chromium") delete manifest.browser_specific_settings;
  return manifest;
}

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file, base) : [path.relative(base, file)];
  });
}

/** A zip of the folder's files, in a fixed order and with a fixed date, so the same build gives the same bytes. */
export function zipFolder(dir: string): Uint8Array {
  const mtime = new Date("2026-01-01T00:00:00Z");
  const entries: Zippable = {};
  for (const file of filesUnder(dir).sort()) entries[file.split(path.sep).join("/")] = [readFileSync(path.join(dir, file)), { mtime }];
  return zipSync(entries, { level: 9 });
}

export interface LintResult {
  errors: Array<{ code: string; message: string; file?: string }>;
  warnings: Array<{ code: string; message: string; file?: string }>;
}

/** web-ext lint (addons-linter) over a built folder, as a result rather than printed and exited. Offline: it only reads the folder. */
export async function lintFirefox(sourceDir: string): Promise<LintResult> {
  // web-ext ships no types: the one call we make is typed here. A variable keeps tsc from looking for them.
  const moduleName = "web-ext";
  const { default: webExt } = (await import(moduleName)) as {
    default: { cmd: { lint(params: Record<string, unknown>, options: Record<string, unknown>): Promise<LintResult> } };
  };
  return webExt.cmd.lint({ sourceDir, output: "none", selfHosted: false, warningsAsErrors: false }, { shouldExitProgram: false });
}

export interface BuiltExtension {
  browser: Browser;
  dir: string;
  zip: string;
  bytes: number;
}

/** `out` is build/extension/ unless given (the unit test builds into a folder of its own). */
export async function buildExtension(root = process.cwd(), out = path.join(root, OUT)): Promise<BuiltExtension[]> {
  const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  const source = JSON.parse(readFileSync(path.join(root, SOURCE, "manifest.json"), "utf8")) as Manifest;
  rmSync(out, { recursive: true, force: true });
  const built: BuiltExtension[] = [];
  for (const browser of BROWSERS) {
    const dir = path.join(out, browser);
    mkdirSync(dir, { recursive: true });
    await build({
      absWorkingDir: root,
      entryPoints: { popup: `${SOURCE}/src/popup.ts`, background: `${SOURCE}/src/background.ts` },
      outdir: dir,
      bundle: true,
      format: "iife",
      target: browser === "chromium" ? "chrome120" : "firefox142",
      minify: false,
      legalComments: "none",
      logLevel: "warning",
      banner: browser === "chromium" ? { js: SERVICE_WORKER_BANNER } : undefined,
    });
    for (const file of STATIC_FILES) cpSync(path.join(root, SOURCE, file), path.join(dir, file), { recursive: true });
    copyFileSync(path.join(root, POLYFILL), path.join(dir, "browser-polyfill.js"));
    writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify(manifestFor(source, browser, version), null, 2)}\n`);
    const zip = path.join(out, `linkwise-${browser}-${version}.zip`);
    const bytes = zipFolder(dir);
    writeFileSync(zip, bytes);
    built.push({ browser, dir, zip, bytes: bytes.length });
  }
  return built;
}
