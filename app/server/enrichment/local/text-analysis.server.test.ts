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

describe("splitSentences", () => {
  it("ends a sentence before an opening quote or mark of any of the engine's languages", () => {
    expect(splitSentences("Il a dit oui. « Bien » fut la réponse. ¿Qué pasa? Nada.")).toEqual(["Il a dit oui.", "« Bien » fut la réponse.", "¿Qué pasa?", "Nada."]);
  });

  it("keeps a list item inside its paragraph unless asked to end sentences at list items", () => {
    const text = "Do this:\n- open the file\n- save it\n\nDone.";
    expect(splitSentences(text)).toEqual(["Do this: - open the file - save it", "Done."]);
    expect(splitSentences(text, { listItems: true })).toEqual(["Do this:", "- open the file", "- save it", "Done."]);
  });

  it("knows the ranks and short forms of news copy", () => {
    expect(splitSentences("Capt. Jones met Lt. Col. Smith near Mt. Etna. They spoke.")).toEqual(["Capt. Jones met Lt. Col. Smith near Mt. Etna.", "They spoke."]);
  });
});

describe("splitSentences after a closing quote", () => {
  it("ends a sentence at a full stop inside closing quotes", () => {
    expect(splitSentences("He decided to 'give the staff another chance.' But the coach angered him again.")).toEqual(["He decided to 'give the staff another chance.'", "But the coach angered him again."]);
  });
});
