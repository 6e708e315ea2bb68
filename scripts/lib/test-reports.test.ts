import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { playwrightCounts, playwrightFiles, vitestCounts, vitestFiles } from "./test-reports";

const dir = mkdtempSync(path.join(tmpdir(), "test-reports-"));
const write = (name: string, json: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(json));
  return file;
};

describe("npm test's report readers", () => {
  it("read vitest's counts and each file's time", () => {
    const report = write("vitest.json", {
      numPassedTests: 5,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [{ name: path.join(process.cwd(), "tests/integration/a.test.ts"), startTime: 1_000, endTime: 3_500 }],
    });
    expect(vitestCounts(report)).toEqual({ passed: 5, failed: 1, skipped: 3 });
    expect(vitestFiles(report)).toEqual([{ file: "tests/integration/a.test.ts", seconds: 2.5 }]);
  });

  it("add up a Playwright file's tests, those in describe blocks and every retry included", () => {
    const result = (duration: number) => ({ results: [{ duration }] });
    const report = write("e2e.json", {
      config: { rootDir: path.join(process.cwd(), "tests/e2e") },
      stats: { expected: 3, flaky: 1, unexpected: 2, skipped: 0 },
      suites: [
        { file: "a.spec.ts", specs: [{ tests: [result(1_000)] }], suites: [{ file: "a.spec.ts", specs: [{ tests: [result(500), { results: [{ duration: 250 }, { duration: 250 }] }] }] }] },
        { file: "b.spec.ts", specs: [{ tests: [result(4_000)] }] },
      ],
    });
    expect(playwrightCounts(report)).toEqual({ passed: 4, failed: 2, skipped: 0 });
    expect(playwrightFiles(report)).toEqual([
      { file: "tests/e2e/a.spec.ts", seconds: 2 },
      { file: "tests/e2e/b.spec.ts", seconds: 4 },
    ]);
  });
});
