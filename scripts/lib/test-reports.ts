/**
 * Reads the JSON reports of vitest and Playwright for `npm test`'s summary: how many tests
 * passed, failed and were skipped, how long each test file took, and which tests failed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface FileTime {
  file: string;
  seconds: number;
}

export interface Failure {
  /** The file, with the line for Playwright. */
  file: string;
  title: string;
  /** The error's message without colour codes: up to ERROR_LINES lines before its stack. */
  error: string;
}

/** Enough of an error to tell what failed from CI's tail (Playwright's Expected and Received lines come 3rd to 5th). */
const ERROR_LINES = 6;

const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));

const errorText = (message = "") => {
  const lines = message.replace(/\u001b\[[0-9;]*m/g, "").trim().split("\n").map((line) => line.trimEnd());
  const stack = lines.findIndex((line) => /^\s*at /.test(line));
  return lines
    .slice(0, stack === -1 ? undefined : stack)
    .filter((line) => line.trim() !== "")
    .slice(0, ERROR_LINES)
    .join("\n");
};

export function vitestCounts(report: string): Counts {
  const json = read(report);
  return { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
}

/** Each file from its first test's start to its last test's end (setup and imports included). */
export function vitestFiles(report: string): FileTime[] {
  const json = read(report) as { testResults: Array<{ name: string; startTime: number; endTime: number }> };
  return json.testResults.map((result) => ({ file: path.relative(process.cwd(), result.name), seconds: (result.endTime - result.startTime) / 1000 }));
}

export function vitestFailures(report: string): Failure[] {
  const json = read(report) as {
    testResults: Array<{ name: string; assertionResults: Array<{ status: string; fullName: string; failureMessages: string[] }> }>;
  };
  return json.testResults.flatMap((result) =>
    result.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => ({ file: path.relative(process.cwd(), result.name), title: test.fullName, error: errorText(test.failureMessages[0]) })),
  );
}

export function playwrightCounts(report: string): Counts {
  const { stats } = read(report);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

interface PlaywrightSuite {
  file: string;
  title?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title?: string;
    line?: number;
    tests: Array<{ status?: string; results: Array<{ duration: number; error?: { message?: string; location?: { file: string; line: number } } }> }>;
  }>;
}

/** Each spec file's tests added up (they may have run on two workers side by side). */
export function playwrightFiles(report: string): FileTime[] {
  const { suites, config } = read(report) as { suites: PlaywrightSuite[]; config: { rootDir: string } };
  const byFile = new Map<string, number>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) byFile.set(suite.file, (byFile.get(suite.file) ?? 0) + result.duration);
    suite.suites?.forEach(visit);
  };
  suites.forEach(visit);
  const root = path.relative(process.cwd(), config.rootDir);
  return [...byFile].map(([file, ms]) => ({ file: path.join(root, file), seconds: ms / 1000 }));
}

/** Tests that failed on every try ("unexpected"); a test that passed on a retry is not listed. */
export function playwrightFailures(report: string): Failure[] {
  const { suites, config } = read(report) as { suites: PlaywrightSuite[]; config: { rootDir: string } };
  const root = path.relative(process.cwd(), config.rootDir);
  const failures: Failure[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests.filter((test) => test.status === "unexpected")) {
        const error = test.results.find((result) => result.error)?.error;
        const at = error?.location ? `\n(failed at line ${error.location.line})` : "";
        failures.push({ file: `${path.join(root, suite.file)}:${spec.line}`, title: [...titles, spec.title].join(" › "), error: errorText(error?.message) + at });
      }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title ?? ""]);
  };
  for (const suite of suites) visit(suite, []);
  return failures;
}
