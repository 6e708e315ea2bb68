/**
 * Reads the JSON reports of vitest and Playwright for `npm test`'s summary: how many tests
 * passed, failed and were skipped, and how long each test file took.
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

const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));

export function vitestCounts(report: string): Counts {
  const json = read(report);
  return { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
}

/** Each file from its first test's start to its last test's end (setup and imports included). */
export function vitestFiles(report: string): FileTime[] {
  const json = read(report) as { testResults: Array<{ name: string; startTime: number; endTime: number }> };
  return json.testResults.map((result) => ({ file: path.relative(process.cwd(), result.name), seconds: (result.endTime - result.startTime) / 1000 }));
}

export function playwrightCounts(report: string): Counts {
  const { stats } = read(report);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

interface PlaywrightSuite {
  file: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>;
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
