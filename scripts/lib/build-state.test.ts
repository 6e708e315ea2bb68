import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildStaleReason } from "./build-state";

function project() {
  const root = mkdtempSync(path.join(tmpdir(), "build-state-"));
  const write = (file: string, at: number) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "x");
    utimesSync(path.join(root, file), at, at);
  };
  return { root, write };
}

describe("buildStaleReason", () => {
  it("asks for a build when there is none", () => {
    const { root, write } = project();
    write("app/root.tsx", 1000);
    expect(buildStaleReason(root)).toBe("no build yet");
  });

  it("is satisfied when the build is newer than every input", () => {
    const { root, write } = project();
    write("app/routes/_index.tsx", 1000);
    write("build/index.js", 2000);
    mkdirSync(path.join(root, "public/build"), { recursive: true });
    utimesSync(path.join(root, "app/routes"), 1000, 1000);
    utimesSync(path.join(root, "app"), 1000, 1000);
    expect(buildStaleReason(root)).toBeNull();
  });

  it("names the input that changed after the build", () => {
    const { root, write } = project();
    write("build/index.js", 2000);
    mkdirSync(path.join(root, "public/build"), { recursive: true });
    write("tailwind.config.ts", 3000);
    expect(buildStaleReason(root)).toBe("tailwind.config.ts changed since the last build");
  });
});
