/**
 * `npm test`: every tier, each with a time budget, in two phases that keep both cores busy:
 *
 *   1. typecheck ‖ lint ‖ build → unit
 *   2. integration ‖ e2e (both need the build)
 *
 * Every tier runs even after another failed, so one run shows everything; the exit code is
 * non-zero if any did. Parallel tiers print their lines prefixed with the tier's name. It ends
 * with the time of each tier against its budget, the 20 slowest test files, the failed tests
 * (last, so a log's tail names them), and one summary line over all runners. `npm test -- unit integration` runs only the tiers named.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { playwrightCounts, playwrightFailures, playwrightFiles, vitestCounts, vitestFailures, vitestFiles, type Counts, type Failure, type FileTime } from "./lib/test-reports";

const artifacts = path.resolve("tests/.artifacts");
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

interface Tier {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /**
   * Seconds this tier should take on a quiet 2-core machine, beside the tiers of its phase
   * (docs/testing.md): 15 minutes in all. Printed beside its time.
   */
  budget: number;
  /** Passed/failed/skipped from the runner's JSON report. */
  counts?: () => Counts;
  /** Each test file's time, for the slowest-files table. */
  files?: () => FileTime[];
  /** The tests that failed, for the list at the end. */
  failures?: () => Failure[];
}

const bin = (name: string) => path.resolve("node_modules/.bin", name);

function vitest(project: string, budget: number): Tier {
  const report = path.join(artifacts, `${project}.json`);
  return {
    name: project,
    command: [bin("vitest"), "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    budget,
    counts: () => vitestCounts(report),
    files: () => vitestFiles(report),
    failures: () => vitestFailures(report),
  };
}

/**
 * One Playwright project. The instance-wide specs run after the app's, in a run of their own
 * (`--no-deps`): as a dependent project they were skipped whenever any app spec failed.
 */
function playwright(name: string, project: string, budget: number, extra: string[] = []): Tier {
  const report = path.join(artifacts, `${name}.json`);
  return {
    name,
    // Each run its own output folder: Playwright empties it at start, and the instance-wide run
    // would otherwise delete the app run's traces of a failure.
    command: [bin("playwright"), "test", "--project", project, "--output", path.join(artifacts, `${name}-results`), ...extra],
    env: { E2E_REPORT: report },
    budget,
    counts: () => playwrightCounts(report),
    files: () => playwrightFiles(report),
    failures: () => playwrightFailures(report),
  };
}

const tiers = {
  typecheck: { name: "typecheck", command: [bin("tsc"), "--noEmit"], budget: 90 },
  lint: { name: "lint", command: [bin("eslint"), "--max-warnings", "0", "."], budget: 60 },
  // The Remix build, then the processes' bundles (scripts/lib/bundle.js), which every spawned web server and worker runs.
  build: { name: "build", command: ["npm", "run", "--silent", "build"], env: { VITE_CJS_IGNORE_WARNING: "true" }, budget: 30 },
  unit: vitest("unit", 90),
  integration: vitest("integration", 780),
  e2e: playwright("e2e", "app", 690),
  "e2e-global": playwright("e2e-global", "instance-wide", 90, ["--no-deps"]),
} satisfies Record<string, Tier>;

/** Phases run one after another; the lanes of a phase run side by side, each lane's tiers in order. */
const phases: Tier[][][] = [
  [[tiers.typecheck], [tiers.lint], [tiers.build, tiers.unit]],
  [[tiers.integration], [tiers.e2e, tiers["e2e-global"]]],
];

interface Result {
  tier: Tier;
  ok: boolean;
  seconds: number;
  counts?: Counts;
  files: FileTime[];
  failures: Failure[];
}

const only = new Set(process.argv.slice(2));
const wanted = (tier: Tier) => only.size === 0 || only.has(tier.name);

/** Runs one tier; with `prefix`, each line it prints is tagged with its name (it shares the terminal). */
function runTier(tier: Tier, prefix: boolean): Promise<Result> {
  process.stdout.write(`\n=== ${tier.name}: ${tier.command.map((part) => path.basename(part)).join(" ")}\n`);
  const started = Date.now();
  const child = spawn(tier.command[0]!, tier.command.slice(1), {
    stdio: prefix ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...tier.env, ...(prefix ? { FORCE_COLOR: "0", NO_COLOR: "1" } : {}) },
  });
  if (prefix) {
    for (const stream of [child.stdout!, child.stderr!]) {
      let partial = "";
      stream.on("data", (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop()!;
        for (const line of lines) process.stdout.write(`${tier.name.padEnd(11)}| ${line}\n`);
      });
      stream.on("end", () => partial && process.stdout.write(`${tier.name.padEnd(11)}| ${partial}\n`));
    }
  }
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const seconds = (Date.now() - started) / 1000;
      let ok = code === 0;
      let counts: Counts | undefined;
      let files: FileTime[] = [];
      let failures: Failure[] = [];
      if (tier.counts) {
        try {
          counts = tier.counts();
          files = tier.files?.() ?? [];
          failures = tier.failures?.() ?? [];
          // A runner that ran nothing has not passed.
          if (counts.passed === 0) ok = false;
        } catch {
          ok = false;
          counts = { passed: 0, failed: 1, skipped: 0 };
        }
      }
      process.stdout.write(`=== ${tier.name}: ${ok ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s\n`);
      resolve({ tier, ok, seconds, counts, files, failures });
    });
  });
}

