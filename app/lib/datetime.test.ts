import { describe, expect, it } from "vitest";
import { formatLocal, formatUtc, formatUtcText } from "./datetime";

const WHEN = "2026-11-24T23:10:05.123Z";

describe("dates", () => {
  it("writes the exact instant in UTC", () => {
    expect(formatUtc(WHEN)).toBe("2026-11-24 23:10:05 UTC");
    expect(formatUtc(new Date(WHEN))).toBe("2026-11-24 23:10:05 UTC");
  });

  it("writes UTC to each style's precision before the browser knows the zone", () => {
    expect(formatUtcText(WHEN, "date")).toBe("2026-11-24");
    expect(formatUtcText(WHEN, "datetime")).toBe("2026-11-24 23:10 UTC");
    expect(formatUtcText(WHEN, "stamp")).toBe("2026-11-24 23:10:05 UTC");
    expect(formatUtcText(WHEN, "time")).toBe("23:10:05 UTC");
  });

  it("writes the reader's locale and zone: the day can differ from UTC's", () => {
    expect(formatLocal(WHEN, "date", { locale: "en-GB", timeZone: "Asia/Kathmandu" })).toBe("25 Nov 2026");
    expect(
      formatLocal(WHEN, "datetime", {
        locale: "en-US",
        timeZone: "America/New_York",
      }),
    ).toBe("Nov 24, 2026, 6:10 PM");
    expect(
      formatLocal(WHEN, "stamp", {
        locale: "de-DE",
        timeZone: "Asia/Kathmandu",
      }),
    ).toBe("25.11.2026, 04:55:05");
  });
});
