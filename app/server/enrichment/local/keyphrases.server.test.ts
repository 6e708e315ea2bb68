import { describe, expect, it } from "vitest";
import { KEYPHRASE_CHARS, extractKeyphrases, rankKeyphrases } from "./keyphrases.server";

const abstract = `Compatibility of systems of linear constraints over the set of natural numbers

Criteria of compatibility of a system of linear Diophantine equations, strict inequations, and nonstrict inequations are considered. Upper bounds for components of a minimal set of solutions and algorithms of construction of minimal generating sets of solutions for all types of systems are given. These criteria and the corresponding algorithms for constructing a minimal supporting set of solutions can be used in solving all the considered types of systems and systems of mixed types.`;

describe("English keyphrase candidates", () => {
  it("are noun phrases, several words where the text has them, best first", () => {
    const phrases = extractKeyphrases({ text: abstract, title: "Compatibility of systems of linear constraints over the set of natural numbers", language: "en" }, 10);
    expect(phrases).toEqual(expect.arrayContaining(["linear diophantine equations", "minimal generating sets", "natural numbers"]));
    expect(phrases.filter((p) => p.includes(" ")).length).toBeGreaterThanOrEqual(5);
    // Never a phrase that starts or ends with a function word, never a bare adjective.
    for (const phrase of phrases) expect(phrase).not.toMatch(/^(?:the|of|and|a|for|all)\b|\b(?:the|of|and|a|for)$/);
    expect(phrases).not.toContain("strict");
  });

  it("keep hyphenated compounds whole and drop vague modifiers", () => {
    const phrases = extractKeyphrases({ text: "A novel two-stage procedure fits B-spline surfaces. The two-stage procedure beats conventional B-spline surfaces on large meshes.", language: "en" });
    expect(phrases).toContain("two-stage procedure");
    expect(phrases.some((p) => p.startsWith("novel") || p.startsWith("conventional"))).toBe(false);
  });

  it("merge singular and plural forms into one phrase", () => {
    const ranked = rankKeyphrases({ text: "Indexes make reads fast. We add an index to the table. The database keeps the index small. Large indexes slow down writes.", language: "en" });
    // "Indexes" and "index" (twice) are one phrase, written as the page writes it most often.
    expect(ranked.filter((k) => /^index(es)?$/.test(k.phrase)).map((k) => k.phrase)).toEqual(["index"]);
  });
});

describe("keyphrases in other languages", () => {
  it("are bounded by the language's stop words, with a linking word allowed inside", () => {
    const text = "Le traitement automatique des langues progresse. Les systèmes de traduction automatique utilisent le traitement automatique des langues et des corpus parallèles. Les corpus parallèles alignent les phrases.";
    const phrases = extractKeyphrases({ text, language: "fr" });
    expect(phrases).toEqual(expect.arrayContaining(["corpus parallèles", "traitement automatique des langues"]));
    for (const phrase of phrases) {
      const words = phrase.split(" ");
      expect(["les", "le", "des", "de"]).not.toContain(words[0]);
      expect(["les", "le", "des", "de"]).not.toContain(words.at(-1));
    }
  });
});

describe("the keyphrases' cost bound", () => {
  it("reads no further than the first KEYPHRASE_CHARS of text plus 1,000 for the title and headings", () => {
    // The worker's throughput depends on it (docs/performance.md): a term past the bound is never seen.
    const filler = "Relational databases store rows in tables. ".repeat(Math.ceil((KEYPHRASE_CHARS + 1_000) / 43));
    const ranked = rankKeyphrases({ text: `${filler}Zeppelin hangars are enormous. Zeppelin hangars hold airships.`, language: "en" });
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked.some((k) => /zeppelin/i.test(k.phrase))).toBe(false);
    expect(rankKeyphrases({ text: "Zeppelin hangars are enormous. Zeppelin hangars hold airships.", language: "en" }).some((k) => /zeppelin/i.test(k.phrase))).toBe(true);
  });
});
