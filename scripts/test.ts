/**
 * `npm test`: typecheck, lint, build, unit, integration and end-to-end tests, in that
 * order. Every step runs even after a failure so one run shows everything; the exit
 * code is non-zero if any step failed. Ends with one summary line over all runners.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const artifacts = path.resolve("tests/.artifacts");
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads passed/failed/skipped counts from the runner's JSON report. */
  counts?: () => { passed: number; failed: number; skipped: number };
}

function vitestCounts(file: string) {
  return () => {
    const report = JSON.parse(readFileSync(file, "utf8"));
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  };
}

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const vitest = (project: string) => {
  const report = path.join(artifacts, `${project}.json`);
  return {
    name: project,
    command: [bin("vitest"), "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    counts: vitestCounts(report),
  };
};

const steps: Step[] = [
  { name: "typecheck", command: [bin("tsc"), "--noEmit"] },
  { name: "lint", command: [bin("eslint"), "--max-warnings", "0", "."] },
  { name: "build", command: [bin("remix"), "build"], env: { VITE_CJS_IGNORE_WARNING: "true" } },
  vitest("unit"),
  vitest("integration"),
  {
    name: "e2e",
    command: [bin("playwright"), "test"],
    counts: () => {
      const { stats } = JSON.parse(readFileSync(path.join(artifacts, "e2e.json"), "utf8"));
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    },
  },
];

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
const results: string[] = [];
let ok = true;

for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  process.stdout.write(`\n=== ${step.name}: ${step.command.map((c) => path.basename(c)).join(" ")}\n`);
  const started = Date.now();
  const run = spawnSync(step.command[0]!, step.command.slice(1), { stdio: "inherit", env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let stepOk = run.status === 0;
  let detail = "";
  if (step.counts) {
    try {
      const counts = step.counts();
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
      detail = ` (${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""})`;
      if (counts.passed === 0) stepOk = false;
    } catch {
      stepOk = false;
      detail = " (no report: the runner did not finish)";
      totals.failed += 1;
    }
  }
  ok &&= stepOk;
  results.push(`${stepOk ? "ok  " : "FAIL"}  ${step.name.padEnd(11)} ${seconds.padStart(6)} s${detail}`);
}

process.stdout.write(`\n=== summary\n${results.join("\n")}\n\n`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(ok ? 0 : 1);
