/**
 * Extractive summaries: whole sentences of the page, in the page's order — its first statements
 * (the lead), passing over share widgets, bylines, fragments, caption run-ons and repeats. On the
 * news sets a lead sentence swapped for a more central later one (centrality against the page,
 * title overlap, MMR) gained on one split and lost on another: position is what carries over
 * (decision 021).
 */
import { pageLanguage, stemmerOf, stopWordsOf } from "./language.server";
import { splitSentences } from "./text-analysis.server";

/** Share widgets, cookie notices and bylines that sit above many articles' first sentence. */
const BOILERPLATE = /share this with|copy this link|these are external links|cookies?\b.*\b(?:accept|consent)|all rights reserved|^(?:by|published|updated|last updated)\b.*\d/i;

export interface SummaryOptions {
  /** Accepted for callers that pass it; the lead decides. */
  title?: string;
  language?: string | null;
  count?: number;
  maxChars?: number;
}

function vector(sentence: string, stop: Set<string>, stem: (w: string) => string): Map<string, number> {
  const v = new Map<string, number>();
  for (const word of sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < 2 || stop.has(word)) continue;
    const key = stem(word);
    v.set(key, (v.get(key) ?? 0) + 1);
  }
  return v;
}

function cosine(a: Map<string, number>, b: Map<string, number>, normA: number, normB: number): number {
  if (!normA || !normB) return 0;
  let dot = 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  for (const [k, x] of small) dot += x * (large.get(k) ?? 0);
  return dot / (normA * normB);
}

const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));

/** A statement, not a heading or a fragment: it has words and ends as a sentence does (or runs long, as a caption without a full stop). */
function isStatement(sentence: string): boolean {
  return sentence.length >= 15 && /\p{L}/u.test(sentence) && (/[.!?…。！？]["'”’»)\]]*$/u.test(sentence) || sentence.length >= 120);
}

/** Sentences longer than this are captions run into the text (Daily Mail pages), not a statement. */
const RUN_ON_WORDS = 80;
/** A sentence this close (cosine of stemmed content words) to an earlier pick repeats it. */
const REPEAT = 0.8;

/**
 * The statements of the page's lead a summary may pick from, in page order: boilerplate, headings and
 * fragments passed over. Only the lead is read: a sentence past the first forty is never a pick. The
 * beginner rephrasing chooses from these too.
 */
export function leadStatements(text: string): string[] {
  return splitSentences(text.slice(0, 6_000))
    .slice(0, 40)
    .filter((sentence) => isStatement(sentence) && sentence.length <= 600 && !BOILERPLATE.test(sentence));
}

/**
 * The chosen sentences, in page order: the page's first `count` statements, passing over
 * boilerplate, fragments, caption run-ons and a sentence that repeats an earlier pick (the next one
 * takes its place).
 */
export function summarySentences(text: string, { language, count = 3 }: SummaryOptions = {}): string[] {
  const lang = pageLanguage(language, text);
  const stop = stopWordsOf(lang);
  const stem = stemmerOf(lang);
  const candidates = leadStatements(text);
  const chosen: Array<{ sentence: string; v: Map<string, number>; n: number }> = [];
  for (const sentence of candidates) {
    if (chosen.length === count) break;
    if (sentence.split(/\s+/).length > RUN_ON_WORDS) continue;
    const v = vector(sentence, stop, stem);
    const n = norm(v);
    if (chosen.some((c) => cosine(v, c.v, n, c.n) > REPEAT)) continue;
    chosen.push({ sentence, v, n });
  }
  // A page of nothing but long lines still gets its first ones.
  if (chosen.length === 0) return candidates.slice(0, count);
  return chosen.map((c) => c.sentence);
}

/** The summary as one paragraph, within `maxChars` (whole sentences only, at least one). */
export function summarize(text: string, options: SummaryOptions = {}): string {
  const { maxChars = 600 } = options;
  const sentences = summarySentences(text, options);
  if (sentences.length === 0) return text.replace(/\s+/g, " ").trim().slice(0, maxChars);
  let summary = "";
  for (const sentence of sentences) {
    if (summary && summary.length + sentence.length + 1 > maxChars) break;
    summary = summary ? `${summary} ${sentence}` : sentence;
  }
  return summary.slice(0, maxChars);
}