async function runLane(lane: Tier[], prefix: boolean): Promise<Result[]> {
  const results: Result[] = [];
  for (const tier of lane.filter(wanted)) results.push(await runTier(tier, prefix));
  return results;
}

const results: Result[] = [];
const startedAll = Date.now();
for (const phase of phases) {
  const lanes = phase.filter((lane) => lane.some(wanted));
  const phaseResults = await Promise.all(lanes.map((lane) => runLane(lane, lanes.length > 1)));
  results.push(...phaseResults.flat());
}
const totalSeconds = (Date.now() - startedAll) / 1000;

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;
const lines = results.map(({ tier, ok, seconds, counts }) => {
  const detail = counts ? ` ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}` : "";
  const over = seconds > tier.budget ? "  over budget" : "";
  return `${ok ? "ok  " : "FAIL"}  ${tier.name.padEnd(11)} ${minutes(seconds).padStart(6)} (budget ${minutes(tier.budget)})${detail}${over}`;
});
process.stdout.write(`\n=== summary (tiers of a phase ran side by side; wall time ${minutes(totalSeconds)})\n${lines.join("\n")}\n`);

const slowest = results
  .flatMap((result) => result.files.map((file) => ({ ...file, tier: result.tier.name })))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 20);
if (slowest.length) {
  process.stdout.write(`\n=== slowest test files\n`);
  for (const file of slowest) process.stdout.write(`${file.seconds.toFixed(1).padStart(7)} s  ${file.tier.padEnd(11)} ${file.file}\n`);
}

const failures = results.flatMap((result) => result.failures.map((failure) => ({ ...failure, tier: result.tier.name })));
if (failures.length) {
  process.stdout.write(`\n=== failed tests\n`);
  for (const failure of failures) process.stdout.write(`${failure.tier.padEnd(11)} ${failure.file} › ${failure.title}\n${failure.error.replace(/^/gm, " ".repeat(12))}\n`);
}

const totals = results.reduce(
  (sum, { counts }) => ({ passed: sum.passed + (counts?.passed ?? 0), failed: sum.failed + (counts?.failed ?? 0), skipped: sum.skipped + (counts?.skipped ?? 0) }),
  { passed: 0, failed: 0, skipped: 0 },
);
const ok = results.every((result) => result.ok);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(ok ? 0 : 1);
