/**
 * `npm run jobs -- <command>` (scripts/jobs.ts runs this in its own process): the jobs console's powers on the command line. It calls the same
 * services as /api/admin/jobs and writes the same audit rows (the actor is `cli:<os user>`, or
 * an admin named with `--as`). Human tables by default, `--json` for scripts; exit code 0 when
 * everything worked, 1 when an operation failed, 2 for a usage error.
 */
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import type * as z from "zod";
import {
  MAX_BULK,
  FAILURE_QUEUES,
  QUEUE_NAMES,
  failureFilterSchema,
  reenrichFilterSchema,
  type BulkResult,
  type FailureDetail,
  type FailurePage,
  type JobsStats,
  type ReasonCount,
  type WorkerInfo,
} from "../../app/lib/jobs";
import type { Actor } from "../../app/server/jobs-console/operations.server";
import { formatAge, formatTable } from "./table";

/**
 * The services, with their database and queue clients, load only once the arguments are
 * understood: --help and a usage error answer at once.
 */
async function loadServices() {
  const [operations, replay, http, platformProcess, queue, database, redis] = await Promise.all([
    import("../../app/server/jobs-console/operations.server"),
    import("../../app/server/jobs-console/replay.server"),
    import("../../app/server/platform/http.server"),
    import("../../app/server/platform/process.server"),
    import("../../app/server/jobs/queue.server"),
    import("../../app/server/platform/db.server"),
    import("../../app/server/platform/redis.server"),
  ]);
  platformProcess.loadEnvOrExit();
  return {
    ...operations,
    ...replay,
    HttpError: http.HttpError,
    close: () => Promise.allSettled([queue.closeQueues(), redis.closeRedis(), database.closeDb()]),
  };
}
let loaded: Awaited<ReturnType<typeof loadServices>> | undefined;
async function services() {
  loaded ??= await loadServices();
  return loaded;
}

export const USAGE = `Usage: npm run jobs -- <command> [options]

Commands:
  stats                              every queue: counts, last hour, oldest waiting, paused; failures; workers
  failed [filters] [--limit N] [--cursor C]
                                     failures grouped by reason, then the newest ones
  show <id>                          one failure (link, result or job id) with attempts, stack and log
  retry <id...>                      replay these failures
  retry --all [filters] [--dry-run] [--limit N]
                                     replay every failure matching the filters (at most 10,000 per run)
  remove <id...> [--queue Q]         remove jobs from Redis (a failed link keeps its row)
  promote <id...> [--queue Q]        run delayed jobs now
  pause <queue> | resume <queue>     stop or restart a queue for every worker
  workers                            worker processes: host, pid, queues, beats, jobs, running now
  reenrich [--user U] [--engine E] [--before T] [--dry-run] [--limit N]
                                     enrich those links again at the lowest priority, not charged

Filters: --queue ${FAILURE_QUEUES.join("|")}  --reason "any part of it, any case"  --user email|id
         --domain host  --since 2h|7d|ISO date  --until 2h|ISO date
Options: --json (machine-readable output)  --as admin@example.com (act as this admin in the audit trail)
Queues:  ${QUEUE_NAMES.join(", ")}`;

class UsageError extends Error {}

/** Where the command line writes: the process's stdout and stderr, or a test's buffers. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const processIo: CliIo = { out: (text) => void process.stdout.write(text), err: (text) => void process.stderr.write(text) };

/**
 * Runs one command line (`argv` without node and the script) and returns its exit code. With
 * `close: false` the database, Redis and queue clients stay open afterwards: a process that goes on
 * using them (a test calling the command line in-process) keeps them.
 */
