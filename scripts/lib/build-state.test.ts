import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIfStale, buildStaleReason } from "./build-state";

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

  it("asks for a production build over the development one `npm run dev` left, however new", () => {
    const { root, write } = project();
    write("app/root.tsx", 1000);
    write("build/index.js", 2000);
    mkdirSync(path.join(root, "public/build"), { recursive: true });
    utimesSync(path.join(root, "app"), 1000, 1000);
    writeFileSync(path.join(root, "build/index.js"), 'var mode = "development", assetsBuildDirectory = "public/build";\n');
    utimesSync(path.join(root, "build/index.js"), 2000, 2000);
    expect(buildStaleReason(root)).toBe("the build is npm run dev's development build");
  });
});

describe("buildIfStale", () => {
  it("builds for production whatever NODE_ENV the caller has (npm start serves the build in production)", async () => {
    const { root, write } = project();
    write("app/root.tsx", 1000);
    // A stand-in for `remix build` that records the NODE_ENV it was given.
    const remix = path.join(root, "node_modules/.bin/remix");
    mkdirSync(path.dirname(remix), { recursive: true });
    writeFileSync(remix, `#!/bin/sh\nprintf '%s' "$NODE_ENV" > "${path.join(root, "built-with")}"\n`, { mode: 0o755 });

    const lines: string[] = [];
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "test";
    try {
      await buildIfStale(root, (line) => lines.push(line));
    } finally {
      process.env.NODE_ENV = before;
    }
    expect(lines).toEqual(["building (no build yet)..."]);
    expect(readFileSync(path.join(root, "built-with"), "utf8")).toBe("production");
  });
});
