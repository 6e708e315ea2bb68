/**
 * Keyphrases from a page's own text. Candidates: noun phrases (wink-nlp's English model tags the
 * parts of speech) in English, stop-word-bounded word runs in other languages. Each content word
 * is weighted by a position-biased PageRank over the word co-occurrence graph (PositionRank:
 * frequency, relatedness to other words and how early it appears), lifted for capitalised use
 * and title words and lowered for words spread thinly; a phrase scores the sum of its words.
 * Phrases that stem to the same words are merged ("index"/"indexes").
 */
import { createRequire } from "node:module";
import type { WinkMethods } from "wink-nlp";
import type WinkNLP from "wink-nlp";
import type Model from "wink-eng-lite-web-model";
import { pageLanguage, stemmerOf, stopWordsOf } from "./language.server";

// The English model takes about 200 ms of CPU to load: loaded on the first English page, not when
// the web server or a worker starts.
const require = createRequire(import.meta.url);
let winkInstance: WinkMethods | undefined;
function wink(): WinkMethods {
  if (!winkInstance) {
    // Both are CommonJS: require() returns the function and the model themselves.
    const winkNLP = require("wink-nlp") as typeof WinkNLP;
    const model = require("wink-eng-lite-web-model") as typeof Model;
    // No sentence detection: a sentence's closing punctuation already ends a phrase, and the
    // tags are the same without it (10% less time).
    winkInstance = winkNLP(model, ["pos"]);
  }
  return winkInstance;
}

/**
 * Long pages: the phrases that matter are in the first part, and part-of-speech tagging is the
 * costly step (about 0.2 ms of CPU per 1,000 characters, and the phrases' ranking grows with it),
 * so keyphrases come from the title, the headings and the first 2,000 characters: the worker must
 * keep up 100 links/s per process (docs/performance.md).
 */
export const KEYPHRASE_CHARS = 2_000;
const MAX_WORDS = 5;
const WINDOW = 15;

interface Token {
  /** Lower-cased. */
  word: string;
  /** As written. */
  surface: string;
  /** A word that can be part of a phrase (not a stop word, not punctuation). */
  content: boolean;
  /** Starts a new candidate chunk (punctuation or a non-phrase word before it). */
  breakBefore: boolean;
}

export interface Keyphrase {
  phrase: string;
  score: number;
  words: number;
}

/** Modifiers that say nothing about the topic: never the first word of a phrase ("novel method" → "method"). */
const VAGUE_MODIFIERS = new Set("novel conventional new proposed various different several existing simple specific main important certain particular typical significant possible current previous recent given overall optimum effective useful major key basic whole entire".split(" "));
/** Nouns too general to be a keyphrase on their own. */
export const VAGUE_NOUNS = new Set("method methods technique techniques result results problem problems study studies work paper approach approaches way ways case cases number types type kind part parts set terms order fact level levels means process aspect aspects issue issues purpose form forms area areas field role effect effects people person".split(" "));

