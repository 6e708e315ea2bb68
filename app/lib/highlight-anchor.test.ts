import { describe, expect, it } from "vitest";
import { anchorAll, anchorQuote, quoteAt, trimRange } from "./highlight-anchor";

const TEXT = "Indexes make reads fast. Indexes make writes slow. A good index is a small index.";

describe("quoteAt", () => {
  it("keeps the exact text, up to 64 characters either side, and its start", () => {
    const start = TEXT.indexOf("writes");
    expect(quoteAt(TEXT, { start, end: start + 6 })).toEqual({ exact: "writes", prefix: TEXT.slice(0, start), suffix: TEXT.slice(start + 6), start });
    const long = "x".repeat(100) + "mid" + "y".repeat(100);
    const quote = quoteAt(long, { start: 100, end: 103 });
    expect([quote.prefix.length, quote.suffix.length]).toEqual([64, 64]);
  });
});

describe("trimRange", () => {
  it("drops white space at either end, and an all-space selection", () => {
    expect(trimRange(" ab  ", { start: 0, end: 5 })).toEqual({ start: 1, end: 3 });
    expect(trimRange("a   b", { start: 1, end: 4 })).toBeNull();
  });
});

describe("anchorQuote", () => {
  const second = TEXT.indexOf("Indexes make writes");
  const quote = quoteAt(TEXT, { start: second, end: second + "Indexes make".length });

  it("finds the quote where it was", () => {
    expect(anchorQuote(TEXT, quote)).toEqual({ start: second, end: second + 12 });
  });

  it("tells a repeated passage apart by its context, not its old position, when the text moved", () => {
    const moved = `A new opening paragraph the re-extraction added. ${TEXT}`;
    const at = moved.indexOf("Indexes make writes");
    expect(anchorQuote(moved, quote)).toEqual({ start: at, end: at + 12 });
    // Even with a position that now points at the other occurrence.
    expect(anchorQuote(moved, { ...quote, start: moved.indexOf("Indexes make reads") })).toEqual({ start: at, end: at + 12 });
  });

  it("takes the occurrence nearest the old position when the context says nothing", () => {
    const text = "index and index and index";
    expect(anchorQuote(text, { exact: "index", prefix: "", suffix: "", start: 9 })).toEqual({ start: 10, end: 15 });
  });

  it("places a quote whose white space the extraction wrote differently", () => {
    const text = "Indexes make reads fast.\n\n  Indexes   make\nwrites slow.";
    const at = text.indexOf("Indexes   make");
    expect(anchorQuote(text, { exact: "Indexes make writes", prefix: "fast. ", suffix: " slow.", start: 25 })).toEqual({ start: at, end: text.indexOf("writes") + 6 });
  });

  it("answers null when the quoted text is gone", () => {
    expect(anchorQuote("A different article altogether.", quote)).toBeNull();
    expect(anchorQuote(TEXT, { exact: "", prefix: "", suffix: "", start: 0 })).toBeNull();
  });

  it("anchors every quote of a list, keeping the ones it cannot place", () => {
    const placed = anchorAll(TEXT, [quote, { exact: "vanished", prefix: "", suffix: "", start: 3 }]);
    expect(placed.map((entry) => entry.range)).toEqual([{ start: second, end: second + 12 }, null]);
    expect(placed[1]!.quote.exact).toBe("vanished");
  });
});
