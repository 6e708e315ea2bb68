import { describe, expect, it } from "vitest";
import { formatCount, numberLocale } from "./library";

const NUMBERS = [0, 5, 999, 1_000, 1_234, 9_999, 10_000, 10_002, 12_345, 123_456, 1_234_567, 12_345_678, 987_654_321, 9_007_199_254_740_991];

describe("formatCount with a NumberLocale (written by hand in the browser)", () => {
  it.each(["en", "en-US", "de", "de-CH", "fr", "es", "pl", "pt-BR", "it", "ru", "sv", "ja", "zh", "en-IN", "hi", "ar-EG", "ar", "fa", "bn", "mr", "th-TH-u-nu-thai"])("writes %s's counts as Intl does", (tag) => {
    const locale = numberLocale(tag);
    const intl = new Intl.NumberFormat(tag);
    for (const value of NUMBERS) expect(formatCount(value, locale)).toBe(intl.format(value));
  });

  it("writes by hand where it can: no Intl needed in the browser for English, German, Spanish or India's grouping", () => {
    expect(numberLocale("en")).toMatchObject({ digits: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"], group: ",", primary: 3, secondary: 3, minimumGrouping: 1 });
    expect(numberLocale("es")).toMatchObject({ group: ".", minimumGrouping: 2 });
    expect(numberLocale("en-IN")).toMatchObject({ primary: 3, secondary: 2 });
    expect(formatCount(10_002, { tag: "en", digits: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"], group: ",", primary: 3, secondary: 3, minimumGrouping: 1 })).toBe("10,002");
  });

  it("asks Intl for what is not a whole, non-negative count, and for a locale it could not match", () => {
    const en = numberLocale("en");
    expect(formatCount(-1_234, en)).toBe("-1,234");
    expect(formatCount(1_234.5, en)).toBe("1,234.5");
    expect(formatCount(1_234, { ...en, digits: null, tag: "de" })).toBe("1.234");
    expect(formatCount(1_234, "de")).toBe("1.234");
  });
});
