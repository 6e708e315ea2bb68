import { describe, expect, it } from "vitest";
import { formatLocal, formatUtc, formatUtcText } from "./datetime";

const WHEN = "2026-11-24T23:10:05.123Z";

/**
 * The numbers a formatted date shows, in the order it shows them. ICU versions differ in the
 * spaces ("6:10 PM" with U+202F since ICU 72), commas and words ("at") between the parts, not in
 * the numbers a locale shows or their order: those are what is compared.
 */
const numbers = (text: string) => (text.match(/\d+/g) ?? []).map(Number);

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
    // Kathmandu is UTC+5:45: already the 25th there.
    const gb = formatLocal(WHEN, "date", { locale: "en-GB", timeZone: "Asia/Kathmandu" });
    expect(numbers(gb)).toEqual([25, 2026]);
    expect(gb).toMatch(/^25\sNov\s2026$/);

    // New York, UTC−5: the 24th, 6:10 in the evening, to the minute, month first.
    const us = formatLocal(WHEN, "datetime", { locale: "en-US", timeZone: "America/New_York" });
    expect(numbers(us)).toEqual([24, 2026, 6, 10]);
    expect(us).toMatch(/^Nov\s24\b/);
    expect(us).toMatch(/\bPM$/);

    // German day.month.year and a 24-hour clock to the second.
    const de = formatLocal(WHEN, "stamp", { locale: "de-DE", timeZone: "Asia/Kathmandu" });
    expect(numbers(de)).toEqual([25, 11, 2026, 4, 55, 5]);
    expect(de).toContain("25.11.2026");
    expect(de).toContain("04:55:05");
    expect(de).not.toMatch(/AM|PM/);
  });

  it("shows each style's parts and no more", () => {
    const at = (style: Parameters<typeof formatLocal>[1]) => numbers(formatLocal(WHEN, style, { locale: "de-DE", timeZone: "Asia/Kathmandu" }));
    expect(at("date")).toEqual([25, 11, 2026]);
    expect(at("datetime")).toEqual([25, 11, 2026, 4, 55]);
    expect(at("time")).toEqual([4, 55, 5]);
    // The long date spells the month out.
    const long = formatLocal(WHEN, "long", { locale: "en-GB", timeZone: "Asia/Kathmandu" });
    expect(numbers(long)).toEqual([25, 2026]);
    expect(long).toContain("November");
  });
});
