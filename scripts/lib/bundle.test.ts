import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENTRIES, bundleStaleReason } from "./bundle.js";

/** A project with every bundle written at `builtAt` from one source and the config inputs at 1000. */
function bundled(builtAt: number) {
  const root = mkdtempSync(path.join(tmpdir(), "bundle-state-"));
  const write = (file: string, at: number) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "x");
    utimesSync(path.join(root, file), at, at);
  };
  for (const file of ["tsconfig.json", "package-lock.json", "scripts/lib/bundle.js", "worker/index.ts"]) write(file, 1000);
  for (const name of Object.keys(ENTRIES)) write(`build/${name}.js`, builtAt);
  writeFileSync(path.join(root, "build/entries.json"), JSON.stringify({ entries: Object.keys(ENTRIES), inputs: ["worker/index.ts"] }));
  return { root, write };
}

describe("bundleStaleReason", () => {
  it("asks for a bundle when there is none", () => {
    expect(bundleStaleReason(mkdtempSync(path.join(tmpdir(), "bundle-state-")))).toBe("no bundle yet");
  });

  it("is satisfied when every bundle is newer than every source it was made from", () => {
    expect(bundleStaleReason(bundled(2000).root)).toBeNull();
  });

  it("names the source that changed after the bundle", () => {
    const { root, write } = bundled(2000);
    write("worker/index.ts", 3000);
    expect(bundleStaleReason(root)).toBe("worker/index.ts changed");
  });

  it("bundles again when a bundle is missing or a source it was made from is gone", () => {
    const missing = bundled(2000);
    rmSync(path.join(missing.root, "build/worker.js"));
    expect(bundleStaleReason(missing.root)).toBe("build/worker.js is missing");
    const gone = bundled(2000);
    writeFileSync(path.join(gone.root, "build/entries.json"), JSON.stringify({ entries: Object.keys(ENTRIES), inputs: ["worker/gone.ts"] }));
    expect(bundleStaleReason(gone.root)).toBe("worker/gone.ts is gone");
  });
});
