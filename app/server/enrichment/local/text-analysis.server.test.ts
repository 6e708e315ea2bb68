import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePage } from "../../fetching/page-parser.server";
import { extractiveSummary, splitSentences } from "./text-analysis.server";

const article = parsePage(readFileSync("tests/fixtures/pages/postgres-indexes.html", "utf8"), "https://x.test/");

describe("extractiveSummary", () => {
  it("picks whole sentences from the page, in page order, within the length budget", () => {
    const summary = extractiveSummary(article.text, { title: article.title ?? "" });
    const sentences = splitSentences(article.text);
    const picked = splitSentences(summary);
    expect(picked.length).toBeGreaterThanOrEqual(2);
    expect(picked.length).toBeLessThanOrEqual(3);
    for (const sentence of picked) expect(sentences).toContain(sentence);
    const positions = picked.map((s) => sentences.indexOf(s));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(summary.length).toBeLessThanOrEqual(600);
    expect(summary).toMatch(/index/i);
  });

  it("does not end a sentence at an abbreviation or an initial", () => {
    expect(splitSentences("A complaint in U.S. District Court names him. Dr. Smith and J. Doe agreed.")).toEqual([
      "A complaint in U.S. District Court names him.",
      "Dr. Smith and J. Doe agreed.",
    ]);
  });

  it("returns the text itself when there are no full sentences", () => {
    expect(extractiveSummary("Just a heading")).toBe("Just a heading");
  });
});
