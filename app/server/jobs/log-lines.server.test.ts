import { describe, expect, it } from "vitest";
import { attemptLine, logLine, metricsSeries, parseLogLine, reconstructAttempts, type JobFacts } from "./log-lines.server";

const at = (iso: string) => new Date(iso);
const line = (iso: string, message: string) => logLine(message, at(iso));

function facts(overrides: Partial<JobFacts>): JobFacts {
  return { logs: [], stacktrace: [], attemptsMade: 0, state: "failed", failedReason: null, processedOn: null, finishedOn: null, ...overrides };
}

describe("job log lines", () => {
  it("stamps each line with its time and reads it back", () => {
    expect(parseLogLine(line("2026-11-24T05:00:01.250Z", "fetched 12.0 KB in 40 ms"))).toEqual({
      at: "2026-11-24T05:00:01.250Z",
      message: "fetched 12.0 KB in 40 ms",
    });
    expect(parseLogLine("written by someone else")).toEqual({ at: null, message: "written by someone else" });
  });
});

describe("reconstructAttempts", () => {
  it("gives every attempt its time, error and stack, matching stacks to failures", () => {
    const attempts = reconstructAttempts(
      facts({
        logs: [
          line("2026-11-24T05:00:00.000Z", attemptLine.started(1, 3)),
          line("2026-11-24T05:00:00.100Z", "fetched 1.0 KB in 3 ms"),
          line("2026-11-24T05:00:00.200Z", attemptLine.failed(1, "The page took longer than 1 s")),
          line("2026-11-24T05:00:01.000Z", attemptLine.started(2, 3)),
          line("2026-11-24T05:00:01.300Z", attemptLine.failed(2, "The page answered 404 Not Found")),
        ],
        stacktrace: ["FetchError: The page took longer than 1 s\n    at a", "PermanentJobError: The page answered 404 Not Found\n    at b"],
        attemptsMade: 2,
        failedReason: "The page answered 404 Not Found",
      }),
    );
    expect(attempts).toEqual([
      {
        number: 1,
        startedAt: "2026-11-24T05:00:00.000Z",
        finishedAt: "2026-11-24T05:00:00.200Z",
        outcome: "failed",
        error: "The page took longer than 1 s",
        stack: "FetchError: The page took longer than 1 s\n    at a",
      },
      {
        number: 2,
        startedAt: "2026-11-24T05:00:01.000Z",
        finishedAt: "2026-11-24T05:00:01.300Z",
        outcome: "failed",
        error: "The page answered 404 Not Found",
        stack: "PermanentJobError: The page answered 404 Not Found\n    at b",
      },
    ]);
  });

  it("still lists attempts BullMQ counted when the log is gone, newest stacks last", () => {
    const attempts = reconstructAttempts(
      facts({
        stacktrace: ["Error: second\n  at x", "Error: third\n  at y"],
        attemptsMade: 3,
        failedReason: "third",
        processedOn: Date.parse("2026-11-24T05:00:05.000Z"),
        finishedOn: Date.parse("2026-11-24T05:00:06.000Z"),
      }),
    );
    expect(attempts.map((a) => [a.number, a.outcome, a.error, a.startedAt])).toEqual([
      [1, "failed", null, null],
      [2, "failed", "second", null],
      [3, "failed", "third", "2026-11-24T05:00:05.000Z"],
    ]);
    expect(attempts[0]!.stack).toBeNull();
  });

  it("shows a retried attempt that succeeded, and one postponed by an outage", () => {
    const attempts = reconstructAttempts(
      facts({
        state: "completed",
        attemptsMade: 2,
        logs: [
          line("2026-11-24T05:00:00.000Z", attemptLine.started(1, 3)),
          line("2026-11-24T05:00:00.500Z", attemptLine.failed(1, "boom")),
          line("2026-11-24T05:00:01.000Z", attemptLine.started(2, 3)),
          line("2026-11-24T05:00:01.100Z", attemptLine.postponed(2, "database unavailable")),
          line("2026-11-24T05:00:02.000Z", attemptLine.started(2, 3)),
          line("2026-11-24T05:00:02.500Z", attemptLine.succeeded(2, "enriched")),
        ],
        stacktrace: ["Error: boom\n  at z"],
      }),
    );
    expect(attempts.map((a) => [a.number, a.outcome, a.error, a.startedAt])).toEqual([
      [1, "failed", "boom", "2026-11-24T05:00:00.000Z"],
      [2, "succeeded", null, "2026-11-24T05:00:02.000Z"],
    ]);
  });
});

describe("metricsSeries", () => {
  const minute = 60_000;
  const now = 1_000 * minute + 30_000;

  it("puts the open minute last and closed minutes before it", () => {
    // The last job finished in minute 998: 4 so far; minutes 997 and 996 closed with 3 and 5.
    const series = metricsSeries({ meta: { count: 20, prevTS: 998 * minute + 10, prevCount: 16 }, data: [3, 5] }, now, 5);
    expect(series.from).toEqual(new Date(996 * minute));
    expect(series.counts).toEqual([5, 3, 4, 0, 0]);
  });

  it("is all zeros before any job finished", () => {
    expect(metricsSeries({ meta: { count: 0, prevTS: 0, prevCount: 0 }, data: [] }, now, 3).counts).toEqual([0, 0, 0]);
  });
});
