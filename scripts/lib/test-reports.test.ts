import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { playwrightCounts, playwrightFailures, playwrightFiles, vitestCounts, vitestFailures, vitestFiles } from "./test-reports";

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

  it("name each failed test with its error up to the stack (at most six lines) and the failing line, so CI's tail says what failed", () => {
    const vitest = write("vitest-failed.json", {
      testResults: [
        {
          name: path.join(process.cwd(), "tests/integration/a.test.ts"),
          assertionResults: [
            { status: "passed", fullName: "a works", failureMessages: [] },
            { status: "failed", fullName: "a saves > the link", failureMessages: ["AssertionError: expected 1 to be 2\n    at a.test.ts:3"] },
          ],
        },
      ],
    });
    expect(vitestFailures(vitest)).toEqual([{ file: "tests/integration/a.test.ts", title: "a saves > the link", error: "AssertionError: expected 1 to be 2" }]);

    const playwright = write("e2e-failed.json", {
      config: { rootDir: path.join(process.cwd(), "tests/e2e") },
      suites: [
        {
          file: "a.spec.ts",
          specs: [{ title: "passes on retry", line: 3, tests: [{ status: "flaky", results: [{ status: "failed", error: { message: "x" } }, { status: "passed" }] }] }],
          suites: [
            {
              file: "a.spec.ts",
              title: "keyboard",
              specs: [{ title: "moves down", line: 9, tests: [{ status: "unexpected", results: [{ status: "failed", error: { message: "\u001b[31mError: expect(locator).toHaveCount(expected) failed\u001b[39m\n\nLocator: getByTestId('row')\nExpected: 2\nReceived: 4\nTimeout: 10000ms\n\nCall log:\n  - waiting\n  - more", location: { file: "/x/tests/e2e/a.spec.ts", line: 57 } } }] }] }],
            },
          ],
        },
      ],
    });
    expect(playwrightFailures(playwright)).toEqual([{ file: "tests/e2e/a.spec.ts:9", title: "keyboard › moves down", error: "Error: expect(locator).toHaveCount(expected) failed\nLocator: getByTestId('row')\nExpected: 2\nReceived: 4\nTimeout: 10000ms\nCall log:\n(failed at line 57)" }]);
  });
});
