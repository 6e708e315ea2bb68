import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./fetcher.server";
import { busyDelayMs, deferralsOf, withDeferral } from "./host-limits.server";

describe("Retry-After", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");

  it("reads delay-seconds and HTTP dates", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Tue, 24 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
    // A date already past means "now".
    expect(parseRetryAfter("Tue, 24 Nov 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("ignores what it cannot read", () => {
    for (const value of [undefined, "", "soon", "-5", "1.5", "12 34"]) expect(parseRetryAfter(value, now), String(value)).toBeUndefined();
  });
});

describe("deferrals", () => {
  it("are counted in the job's data by kind, whatever else the data holds", () => {
    expect(deferralsOf({ linkId: "x" })).toEqual({ busy: 0, asked: 0 });
    expect(deferralsOf({ deferrals: { busy: -1, asked: "2" } })).toEqual({ busy: 0, asked: 0 });
    const once = withDeferral({ linkId: "x" }, "asked");
    expect(once).toEqual({ linkId: "x", deferrals: { busy: 0, asked: 1 } });
    expect(deferralsOf(withDeferral(once, "busy"))).toEqual({ busy: 1, asked: 1 });
  });

  it("wait longer each time the host is busy, up to a minute", () => {
    for (let i = 0; i < 20; i++) {
      expect(busyDelayMs(0)).toBeGreaterThanOrEqual(250);
      expect(busyDelayMs(0)).toBeLessThanOrEqual(500);
      expect(busyDelayMs(50)).toBeGreaterThanOrEqual(30_000);
      expect(busyDelayMs(50)).toBeLessThanOrEqual(60_000);
    }
  });
});
