import { describe, expect, it } from "vitest";
import { keyphraseScore, normalisePhrase, rougeL, rougeLsum, rougeN, rougeTokens } from "./eval-metrics";

describe("keyphrase matching", () => {
  it("normalises case, whitespace and inflection (Porter for English, Snowball for French)", () => {
    expect(normalisePhrase("Linear\tConstraints ", "en")).toBe("linear constraint");
    expect(normalisePhrase("natural numbers", "en")).toBe(normalisePhrase("Natural number", "en"));
    expect(normalisePhrase("Traitements automatiques", "fr")).toBe(normalisePhrase("traitement automatique", "fr"));
    expect(normalisePhrase("Analiza Języka", "pl")).toBe("analiza języka");
  });

  it("scores exact phrase matches at k, dropping duplicate predictions first", () => {
    const gold = ["linear constraints", "natural numbers", "set of natural numbers", "algorithms"];
    const predicted = ["natural number", "natural numbers", "linear constraint", "upper bounds", "criteria", "algorithm"];
    // After dropping the duplicate: natural number ✓, linear constraint ✓, upper bounds, criteria, algorithm ✓.
    expect(keyphraseScore(predicted, gold, 5, "en")).toEqual({ p: 3 / 5, r: 3 / 4, f: (2 * 0.6 * 0.75) / 1.35 });
    expect(keyphraseScore(predicted, gold, 2, "en")).toMatchObject({ p: 1, r: 0.5 });
    expect(keyphraseScore(["set"], gold, 10, "en")).toEqual({ p: 0, r: 0, f: 0 });
    expect(keyphraseScore([], gold, 10, "en")).toEqual({ p: 0, r: 0, f: 0 });
  });
});

describe("ROUGE as rouge-score computes it", () => {
  it("tokenises like rouge-score: [a-z0-9] only, Porter stems of tokens longer than 3", () => {
    expect(rougeTokens("The quick brown fox jumps over the lazy dog!")).toEqual(["the", "quick", "brown", "fox", "jump", "over", "the", "lazi", "dog"]);
    expect(rougeTokens("Café's 3.5% rise")).toEqual(["caf", "s", "3", "5", "rise"]);
  });

  it("matches rouge-score's README example for ROUGE-1", () => {
    const score = rougeN("The quick brown fox jumps over the lazy dog", "The quick brown dog jumps on the log.", 1);
    expect(score.p).toBeCloseTo(0.75, 10);
    expect(score.r).toBeCloseTo(2 / 3, 10);
    expect(score.f).toBeCloseTo(0.7058823529, 8);
  });

  it("computes ROUGE-2 and ROUGE-L by hand-checked counts", () => {
    // Bigrams: target has 8, prediction 7; shared: "the quick", "quick brown".
    expect(rougeN("The quick brown fox jumps over the lazy dog", "The quick brown dog jumps on the log.", 2)).toMatchObject({ p: 2 / 7, r: 2 / 8 });
    // LCS: the quick brown jump the = 5 tokens.
    expect(rougeL("The quick brown fox jumps over the lazy dog", "The quick brown dog jumps on the log.")).toMatchObject({ p: 5 / 8, r: 5 / 9 });
    expect(rougeN("a b", "", 1).f).toBe(0);
  });

  it("computes summary-level ROUGE-L with the union LCS over sentences", () => {
    // Lin (2004), section 3.2: reference w1 w2 w3 w4 w5, candidate sentences w1 w2 w6 w7 w8 and w1 w3 w8 w9 w5:
    // the union LCS is w1 w2 w3 w5, so R = 4/5 and P = 4/10.
    expect(rougeLsum("w1 w2 w3 w4 w5", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5")).toMatchObject({ r: 4 / 5, p: 4 / 10 });
    // A second reference sentence w1 w6 w7 w8 w9 adds w1 w6 w7 w8 w9 (by hand): tokens are counted once, 9 of 10.
    const score = rougeLsum("w1 w2 w3 w4 w5\nw1 w6 w7 w8 w9", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5");
    expect(score.r).toBeCloseTo(0.9, 10);
    expect(score.p).toBeCloseTo(0.9, 10);
    // One sentence each: the same as ROUGE-L.
    expect(rougeLsum("a b c d", "a c d").f).toBeCloseTo(rougeL("a b c d", "a c d").f, 10);
  });
});
