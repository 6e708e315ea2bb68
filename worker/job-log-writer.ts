import type { Job } from "bullmq";
import type { Redis } from "ioredis";
import { logLine, type StepLogger } from "~/server/jobs/log-lines.server";

/**
 * A job's log lines go to Redis together: what a job writes within FLUSH_MS (most often a link's
 * whole enrichment) in one round trip, not one BullMQ script call a line. A link's seven lines were
 * half of the worker's calls to Redis (decision 035). Each line keeps the time it was written; the
 * worker sends what waits at every attempt boundary (`flushJobLog`), before BullMQ moves the job
 * on, so a finished attempt's log is whole.
 */
const FLUSH_MS = 200;
/** Lines a single call carries at most (Lua's unpack has a limit of its own, far above this). */
const LINES_PER_CALL = 500;

/** Appends lines to a job's log as BullMQ's addLog does: only while the job exists, trimmed to keepLogs. */
const ADD_LINES = `
if redis.call("EXISTS", KEYS[1]) ~= 1 then return -1 end
local count = redis.call("RPUSH", KEYS[2], unpack(ARGV, 2))
local keep = tonumber(ARGV[1])
if keep and keep > 0 then redis.call("LTRIM", KEYS[2], -keep, -1) end
return count`;

type JobLogClient = Redis & { addJobLogLines(jobKey: string, logsKey: string, keepLogs: string, ...lines: string[]): Promise<number> };

let client: JobLogClient | null = null;

/** The worker's Redis connection (the one BullMQ uses): the script is defined on it once. */
export function sendJobLogsOn(connection: Redis) {
  connection.defineCommand("addJobLogLines", { numberOfKeys: 2, lua: ADD_LINES });
  client = connection as JobLogClient;
}

interface Waiting {
  lines: string[];
  timer: NodeJS.Timeout | null;
  /** The last send of this job's lines: the next one goes after it, so lines stay in order. */
  sent: Promise<void>;
}

const waiting = new Map<string, Waiting>();
const keyOf = (job: Job) => `${job.queueQualifiedName}:${job.id}`;

async function send(job: Job, lines: string[]): Promise<void> {
  if (!client) throw new Error("sendJobLogsOn was not called");
  const jobKey = keyOf(job);
  for (let i = 0; i < lines.length; i += LINES_PER_CALL) {
    await client.addJobLogLines(jobKey, `${jobKey}:logs`, String(job.opts.keepLogs ?? ""), ...lines.slice(i, i + LINES_PER_CALL));
  }
}

/** Sends the lines that wait for `job` now; resolves once every line written so far is in Redis (or could not be). */
export function flushJobLog(job: Job): Promise<void> {
  const key = keyOf(job);
  const entry = waiting.get(key);
  if (!entry) return Promise.resolve();
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = null;
  const lines = entry.lines.splice(0);
  // A log line never fails the job it describes: a line Redis did not take is dropped.
  entry.sent = entry.sent.then(() => (lines.length ? send(job, lines) : undefined)).catch(() => undefined);
  const sent = entry.sent;
  // Forgotten once idle: nothing waits, no timer runs, and no later send is chained behind this one
  // (a fresh entry's lines could otherwise overtake that send).
  void sent.then(() => {
    if (waiting.get(key) === entry && entry.sent === sent && entry.lines.length === 0 && !entry.timer) waiting.delete(key);
  });
  return sent;
}

/** Adds one stamped line to the job's own log; it goes out within FLUSH_MS, or at the attempt's end. */
export function writeJobLog(job: Job, message: string): void {
  const key = keyOf(job);
  let entry = waiting.get(key);
  if (!entry) {
    entry = { lines: [], timer: null, sent: Promise.resolve() };
    waiting.set(key, entry);
  }
  entry.lines.push(logLine(message));
  entry.timer ??= setTimeout(() => void flushJobLog(job), FLUSH_MS);
}

/** The step callback handed to services: they report each step without knowing about BullMQ. */
export function stepLogger(job: Job): StepLogger {
  return (message) => writeJobLog(job, message);
}
