import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parsePage } from "../../fetching/page-parser.server";
import { extractTags, extractiveSummary, splitSentences } from "./text-analysis.server";

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

  it("returns the text itself when there are no full sentences", () => {
    expect(extractiveSummary("Just a heading")).toBe("Just a heading");
  });
});

describe("extractTags", () => {
  it("finds 3 to 6 key terms of the page", () => {
    const tags = extractTags({ text: article.text, title: article.title, headings: article.headings });
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(6);
    expect(tags).toContain("indexes");
    expect(tags).toContain("postgres");
    expect(tags).toContain("b-tree");
    expect(tags).not.toContain("the");
  });

  it("reuses the user's existing tags when the page mentions them, and not otherwise", () => {
    const tags = extractTags({ text: article.text, title: article.title, existingTags: ["databases", "b-tree", "kubernetes"] });
    expect(tags[0]).toBe("b-tree");
    expect(tags).not.toContain("kubernetes");
  });
});
