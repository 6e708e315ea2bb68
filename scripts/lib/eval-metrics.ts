/**
 * The metrics of `npm run eval`, as the keyphrase and summarisation literature computes them:
 * keyphrase P/R/F1 at k by exact match of stemmed phrases (macro-averaged over documents), and
 * ROUGE-1/2/L/Lsum F1 re-implemented after Google's `rouge-score` (its tokenizer, Porter
 * stemming of tokens longer than 3 characters, and its summary-level union LCS).
 */
import snowball from "snowball-stemmers";

const stemmers = new Map<string, { stem(word: string): string }>();
/** Porter for English (as nltk's PorterStemmer), Snowball for French and Spanish, none for others. */
const STEMMER_OF: Record<string, string> = { en: "porter", fr: "french", es: "spanish" };

export function stemFor(lang: string): (word: string) => string {
  const algorithm = STEMMER_OF[lang];
  if (!algorithm) return (word) => word;
  let stemmer = stemmers.get(algorithm);
  if (!stemmer) stemmers.set(algorithm, (stemmer = snowball.newStemmer(algorithm)));
  return (word) => stemmer.stem(word);
}

/** Collapse whitespace, lower-case, tokenise on word characters, stem each token, join with a space. */
export function normalisePhrase(phrase: string, lang: string): string {
  const stem = stemFor(lang);
  return (phrase.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).map(stem).join(" ");
}

export interface PRF {
  p: number;
  r: number;
  f: number;
}

function fmeasure(p: number, r: number): number {
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

/** P/R/F1 at k for one document: duplicate predictions (same normal form) are dropped first. */
export function keyphraseScore(predicted: string[], gold: string[], k: number, lang: string): PRF {
  const goldSet = new Set(gold.map((g) => normalisePhrase(g, lang)).filter(Boolean));
  const kept: string[] = [];
  for (const phrase of predicted) {
    const normal = normalisePhrase(phrase, lang);
    if (normal && !kept.includes(normal)) kept.push(normal);
  }
  const top = kept.slice(0, k);
  if (top.length === 0 || goldSet.size === 0) return { p: 0, r: 0, f: 0 };
  const correct = top.filter((p) => goldSet.has(p)).length;
  const p = correct / top.length;
  const r = correct / goldSet.size;
  return { p, r, f: fmeasure(p, r) };
}

const porter = stemFor("en");

/** rouge-score's tokenizer: lower-case, [a-z0-9] runs only, Porter stem for tokens longer than 3. */
export function rougeTokens(text: string): string[] {
  return (text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim().split(/\s+/) ?? []).filter(Boolean).map((t) => (t.length > 3 ? porter(t) : t));
}

function ngrams(tokens: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const gram = tokens.slice(i, i + n).join(" ");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function score(hits: number, predictedCount: number, targetCount: number): PRF {
  const p = predictedCount ? hits / predictedCount : 0;
  const r = targetCount ? hits / targetCount : 0;
  return { p, r, f: fmeasure(p, r) };
}

export function rougeN(target: string, prediction: string, n: number): PRF {
  const t = ngrams(rougeTokens(target), n);
  const p = ngrams(rougeTokens(prediction), n);
  let hits = 0;
  for (const [gram, count] of p) hits += Math.min(count, t.get(gram) ?? 0);
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return score(hits, total(p), total(t));
}

function lcsTable(a: string[], b: string[]): number[][] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    }
  }
  return table;
}

export function rougeL(target: string, prediction: string): PRF {
  const t = rougeTokens(target);
  const p = rougeTokens(prediction);
  if (!t.length || !p.length) return { p: 0, r: 0, f: 0 };
  const lcs = lcsTable(t, p)[t.length]![p.length]!;
  return score(lcs, p.length, t.length);
}

/** Indices into `ref` of one LCS with `can`, backtracked as rouge-score does. */
function lcsIndices(ref: string[], can: string[]): number[] {
  const table = lcsTable(ref, can);
  const found: number[] = [];
  let i = ref.length;
  let j = can.length;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      found.unshift(i - 1);
      i--;
      j--;
    } else if (table[i]![j - 1]! > table[i - 1]![j]!) j--;
    else i--;
  }
  return found;
}

/** Summary-level ROUGE-L: sentences separated by newlines in both texts, union LCS per reference sentence. */
export function rougeLsum(target: string, prediction: string): PRF {
  const refs = target.split("\n").map(rougeTokens).filter((s) => s.length);
  const cans = prediction.split("\n").map(rougeTokens).filter((s) => s.length);
  if (!refs.length || !cans.length) return { p: 0, r: 0, f: 0 };
  const count = (sentences: string[][]) => {
    const counts = new Map<string, number>();
    for (const s of sentences) for (const t of s) counts.set(t, (counts.get(t) ?? 0) + 1);
    return counts;
  };
  const refCounts = count(refs);
  const canCounts = count(cans);
  let hits = 0;
  for (const ref of refs) {
    const union = new Set<number>();
    for (const can of cans) for (const index of lcsIndices(ref, can)) union.add(index);
    for (const index of [...union].sort((a, b) => a - b)) {
      const token = ref[index]!;
      if ((canCounts.get(token) ?? 0) > 0 && (refCounts.get(token) ?? 0) > 0) {
        hits++;
        canCounts.set(token, canCounts.get(token)! - 1);
        refCounts.set(token, refCounts.get(token)! - 1);
      }
    }
  }
  const length = (sentences: string[][]) => sentences.reduce((n, s) => n + s.length, 0);
  return score(hits, length(cans), length(refs));
}

/** Sentence ends for rougeLsum's reference (rouge-score users split with nltk; this is close enough for a benchmark). */
export function linesOfSentences(text: string): string {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'“])/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join("\n");
}

export function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}
