import type { JobAttempt, JobLogLine } from "~/lib/jobs";

/**
 * A job's own log: lines kept with the job in Redis (BullMQ's job log), one per attempt
 * boundary and one per step of the work, each stamped with its time. The console reads them
 * back to show every attempt with its time, error and stack.
 */

/** What a service reports after each step; it must never fail the work it describes. */
export type StepLogger = (message: string) => void;

export function logLine(message: string, at = new Date()): string {
  return `${at.toISOString()} ${message}`;
}

const STAMPED = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z) (.*)$/s;

export function parseLogLine(line: string): JobLogLine {
  const match = STAMPED.exec(line);
  return match ? { at: match[1]!, message: match[2]! } : { at: null, message: line };
}

export const attemptLine = {
  started: (n: number, of: number) => `attempt ${n} of ${of} started`,
  succeeded: (n: number, outcome: string) => `attempt ${n} succeeded: ${outcome}`,
  failed: (n: number, error: string) => `attempt ${n} failed: ${error}`,
  postponed: (n: number, why: string) => `attempt ${n} postponed: ${why}`,
};

const ATTEMPT = /^attempt (\d+) (?:of \d+ (started)|(succeeded|failed|postponed): (.*))$/s;

/** "PermanentJobError: The page answered 404" → "The page answered 404". */
function messageOfStack(stack: string | undefined): string | null {
  const first = stack?.split("\n", 1)[0];
  if (!first) return null;
  const colon = first.indexOf(": ");
  return colon > 0 && /^\w*(Error|Exception)\w*$/.test(first.slice(0, colon)) ? first.slice(colon + 2) : first;
}

export interface JobFacts {
  logs: string[];
  /** BullMQ's stack per failed attempt, oldest first (it may keep only the last few). */
  stacktrace: string[];
  attemptsMade: number;
  state: string;
  failedReason: string | null;
  processedOn: number | null;
  finishedOn: number | null;
}

/**
 * Every attempt of a job, from its log lines and BullMQ's own record: the log gives times and
 * errors, the stack trace list gives one stack per failure (matched from the newest back, as
 * BullMQ may drop the oldest). A job whose log is gone still shows its attempts, with what
 * BullMQ kept.
 */
export function reconstructAttempts(job: JobFacts): JobAttempt[] {
  const attempts = new Map<number, JobAttempt>();
  for (const line of job.logs) {
    const { at, message } = parseLogLine(line);
    const match = ATTEMPT.exec(message);
    if (!match) continue;
    const n = Number(match[1]);
    if (match[2]) {
      attempts.set(n, { number: n, startedAt: at, finishedAt: null, outcome: "running", error: null, stack: null });
      continue;
    }
    const attempt = attempts.get(n) ?? { number: n, startedAt: null, finishedAt: null, outcome: "running", error: null, stack: null };
    attempt.outcome = match[3] as JobAttempt["outcome"];
    attempt.finishedAt = at;
    attempt.error = attempt.outcome === "succeeded" ? null : match[4]!;
    attempts.set(n, attempt);
  }
  for (let n = 1; n <= job.attemptsMade; n++) {
    if (attempts.has(n)) continue;
    const last = n === job.attemptsMade;
    attempts.set(n, {
      number: n,
      startedAt: last && job.processedOn ? new Date(job.processedOn).toISOString() : null,
      finishedAt: last && job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      outcome: last && job.state === "completed" ? "succeeded" : "failed",
      error: null,
      stack: null,
    });
  }
  const ordered = [...attempts.values()].sort((a, b) => a.number - b.number);
  // An attempt still marked running in a job that is no longer active ended without a word.
  if (job.state !== "active") {
    for (const attempt of ordered) if (attempt.outcome === "running" && attempt.number <= job.attemptsMade) attempt.outcome = "failed";
  }
  const failed = ordered.filter((attempt) => attempt.outcome === "failed");
  const stacks = job.stacktrace.slice(-failed.length);
  failed.slice(-stacks.length).forEach((attempt, i) => (attempt.stack = stacks[i] ?? null));
  for (const attempt of failed) attempt.error ??= messageOfStack(attempt.stack ?? undefined);
  const lastFailed = failed.at(-1);
  if (lastFailed && job.failedReason) lastFailed.error ??= job.failedReason;
  return ordered;
}

export interface MetricsReading {
  meta: { count: number; prevTS: number; prevCount: number };
  data: number[];
}

/**
 * BullMQ's per-minute metrics as a series of `minutes` counts ending with the current minute,
 * oldest first. BullMQ keeps the running count of the minute of its last finished job (`meta`)
 * and closed minutes before it (`data`, newest first), and only writes when a job finishes, so
 * minutes after that one had nothing.
 */
export function metricsSeries(reading: MetricsReading, now: number, minutes = 60): { from: Date; counts: number[] } {
  const current = Math.floor(now / 60_000);
  const first = current - minutes + 1;
  const last = reading.meta.prevTS ? Math.floor(reading.meta.prevTS / 60_000) : null;
  const counts: number[] = [];
  for (let minute = first; minute <= current; minute++) {
    if (last === null || minute > last) counts.push(0);
    else if (minute === last) counts.push(Math.max(0, reading.meta.count - reading.meta.prevCount));
    else counts.push(reading.data[last - 1 - minute] ?? 0);
  }
  return { from: new Date(first * 60_000), counts };
}
