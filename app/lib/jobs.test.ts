import { describe, expect, it } from "vitest";
import { failureFilterSchema, parseTimeAgo, reenrichFilterSchema } from "./jobs";

describe("parseTimeAgo", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");

  it("reads a duration back from now, or an ISO date", () => {
    expect(parseTimeAgo("2h", now)).toEqual(new Date("2026-11-24T10:00:00Z"));
    expect(parseTimeAgo("30m", now)).toEqual(new Date("2026-11-24T11:30:00Z"));
    expect(parseTimeAgo("7d", now)).toEqual(new Date("2026-11-17T12:00:00Z"));
    expect(parseTimeAgo("1w", now)).toEqual(new Date("2026-11-17T12:00:00Z"));
    expect(parseTimeAgo("2026-11-01", now)).toEqual(new Date("2026-11-01T00:00:00Z"));
    expect(parseTimeAgo("2026-11-01T08:30:00Z", now)).toEqual(new Date("2026-11-01T08:30:00Z"));
  });

  it("refuses anything else", () => {
    for (const value of ["", "yesterday", "2 hours", "-2h", "2026-13-45", "12"]) expect(parseTimeAgo(value, now), value).toBeUndefined();
  });
});

describe("the filters", () => {
  it("name the field that is wrong", () => {
    const since = failureFilterSchema.safeParse({ since: "soon" });
    expect(since.success).toBe(false);
    expect(since.error?.issues[0]?.message).toBe("since must be a duration such as 30m, 2h or 7d, or an ISO date");
    expect(failureFilterSchema.safeParse({ queue: "system" }).success).toBe(false);
    expect(failureFilterSchema.safeParse({ domain: "Example.COM" }).data).toEqual({ domain: "example.com" });
  });

  it("refuse a re-enrichment of everything", () => {
    expect(reenrichFilterSchema.safeParse({}).success).toBe(false);
    expect(reenrichFilterSchema.safeParse({ engine: "local" }).success).toBe(true);
  });
});