const NOUN_TAGS = new Set(["NOUN", "PROPN"]);
const PHRASE_TAGS = new Set(["NOUN", "PROPN", "ADJ"]);
const WORD = /^[\p{L}\p{N}][\p{L}\p{N}+#.'’-]*$/u;

/** English: noun phrases, adjectives and nouns ending in a noun, from wink-nlp's tagger. */
function englishCandidates(text: string, stop: Set<string>, long: boolean): { tokens: Token[]; phrases: number[][] } {
  const tokens: Token[] = [];
  const phrases: number[][] = [];
  const posOf: string[] = [];
  const nlp = wink();
  const its = nlp.its;
  const doc = nlp.readDoc(text);
  // Whole-document arrays: one call each, not three calls per token (the per-token API was half
  // of this step's time).
  const all = doc.tokens();
  const surfaces = all.out() as string[];
  const tags = all.out(its.pos) as string[];
  const gaps = all.out(its.precedingSpaces) as string[];
  const raw: Array<{ surface: string; pos: string }> = [];
  for (let t = 0; t < surfaces.length; t++) {
    const surface = surfaces[t]!;
    const last = raw.at(-1);
    // Hyphenated compounds are one word: "two-stage", "B-spline", "Runge-Kutta".
    if (last && gaps[t] === "" && (last.surface.endsWith("-") || (surface === "-" && /\p{L}|\p{N}/u.test(last.surface)))) {
      last.surface += surface;
      if (surface !== "-") last.pos = tags[t]!;
      continue;
    }
    raw.push({ surface, pos: tags[t]! });
  }
  let run: number[] = [];
  const close = () => {
    // A phrase ends in a noun; adjectives alone are not phrases.
    while (run.length && !NOUN_TAGS.has(posOf[run.at(-1)!]!)) run.pop();
    while (run.length && VAGUE_MODIFIERS.has(tokens[run[0]!]!.word)) run.shift();
    if (run.length === 1 && VAGUE_NOUNS.has(tokens[run[0]!]!.word)) run = [];
    if (run.length) {
      const phrase = run.length > MAX_WORDS ? run.slice(-MAX_WORDS) : run;
      phrases.push(phrase);
      // Shorter phrases inside it that keep its head noun: "vibration control" in "passive vibration control".
      if (long) for (let i = 1; i < phrase.length; i++) phrases.push(phrase.slice(i));
    }
    run = [];
  };
  let previousBreak = true;
  for (const [position, { surface, pos: tagged }] of raw.entries()) {
    // A "noun" right before a determiner or pronoun is a verb the tagger missed ("GIN indexes store a list").
    const pos = tagged === "NOUN" && /^(?:DET|PRON)$/.test(raw[position + 1]?.pos ?? "") ? "VERB" : tagged;
    const word = surface.toLowerCase().replace(/-$/, "");
    const isWord = WORD.test(word) && /\p{L}/u.test(word);
    const content = isWord && !stop.has(word) && word.length > 1;
    tokens.push({ word, surface, content, breakBefore: previousBreak });
    posOf.push(pos);
    const index = tokens.length - 1;
    // Participles modify nouns inside phrases ("matching strategies", "distributed systems").
    if (content && (PHRASE_TAGS.has(pos) || (pos === "VERB" && /(?:ing|ed)$/.test(word)))) run.push(index);
    else close();
    previousBreak = !isWord;
  }
  close();
  return { tokens, phrases };
}

const SENTENCE_END = /(?<=[.!?。！？])\s+|\n+/u;

/** Other languages: runs of non-stop words between stop words and punctuation, one linking stop word allowed inside ("traitement des langues"). */
function runCandidates(text: string, stop: Set<string>): { tokens: Token[]; phrases: number[][] } {
  const tokens: Token[] = [];
  const phrases: number[][] = [];
  text.split(SENTENCE_END).forEach((sentence) => {
    for (const chunk of sentence.split(/[,;:()\[\]{}"“”«»„!?¿¡—–|/]+|\s[-–]\s|\.\s/u)) {
      const words = chunk.match(/[\p{L}\p{N}][\p{L}\p{N}+#'’.-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu) ?? [];
      let breakBefore = true;
      for (const surface of words) {
        const word = surface.toLowerCase().replace(/^(?:l|d|qu|j|n|s|c|m|t)['’]/, "");
        const content = /\p{L}/u.test(word) && !stop.has(word) && word.length > 1;
        tokens.push({ word, surface, content, breakBefore });
        breakBefore = false;
      }
    }
  });
  // Maximal runs of content words; a run, one stop word, and another run join when short enough.
  let start = 0;
  while (start < tokens.length) {
    if (!tokens[start]!.content) {
      start++;
      continue;
    }
    let end = start;
    while (end + 1 < tokens.length && tokens[end + 1]!.content && !tokens[end + 1]!.breakBefore) end++;
    const run = range(start, end);
    phrases.push(run.length > MAX_WORDS ? run.slice(0, MAX_WORDS) : run);
    // "X de Y": the run, a linking word, and the next run.
    const link = tokens[end + 1];
    if (link && !link.content && !link.breakBefore && /^\p{L}{1,3}$/u.test(link.word) && tokens[end + 2]?.content && !tokens[end + 2]!.breakBefore) {
      let next = end + 2;
      while (next + 1 < tokens.length && tokens[next + 1]!.content && !tokens[next + 1]!.breakBefore) next++;
      if (next - start + 1 <= MAX_WORDS) phrases.push(range(start, next));
    }
    start = end + 1;
  }
  return { tokens, phrases };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Position-biased PageRank over co-occurrence of content words within a window; `ids[i]` is token
 * i's word (its stem's number), -1 for a non-content token. Returns each word's weight.
 */
function wordWeights(ids: Int32Array, n: number): Float64Array {
  if (n === 0) return new Float64Array(0);
  const prior = new Float64Array(n);
  for (let i = 0; i < ids.length; i++) if (ids[i]! >= 0) prior[ids[i]!] = prior[ids[i]!]! + 1 / (i + 1);
  // Edge weights in one map keyed by pair, then flat (CSR) arrays: the walk runs 10 times over every
  // edge (the same F1 as 20 on every eval set, within 0.5).
  const pairs = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) {
    const a = ids[i]!;
    if (a < 0) continue;
    const end = Math.min(ids.length, i + WINDOW);
    for (let j = i + 1; j < end; j++) {
      const b = ids[j]!;
      if (b < 0 || b === a) continue;
      const key = a < b ? a * n + b : b * n + a;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
  }
  const degree = new Int32Array(n + 1);
  const strength = new Float64Array(n);
  for (const [key, w] of pairs) {
    const a = Math.floor(key / n);
    const b = key % n;
    degree[a + 1] = degree[a + 1]! + 1;
    degree[b + 1] = degree[b + 1]! + 1;
    strength[a] = strength[a]! + w;
    strength[b] = strength[b]! + w;
  }
  for (let a = 0; a < n; a++) degree[a + 1] = degree[a + 1]! + degree[a]!;
  const fill = degree.slice(0, n);
  const target = new Int32Array(degree[n]!);
  const share = new Float64Array(degree[n]!);
  for (const [key, w] of pairs) {
    const a = Math.floor(key / n);
    const b = key % n;
    const atA = fill[a]!;
    const atB = fill[b]!;
    target[atA] = b;
    share[atA] = w / strength[a]!;
    target[atB] = a;
    share[atB] = w / strength[b]!;
    fill[a] = atA + 1;
    fill[b] = atB + 1;
  }
  let priorSum = 0;
  for (let a = 0; a < n; a++) priorSum += prior[a]!;
  for (let a = 0; a < n; a++) prior[a] = prior[a]! / priorSum;
  let scores = prior.slice();
  let next = new Float64Array(n);
  for (let iteration = 0; iteration < 10; iteration++) {
    let dangling = 0;
    for (let a = 0; a < n; a++) next[a] = 0.15 * prior[a]!;
    for (let a = 0; a < n; a++) {
      const from = degree[a]!;
      const to = degree[a + 1]!;
      // A word with no neighbours gives its rank back by the prior.
      if (from === to) dangling += scores[a]!;
      const mass = 0.85 * scores[a]!;
      for (let k = from; k < to; k++) {
        const b = target[k]!;
        next[b] = next[b]! + mass * share[k]!;
      }
    }
    if (dangling) for (let b = 0; b < n; b++) next[b] = next[b]! + 0.85 * dangling * prior[b]!;
    [scores, next] = [next, scores];
  }
  return scores;
}

/**
 * The page's keyphrases, best first: lower-cased except acronyms and names written in capitals,
 * near-duplicates merged.
 */
export function rankKeyphrases(input: { text: string; title?: string | null; language?: string | null }): Keyphrase[] {
  // Headings and title before the text (chooseTags) come on top of the text's own characters.
  const text = input.text.slice(0, KEYPHRASE_CHARS + 1_000);
  const lang = pageLanguage(input.language, text);
  const stop = stopWordsOf(lang);
  const stem = stemmerOf(lang);
  // Long texts (news, web pages) carry their topic in recurring single words; abstracts in multi-word terms.
  const wordCount = text.split(/\s+/).length;
  const long = wordCount > 300;
  const { tokens, phrases } = lang === "en" ? englishCandidates(text, stop, long) : runCandidates(text, stop);
  const lengthExponent = lang !== "en" ? 1 : long ? 3 : -0.3;
  // How often the phrase itself occurs, on top of its words' weights (YAKE!'s term frequency): long
  // texts repeat their topic (KPCrowd news, dev split: F1@10 13.2 → 14.0), and so do the other
  // languages' abstracts (Spanish 17.7 → 19.2, French 14.5 → 15.0); English abstracts (Inspec)
  // score best without it.
  const frequencyExponent = long ? 1 : lang !== "en" ? 0.6 : 0;
  // Each token stemmed once; content words numbered for the graph.
  const stems = tokens.map((token) => stem(token.word));
  const numbers = new Map<string, number>();
  const ids = new Int32Array(tokens.length).fill(-1);
  tokens.forEach((token, i) => {
    if (!token.content) return;
    let id = numbers.get(stems[i]!);
    if (id === undefined) numbers.set(stems[i]!, (id = numbers.size));
    ids[i] = id;
  });
  const weights = wordWeights(ids, numbers.size);
  const titleStems = new Set((input.title ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu)?.map(stem) ?? []);

  const merged = new Map<string, { forms: Map<string, number>; score: number; words: number }>();
  for (const phrase of phrases) {
    const key = phrase.length === 1 ? stems[phrase[0]!]! : phrase.map((i) => stems[i]!).join(" ");
    let entry = merged.get(key);
    if (!entry) {
      let score = 0;
      let content = 0;
      for (const i of phrase) {
        if (ids[i]! < 0) continue;
        content++;
        score += weights[ids[i]!]! * (titleStems.has(stems[i]!) ? 1.2 : 1);
      }
      if (content === 0) continue;
      entry = { forms: new Map(), score, words: phrase.length };
      merged.set(key, entry);
    }
    const form = phrase.length === 1 ? displayForm(tokens[phrase[0]!]!, lang) : phrase.map((i) => displayForm(tokens[i]!, lang)).join(" ");
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
  }
  const ranked: Keyphrase[] = [];
  for (const entry of merged.values()) {
    let phrase = "";
    let best = 0;
    for (const [form, count] of entry.forms) if (count > best) [phrase, best] = [form, count];
    let count = 0;
    for (const c of entry.forms.values()) count += c;
    if (phrase.length <= 60) ranked.push({ phrase, score: (entry.score * Math.pow(count, frequencyExponent)) / Math.pow(entry.words, lengthExponent), words: entry.words });
  }
  return ranked.sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));
}

/**
 * Acronyms and mixed-case names (GPT, PostgreSQL, iPhone, useState) keep their case; German nouns
 * too (always capitalised); other words are lower-cased. The most frequent form of a phrase wins.
 */
function displayForm(token: Token, lang: string): string {
  if (lang === "de") return token.surface;
  return /\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}/u.test(token.surface) ? token.surface : token.word;
}

export function extractKeyphrases(input: { text: string; title?: string | null; language?: string | null }, count = 10): string[] {
  return rankKeyphrases(input)
    .slice(0, count)
    .map((k) => k.phrase);
}
