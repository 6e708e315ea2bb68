import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { completeLockfile, missingOptionals, platformOf, type Lockfile } from "./lockfile.js";

describe("package-lock.json", () => {
  it("has an entry for every optional platform package, so npm ci accepts it on npm 10 and 11", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as Lockfile;
    expect(missingOptionals(lock)).toEqual([]);
  });
});

describe("platformOf", () => {
  it.each([
    ["@rollup/rollup-darwin-arm64", { os: "darwin", cpu: "arm64" }],
    ["@rollup/rollup-linux-arm-musleabihf", { os: "linux", cpu: "arm", libc: "musl" }],
    ["@rollup/rollup-linux-arm-gnueabihf", { os: "linux", cpu: "arm", libc: "glibc" }],
    ["@rollup/rollup-linux-x64-gnu", { os: "linux", cpu: "x64", libc: "glibc" }],
    ["@rollup/rollup-win32-ia32-msvc", { os: "win32", cpu: "ia32" }],
    ["@rollup/rollup-android-arm-eabi", { os: "android", cpu: "arm" }],
    ["@msgpackr-extract/msgpackr-extract-linux-arm", { os: "linux", cpu: "arm", libc: "glibc" }],
    ["left-pad", null],
  ])("%s", (name, expected) => {
    expect(platformOf(name)).toEqual(expected);
  });
});

describe("completeLockfile", () => {
  it("adds the missing platform entries as optional, dev when the parent is", () => {
    const lock: Lockfile = {
      packages: {
        "": {},
        "node_modules/rollup": { version: "4.0.0", dev: true, optionalDependencies: { "@rollup/rollup-darwin-x64": "4.0.0", "@rollup/rollup-linux-x64-gnu": "4.0.0" } },
        "node_modules/@rollup/rollup-linux-x64-gnu": { version: "4.0.0", optional: true },
      },
    };
    expect(completeLockfile(lock)).toEqual({ added: ["@rollup/rollup-darwin-x64"], unknown: [] });
    expect(lock.packages["node_modules/@rollup/rollup-darwin-x64"]).toEqual({ version: "4.0.0", cpu: ["x64"], dev: true, optional: true, os: ["darwin"] });
    expect(missingOptionals(lock)).toEqual([]);
  });
});