export async function runJobsCli(argv: string[], io: CliIo = processIo, { close = true } = {}): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: "boolean", default: false },
        as: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
        all: { type: "boolean", default: false },
        "dry-run": { type: "boolean", default: false },
        limit: { type: "string" },
        cursor: { type: "string" },
        queue: { type: "string" },
        reason: { type: "string" },
        user: { type: "string" },
        domain: { type: "string" },
        since: { type: "string" },
        until: { type: "string" },
        engine: { type: "string" },
        before: { type: "string" },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
  const { values: options, positionals } = parsed;

  const [command, ...args] = positionals;
  const json = options.json;
  const out = (text: string) => io.out(`${text}\n`);
  const print = (value: unknown, human: () => string) => out(json ? JSON.stringify(value, null, 2) : human());

  function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join("; "));
    return parsed.data;
  }

  function limitOption(fallback: number, max: number): number {
    if (options.limit === undefined) return fallback;
    const limit = Number(options.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new UsageError(`--limit must be a whole number from 1 to ${max}`);
    return limit;
  }

  function failureFilter() {
    return parse(failureFilterSchema, {
      queue: options.queue,
      reason: options.reason,
      user: options.user,
      domain: options.domain,
      since: options.since,
      until: options.until,
    });
  }

  function requireArgs(what: string, min = 1): string[] {
    if (args.length < min) throw new UsageError(`${command} needs ${what}`);
    return args;
  }

  const when = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/\.\d+Z$/, "Z") : "");

  function humanStats(stats: JobsStats): string {
    const queues = formatTable(
      ["queue", "state", "waiting", "prioritized", "active", "delayed", "failed", "done/h", "failed/h", "oldest waiting"],
      stats.queues.map((q) => [
        q.name,
        q.paused ? "PAUSED" : "running",
        q.counts.waiting,
        q.counts.prioritized,
        q.counts.active,
        q.counts.delayed,
        q.counts.failed,
        q.lastHour.completed,
        q.lastHour.failed,
        q.oldestWaiting ? formatAge(q.oldestWaiting.ageMs) : "",
      ]),
    );
    return [
      queues,
      "",
      `Failed rows in Postgres: ${stats.failures.total} (${stats.failures.links} links, ${stats.failures.artifacts} results)`,
      `Workers: ${stats.workers.live} live, ${stats.workers.lost} lost`,
    ].join("\n");
  }

  /** Nothing had the reason asked for: the reasons there are, so the next try can name one. */
  function humanOtherReasons(otherReasons: ReasonCount[] | undefined): string {
    if (!otherReasons) return "";
    const asked = `No failure's reason contains "${options.reason?.trim()}" (any case).`;
    if (otherReasons.length === 0) return `\n${asked} No failures match the other filters either.`;
    const table = formatTable(["count", "reason"], otherReasons.map((r) => [r.count, r.reason]));
    return `\n${asked} The reasons there are${otherReasons.length > 1 ? ", most frequent first" : ""}:\n${table}`;
  }

  function humanFailures(page: FailurePage): string {
    if (page.total === 0) return `No failures match.${humanOtherReasons(page.otherReasons)}`;
    const groups = formatTable(
      ["count", "links", "results", "last failed", "reason"],
      page.groups.map((g) => [g.count, g.links, g.artifacts, when(g.lastFailedAt), g.reason]),
    );
    const items = formatTable(
      ["id", "kind", "failed at", "job", "user", "domain", "reason"],
      page.items.map((f) => [f.id, f.kind, when(f.failedAt), f.job, f.user.email, f.domain, f.reason]),
    );
    const more = page.nextCursor ? `\nMore: --cursor ${page.nextCursor}` : "";
    return `${page.total} failure(s), by reason:\n${groups}\n\nNewest first:\n${items}${more}`;
  }

  function humanDetail(detail: FailureDetail): string {
    const lines: string[] = [`${detail.kind} ${detail.id} (queue ${detail.queue})`];
    if (detail.link) {
      lines.push(`Link:     ${detail.link.url}`, `Status:   ${detail.link.status}${detail.link.error ? ` — ${detail.link.error}` : ""}`);
      if (detail.link.title) lines.push(`Title:    ${detail.link.title}`);
      lines.push(`Saved:    ${when(detail.link.createdAt)}   updated ${when(detail.link.updatedAt)}`);
    }
    if (detail.artifact) lines.push(`Result:   ${detail.artifact.kind}${detail.artifact.variant ? ` (${detail.artifact.variant})` : ""}, ${detail.artifact.status}${detail.artifact.error ? ` — ${detail.artifact.error}` : ""}`);
    if (detail.owner) lines.push(`Owner:    ${detail.owner.email} (${detail.owner.role}, ${detail.owner.id})`);
    lines.push(`Payload:  ${JSON.stringify(detail.payload)}`);
    if (!detail.job) {
      lines.push("", `Job:      none. ${detail.jobMissing ?? ""}`);
      return lines.join("\n");
    }
    const job = detail.job;
    lines.push(
      "",
      `Job:      ${job.name}, ${job.state}, attempt ${job.attemptsMade} of ${job.maxAttempts}, priority ${job.priority}`,
      `Created:  ${when(job.createdAt)}   processed ${when(job.processedAt)}   finished ${when(job.finishedAt)}`,
    );
    if (job.failedReason) lines.push(`Reason:   ${job.failedReason}`);
    lines.push("", "Attempts:");
    lines.push(
      formatTable(
        ["#", "started", "finished", "outcome", "error"],
        job.attempts.map((a) => [a.number, when(a.startedAt), when(a.finishedAt), a.outcome, a.error]),
      ),
    );
    for (const attempt of job.attempts) {
      if (attempt.stack) lines.push("", `Stack of attempt ${attempt.number}:`, attempt.stack);
    }
    lines.push("", "Log:");
    for (const line of job.logs) lines.push(`  ${when(line.at)}  ${line.message}`);
    return lines.join("\n");
  }

  function humanWorkers(workers: WorkerInfo[]): string {
    if (workers.length === 0) return "No worker has beaten into Postgres.";
    return formatTable(
      ["worker", "status", "queues", "concurrency", "started", "last beat", "done", "failed", "running now"],
      workers.map((w) => [
        w.id,
        w.status,
        w.queues.join(","),
        w.concurrency,
        when(w.startedAt),
        when(w.lastBeatAt),
        w.jobsDone,
        w.jobsFailed,
        w.running.map((r) => `${r.queue}/${r.id}`).join(" "),
      ]),
    );
  }

  function humanBulk(verb: string, result: BulkResult): string {
    const lines = [
      result.dryRun
        ? `Dry run: ${result.queued} of ${result.matched} matching row(s) would be ${verb}.`
        : `${result.queued} of ${result.matched} matching row(s) ${verb}.`,
    ];
    if (result.skipped.alreadyQueued) lines.push(`${result.skipped.alreadyQueued} already queued (left alone).`);
    if (result.skipped.noEnrichmentLeft) lines.push(`${result.skipped.noEnrichmentLeft} skipped: their owner has no enrichment left this month.`);
    if (result.more) lines.push("More rows match: run the command again for the next batch.");
    return lines.join("\n") + humanOtherReasons(result.otherReasons);
  }

  /** Runs one action per id; reports each and fails the run if any failed. */
  async function eachId<T>(ids: string[], run: (id: string) => Promise<T>, human: (id: string, result: T) => string): Promise<boolean> {
    const { HttpError } = await services();
    const results: Array<{ id: string; ok: boolean; result?: T; message?: string }> = [];
    for (const id of ids) {
      try {
        results.push({ id, ok: true, result: await run(id) });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        results.push({ id, ok: false, message: error.message });
      }
    }
    print(results, () => results.map((r) => (r.ok ? human(r.id, r.result as T) : `${r.id}: ${r.message}`)).join("\n"));
    return results.every((r) => r.ok);
  }

  async function run(actor: () => Promise<Actor>): Promise<boolean> {
    switch (command) {
      case "stats": {
        const stats = await (await services()).jobsStats();
        print(stats, () => humanStats(stats));
        return true;
      }
      case "failed": {
        const filter = failureFilter();
        const limit = limitOption(20, 200);
        const page = await (await services()).failurePage(filter, { limit, cursor: options.cursor });
        print(page, () => humanFailures(page));
        return true;
      }
      case "show": {
        const [id] = requireArgs("an id");
        const detail = await (await services()).failureDetail(id!);
        print(detail, () => humanDetail(detail));
        return true;
      }
      case "retry": {
        if (options.all) {
          if (args.length) throw new UsageError("retry takes either ids or --all with filters, not both");
          const filter = failureFilter();
          const limit = limitOption(MAX_BULK, MAX_BULK);
          const result = await (await services()).retryFailures({
            filter,
            actor: await actor(),
            dryRun: options["dry-run"],
            limit,
            onProgress: json ? undefined : (queued, total) => io.err(`queued ${queued} of ${total}\n`),
          });
          print(result, () => humanBulk("replayed", result));
          return true;
        }
        const ids = requireArgs("one or more ids (or --all)");
        const { retryFailure } = await services();
        const who = await actor();
        return eachId(ids, (id) => retryFailure({ id, actor: who }), (id, r) => `${id}: ${r.kind} queued again on ${r.queue}`);
      }
      case "remove":
      case "promote": {
        const ids = requireArgs("one or more job ids");
        const { removeJob, promoteJob } = await services();
        const who = await actor();
        const act = (id: string): Promise<{ queue: string }> =>
          command === "remove" ? removeJob({ id, queue: options.queue, actor: who }) : promoteJob({ id, queue: options.queue, actor: who });
        return eachId(ids, act, (id, r) => `${id}: ${command === "remove" ? "removed from" : "promoted on"} ${r.queue}`);
      }
      case "pause":
      case "resume": {
        const [queue] = requireArgs("a queue name");
        const result = await (await services()).setQueuePaused({ queue: queue!, paused: command === "pause", actor: await actor() });
        print(result, () => `${result.queue} is ${result.paused ? "paused" : "running"}.`);
        return true;
      }
      case "workers": {
        const workers = await (await services()).listWorkers();
        print(workers, () => humanWorkers(workers));
        return true;
      }
      case "reenrich": {
        const filter = parse(reenrichFilterSchema, { user: options.user, engine: options.engine, before: options.before });
        const limit = limitOption(MAX_BULK, MAX_BULK);
        const result = await (await services()).reenrichLinks({ filter, actor: await actor(), dryRun: options["dry-run"], limit });
        print(result, () => humanBulk("queued for re-enrichment", result));
        return true;
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}".` : "Name a command.");
    }
  }

  if (options.help || command === "help") {
    out(USAGE);
    return 0;
  }

  let exitCode = 0;
  try {
    const actor = async () => (await services()).cliActor({ as: options.as, osUser: userInfo().username });
    exitCode = (await run(actor)) ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}\n`);
      exitCode = 2;
    } else {
      const message = error instanceof Error ? error.message : String(error);
      if (json) out(JSON.stringify({ message }));
      io.err(`${message}\n`);
      exitCode = 1;
    }
  } finally {
    if (close) {
      await loaded?.close();
      loaded = undefined;
    }
  }
  return exitCode;
}
