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
import { hasStemmer, pageLanguage, stemmerOf, stopWordsOf } from "./language.server";

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
/**
 * Long English pages (news) are read further: their single-word keyphrases need no tagger (YAKE!
 * costs about a tenth of the tagging per character), and the topic's words recur through the
 * article (KPCrowd F1@10 dev / held-out: 3,000 characters 16.7 / 16.8, 6,000 17.0 / 17.2).
 */
export const LONG_PAGE_KEYPHRASE_CHARS = 6_000;
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
  /** Written as an acronym or, inside a sentence, with a capital (YAKE!'s casing). */
  capitals?: boolean;
  /** Shown as written: an acronym, or a name capitalised inside a sentence that is not a title in title case. */
  keepCase?: boolean;
}

export interface Keyphrase {
  phrase: string;
  score: number;
  words: number;
}

/**
 * Modifiers that say nothing about the topic: never the first word of a phrase ("novel method" →
 * "method"). The evaluative ones from "appropriate" on, and the generic nouns below from
 * "treatment" on, came from the engine's wrong Inspec picks on dev (F1@10 dev / held-out 30.0 / 30.3
 * → 30.6 / 30.5).
 */
const VAGUE_MODIFIERS = new Set("novel conventional new proposed various different several existing simple specific main important certain particular typical significant possible current previous recent given overall optimum effective useful major key basic whole entire appropriate actual additional serious straightforward minor tough correct essential desired unknown extra non-trivial trivial respective suitable".split(" "));
/** Nouns too general to be a keyphrase on their own. */
export const VAGUE_NOUNS = new Set("method methods technique techniques result results problem problems study studies work paper approach approaches way ways case cases number types type kind part parts set terms order fact level levels means process aspect aspects issue issues purpose form forms area areas field role effect effects people person treatment relationship relationships implementation idea ideas base efforts effort decline degree construction properties property features feature".split(" "));

/**
 * Words of a language's abstracts and reports that say nothing about the topic ("W artykule
 * przedstawiono wyniki badań": "the article presents the results of studies"), on top of its stop
 * words, for keyphrases only. English has them in its stop-word list.
 */
const VAGUE_WORDS: Record<string, Set<string>> = {
  pl: new Set(
    `artykuł artykule artykułu artykułem praca pracy pracę pracach niniejszym niniejszej niniejsza niniejszy przedstawiono przedstawia
przedstawiają przedstawiony przedstawione omówiono opisano podano zaprezentowano przeprowadzono zaproponowano pokazano uzyskano
wykonano zbudowano sprawdzono zostały została został zostało zostanie zostaną wyniki wyników wynik badań badania badaniach
badanie podstawie celu celem oparciu możliwość możliwości pozwala pozwalają umożliwia umożliwiający umożliwiających umożliwiające
przypadku wraz przykładowe przykład dodatkowo przeprowadzone pomocą ang rys tab względu względem zakresie zarówno dotyczy
dotyczące dotyczących wykorzystaniem wykorzystanie wykorzystania zastosowania zastosowaniem zastosowanie analizy analizę analiza
metody metodę metoda metod sposób sposobu sposoby wybrane wybranych opisuje dwóch trzech jednak również ponadto natomiast
szczególności sposób ramach` .split(/\s+/).filter(Boolean),
  ),
};

/** The stop words and vague words a keyphrase neither starts nor ends with. */
const keyphraseStops = new Map<string, Set<string>>();
export function keyphraseStopWords(lang: string): Set<string> {
  let set = keyphraseStops.get(lang);
  if (!set) keyphraseStops.set(lang, (set = new Set([...stopWordsOf(lang), ...(VAGUE_WORDS[lang] ?? [])])));
  return set;
}

const NOUN_TAGS = new Set(["NOUN", "PROPN"]);
const PHRASE_TAGS = new Set(["NOUN", "PROPN", "ADJ"]);
/**
 * Nouns the English stop list drops as web boilerplate ("time", "content") that are keyphrase words
 * inside a phrase ("time series", "computational time", "image content"), never alone: Inspec F1@10
 * dev 31.8 → 32.0.
 */
const PHRASE_ONLY_NOUNS = new Set(["time", "times", "content"]);
/** What may follow a phrase's head: punctuation, a conjunction, an auxiliary ("surfaces are"), a line break. */
const PHRASE_END = /^(?:PUNCT|CCONJ|AUX|SYM|SPACE)$/;
const NAMING_WORDS = new Set(["called", "so-called", "termed", "named", "dubbed", "denoted", "known", "entitled"]);
/** What opens a verb's object: a determiner, adjective, number or pronoun. */
const OBJECT_OPENERS = /^(?:DET|ADJ|NUM|PRON)$/;
/** What may stand before an "-ing" word that opens a noun phrase. */
const GERUND_OPENERS = /^(?:DET|ADJ|NUM|ADP|PART)$/;
/** A relative pronoun or a capitalised word: the start of a clause, not a verb's object. */
const CLAUSE_START = /^(?:that|which|who|whom|whose)$|^\p{Lu}/u;
const WORD = /^[\p{L}\p{N}][\p{L}\p{N}+#.'’-]*$/u;

/** English: noun phrases, adjectives and nouns ending in a noun, from wink-nlp's tagger. */
function englishCandidates(text: string, stop: Set<string>): { tokens: Token[]; phrases: number[][] } {
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
    // An initial: a person's name ("H. Kimura", "William A. Wulf") goes, a numbered part's heading
    // keeps the words after it ("Part I. Linear controller design"): Inspec F1@10 dev 33.2 → 33.3.
    const initial = run.findLastIndex((i) => /^\p{Lu}\.$/u.test(tokens[i]!.surface));
    if (initial >= 0) run = initial === run.length - 2 && posOf[run.at(-1)!] === "PROPN" ? [] : run.slice(initial + 1);
    // A phrase ends in a noun; adjectives alone are not phrases.
    while (run.length && !NOUN_TAGS.has(posOf[run.at(-1)!]!)) run.pop();
    while (run.length && VAGUE_MODIFIERS.has(tokens[run[0]!]!.word)) run.shift();
    if (run.length === 1 && (VAGUE_NOUNS.has(tokens[run[0]!]!.word) || PHRASE_ONLY_NOUNS.has(tokens[run[0]!]!.word))) run = [];
    if (run.length) {
      const phrase = run.length > MAX_WORDS ? run.slice(-MAX_WORDS) : run;
      phrases.push(phrase);
    }
    run = [];
  };
  let previousBreak = true;
  for (const [position, { surface, pos: tagged }] of raw.entries()) {
    const word = surface.toLowerCase().replace(/-$/, "");
    const after = raw[position + 1]?.pos ?? "PUNCT";
    // A "noun" right before a determiner or pronoun is a verb the tagger missed ("GIN indexes store a
    // list"), unless that word opens a relative clause ("small voxels that …") or a new sentence (a
    // title without a full stop before "The …"): Inspec F1@10 dev 31.1 → 31.4.
    let pos = tagged === "NOUN" && /^(?:DET|PRON)$/.test(after) && !CLAUSE_START.test(raw[position + 1]!.surface) ? "VERB" : tagged;
    // A plural or an "-ing" word tagged as a verb right after a phrase's noun or adjective, with the
    // phrase's end after it, is the phrase's head noun the tagger missed ("polar coordinates,",
    // "orthogonal machining.", "subdivision surfaces are"): Inspec F1@10 dev 30.6 → 31.1.
    // A verb's plain form between a determiner and a noun modifies the noun ("the dwell force", "the
    // equals contract"): Inspec F1@10 dev 32.7 → 32.9.
    if (pos === "VERB" && !/(?:ing|ed)$/.test(word) && raw[position - 1]?.pos === "DET" && NOUN_TAGS.has(after)) pos = "NOUN";
    if (pos === "VERB" && /(?:[^su]s|ing)$/.test(word) && run.at(-1) === tokens.length - 1 && PHRASE_TAGS.has(posOf[run.at(-1)!]!) && PHRASE_END.test(after)) pos = "NOUN";
    const isWord = WORD.test(word) && /\p{L}/u.test(word);
    const content = isWord && (!stop.has(word) || (NOUN_TAGS.has(pos) && PHRASE_ONLY_NOUNS.has(word))) && word.length > 1;
    tokens.push({ word, surface, content, breakBefore: previousBreak });
    posOf.push(pos);
    const index = tokens.length - 1;
    // Participles modify nouns inside phrases ("matching strategies", "distributed systems").
    // An "-ing" verb opens a phrase only after a determiner, a number, a preposition or a possessive
    // ("the matching strategies", "for matching strategies"); elsewhere it heads a clause with its
    // object ("Extracting time delay information", "libraries offering loans"): Inspec F1@10 dev 32.0 → 32.7.
    // "called", "termed", "so-called" introduce a name and are no part of it ("called four-point
    // wavelets"): Inspec F1@10 dev 32.9 → 33.0.
    // An "-ed" verb between a noun and what opens another phrase is the noun's past tense, not a
    // participle inside the phrase ("staff analyzed previous loans"; "computer aided design" stays).
    const pastTense = pos === "VERB" && /ed$/.test(word) && NOUN_TAGS.has(raw[position - 1]?.pos ?? "") && OBJECT_OPENERS.test(after);
    const clause = pastTense || NAMING_WORDS.has(word) || (pos === "VERB" && run.length === 0 && /ing$/.test(word) && !GERUND_OPENERS.test(raw[position - 1]?.pos ?? "PUNCT"));
    if (content && !clause && (PHRASE_TAGS.has(pos) || (pos === "VERB" && /(?:ing|ed)$/.test(word)))) run.push(index);
    else close();
    previousBreak = !isWord;
  }
  close();
  return { tokens, phrases };
}

const SENTENCE_END = /(?<=[.!?。！？])\s+|\n+/u;

/** Other languages: runs of non-stop words between stop words and punctuation, one linking stop word allowed inside ("traitement des langues"). */
function runCandidates(text: string, stop: Set<string>, lang: string): { tokens: Token[]; phrases: number[][] } {
  const tokens: Token[] = [];
  const phrases: number[][] = [];
  text.split(SENTENCE_END).forEach((sentence) => {
    let firstInSentence = true;
    // A title in title case ("La Transcription Orthographique De La Langue Arabe") capitalises common words: shown lower-cased.
    const titleCase = inTitleCase(sentence.match(/[\p{L}’']{4,}/gu) ?? []);
    for (const chunk of sentence.split(/[,;:()\[\]{}"“”«»„!?¿¡—–|/]+|\s[-–]\s|\.\s/u)) {
      const words = chunk.match(/[\p{L}\p{N}][\p{L}\p{N}+#'’.-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu) ?? [];
      let breakBefore = true;
      for (const written of words) {
        // An elided article, pronoun or preposition is a word of its own: "d’" links "réponses d’apprenants"
        // as "de" links "traitement des langues", and "l’analyse" is "analyse".
        const elided = ELIDED.exec(written)?.[0];
        if (elided) tokens.push({ word: elided.toLowerCase(), surface: elided, content: false, breakBefore });
        const surface = elided ? written.slice(elided.length) : written;
        const word = surface.toLowerCase();
        const content = /\p{L}/u.test(word) && !stop.has(word) && word.length > 1;
        const kind = kindAt(wordShape(surface), firstInSentence && !elided);
        tokens.push({ word, surface, content, breakBefore: breakBefore && !elided, capitals: kind === "a" || kind === "n", keepCase: kind === "a" || (kind === "n" && !titleCase) });
        breakBefore = false;
        firstInSentence = false;
      }
    }
  });
  // A word between a noun and an article is a verb ("la lecture constitue l’une des tâches", "el agua líquida
  // presenta una estructura"), as an English noun before a determiner is: F1@10 dev, tags shown, French
  // 16.9 → 17.1, Spanish 18.3 → 18.4.
  const articles = ARTICLES[lang];
  if (articles) {
    for (let i = 1; i + 1 < tokens.length; i++) {
      const token = tokens[i]!;
      const next = tokens[i + 1]!;
      if (token.content && tokens[i - 1]!.content && !token.breakBefore && !next.breakBefore && articles.has(next.word)) token.content = false;
    }
  }
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
    if (link && !link.content && !link.breakBefore && /^\p{L}{1,3}['’]?$/u.test(link.word) && tokens[end + 2]?.content && !tokens[end + 2]!.breakBefore) {
      let next = end + 2;
      while (next + 1 < tokens.length && tokens[next + 1]!.content && !tokens[next + 1]!.breakBefore) next++;
      if (next - start + 1 <= MAX_WORDS) phrases.push(range(start, next));
    }
    start = end + 1;
  }
  return { tokens, phrases };
}

/** Articles and determiners, which open a noun phrase: never inside one after its noun. */
const ARTICLES: Record<string, Set<string>> = {
  fr: new Set("le la les l’ l' un une son sa ses ce cet cette ces leur leurs notre nos votre vos".split(" ")),
  es: new Set("el la los las un una unos unas su sus este esta estos estas ese esa esos esas".split(" ")),
  pt: new Set("o os as um uma uns umas seu sua seus suas este esta estes estas esse essa esses essas".split(" ")),
  it: new Set("il lo la i gli le l’ l' un uno una suo sua suoi sue questo questa questi queste".split(" ")),
};

/** An elided word before the next (French "l’", "d’", "qu’", "jusqu’"; Italian and Catalan "l’", "d’"). */
const ELIDED = /^(?:l|d|qu|j|n|s|c|m|t|jusqu|lorsqu|puisqu)['’](?=\p{L})/iu;

/** Words as written, joined by spaces except after an elided word ("réponses d’apprenants"). */
function joinWords(words: string[]): string {
  let joined = words[0] ?? "";
  for (let i = 1; i < words.length; i++) joined += (/['’]$/u.test(words[i - 1]!) ? "" : " ") + words[i];
  return joined;
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
 * English news rather than an abstract: at least two of names (5% or more of the words inside
 * sentences start with a capital: "Buble married Argentine TV actress Luisana Lopilato"), reported
 * speech ("said", "according to") and personal pronouns ("he", "her", "my"), or reported speech with
 * "'s" or "n't": 96% of KPCrowd's news articles, 2% of Inspec's abstracts.
 */
export function newsLike(text: string): boolean {
  // A capitalised word after a word or comma on the same line, not after a sentence's end.
  const names = text.match(/[^\s.!?:]\s*[ \t]\p{Lu}\p{Ll}/gu)?.length ?? 0;
  const total = text.match(/\p{L}+/gu)?.length ?? 0;
  const saysSomeone = /\b(?:said|says|told|according to)\b/.test(text);
  const people = Number(saysSomeone) + Number(/\b(?:he|she|his|her|I|me|my)\b/.test(text));
  const signals = Number(total > 0 && names / total >= 0.05) + people;
  // Reported speech with a possessive or a contraction ("the company's", "won't") is news too: abstracts
  // write neither (KPCrowd dev F1@10 17.0 → 17.5, Inspec unchanged; held-out unchanged).
  if (saysSomeone && /\p{L}['’][st]\b/u.test(text)) return true;
  return signals >= 2;
}

/**
 * The page's keyphrases, best first: lower-cased except acronyms and names written in capitals,
 * near-duplicates merged.
 */
export function rankKeyphrases(input: { text: string; title?: string | null; language?: string | null; nounPhrases?: boolean }): Keyphrase[] {
  // Headings and title before the text (chooseTags) come on top of the text's own characters.
  const text = input.text.slice(0, KEYPHRASE_CHARS + 1_000);
  const lang = pageLanguage(input.language, text);
  const stop = stopWordsOf(lang);
  const stem = stemmerOf(lang);
  // Long texts (news, web pages) carry their topic in recurring single words, and news keyphrases
  // are any kind of word ("married", "romantically"): YAKE!'s single words, with its casing feature
  // off (names are not more important in news than other words) and a flatter position curve
  // (KPCrowd news, F1@10 dev/held-out with every article read this way: PositionRank noun
  // phrases 14.0/12.4, YAKE! as published 16.2/16.3, these weights 17.3/17.8; with the 6% of
  // articles newsLike misses read as abstracts, 16.7/16.8). Names in two words that stand together
  // ("Sri Lanka") stay whole, and the page is read further (LONG_PAGE_KEYPHRASE_CHARS): 17.6/17.4.
  const wordCount = text.split(/\s+/).length;
  const long = wordCount > 300 || (lang === "en" && newsLike(text));
  if (lang === "en" && long && !input.nounPhrases) {
    const longText = input.text.slice(0, LONG_PAGE_KEYPHRASE_CHARS);
    return displayed(yakeKeyphrases(longText, { stop: keyphraseStopWords(lang), stem, maxWords: 1, joinNames: true, weights: { casing: 0, position: 0.5 } }), lang, englishNames(longText));
  }
  // Without a stemmer (Polish: seven cases), phrase forms cannot be merged by stems: YAKE!'s
  // pairs of words as written, near-duplicate forms dropped.
  if (!hasStemmer(lang)) return displayed(yakeKeyphrases(text, { stop: keyphraseStopWords(lang), stem, maxWords: 2 }), lang);
  const { tokens, phrases } = lang === "en" ? englishCandidates(text, stop) : runCandidates(text, stop, lang);
  const names = lang === "en" ? englishNames(text) : undefined;
  const lengthExponent = lang !== "en" ? 1 : -0.3;
  // How often the phrase itself occurs, on top of its words' weights (YAKE!'s term frequency): long
  // texts repeat their topic, and so do the other
  // languages' abstracts (Spanish 17.7 → 19.2, French 14.5 → 15.0); English abstracts (Inspec)
  // score best without it.
  const frequencyExponent = long && !input.nounPhrases ? 1 : lang !== "en" ? 0.6 : 0;
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
  // YAKE!'s casing: a word the page writes as an acronym or with a capital inside a sentence ("TAL", "FLE",
  // "Lagrangiano") is lifted by that share, as YAKE! weighs it (max(acronyms, names) / (1 + ln tf), weight 1):
  // F1@10 dev, tags shown, French 16.7 → 16.9, Spanish 17.5 → 18.3. YAKE!'s position (median sentence) on top
  // of PositionRank's early-word prior gained French 0.2 and cost Spanish 2–6 (paragraphs taken from inside
  // papers): left out.
  if (lang !== "en") {
    const tf = new Float64Array(numbers.size);
    const capitals = new Float64Array(numbers.size);
    tokens.forEach((token, i) => {
      const id = ids[i]!;
      if (id < 0) return;
      tf[id] = tf[id]! + 1;
      if (token.capitals) capitals[id] = capitals[id]! + 1;
    });
    for (let a = 0; a < numbers.size; a++) weights[a] = weights[a]! * (1 + capitals[a]! / (1 + Math.log(tf[a]!)));
  }
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
    const form = phrase.length === 1 ? displayForm(tokens[phrase[0]!]!, lang, names) : joinWords(phrase.map((i) => displayForm(tokens[i]!, lang, names)));
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
  }
  // English abstracts: how often each candidate occurs as a noun phrase or inside a longer one
  // ("wind turbine" in "horizontal axis wind turbine" and "variable speed wind turbine system").
  const abstract = lang === "en" && !long;
  const counts = new Map<string, number>();
  for (const [key, entry] of merged) {
    let count = 0;
    for (const c of entry.forms.values()) count += c;
    counts.set(key, count);
  }
  const inside = abstract ? occurrencesInside(counts) : undefined;
  // A long form and its acronym are one term: "message definition repository (MDR)" occurs as often
  // as either is written (Inspec F1@10 dev 33.1 → 33.2).
  const acronyms = abstract ? acronymsOf(tokens, phrases, stems) : undefined;
  const countOf = (key: string) => (counts.get(key) ?? 0) + (inside?.get(key) ?? 0);
  const ranked: Keyphrase[] = [];
  for (const [key, entry] of merged) {
    let phrase = "";
    let best = 0;
    for (const [form, count] of entry.forms) if (count > best) [phrase, best] = [form, count];
    const count = counts.get(key)!;
    // Abstracts: a phrase that recurs, on its own or inside longer ones, is the topic; a single word
    // is rarely a keyphrase of its own (19% of the single words in the top ten against 40% of the
    // phrases). Inspec F1@10 dev 31.4 → 31.8 (single words × 0.4–0.6 and occurrences^0.1–0.2 all
    // within 31.7–31.9).
    const acronym = acronyms?.get(key);
    const extra = inside ? (entry.words === 1 ? SINGLE_WORD_FACTOR : 1) * Math.pow(countOf(key) + (acronym ? countOf(acronym) : 0), OCCURRENCE_EXPONENT) : 1;
    if (phrase.length <= 60) ranked.push({ phrase, score: (extra * entry.score * Math.pow(count, frequencyExponent)) / Math.pow(entry.words, lengthExponent), words: entry.words });
  }
  ranked.sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));
  return lang === "en" ? lessRedundant(ranked) : ranked;
}

const SINGLE_WORD_FACTOR = 0.5;
const OCCURRENCE_EXPONENT = 0.2;

/**
 * How often each candidate stands inside a longer one, from each candidate's stems' key and number of
 * occurrences ("wind turbin" twice inside "horizont axi wind turbin system" written twice).
 */
export function occurrencesInside(counts: Map<string, number>): Map<string, number> {
  const inside = new Map<string, number>();
  for (const [key, n] of counts) {
    if (!key.includes(" ")) continue;
    const words = key.split(" ");
    for (let a = 0; a < words.length; a++)
      for (let b = a + 1; b <= words.length; b++) {
        if (b - a === words.length) continue;
        const part = b - a === 1 ? words[a]! : words.slice(a, b).join(" ");
        if (counts.has(part)) inside.set(part, (inside.get(part) ?? 0) + n);
      }
  }
  return inside;
}

/**
 * Acronyms the text defines, by the stems' key of their long form: a phrase right before "(XYZ)"
 * whose last words' initials (each part of a hyphenated word counts) spell the acronym ("support
 * vector machine (SVM)", "digital video disks (DVDs)", "fault-tolerant system (FTS)").
 */
export function acronymsOf(tokens: Array<Pick<Token, "surface">>, phrases: number[][], stems: string[]): Map<string, string> {
  const acronyms = new Map<string, string>();
  for (const phrase of phrases) {
    const end = phrase.at(-1)!;
    const acronym = tokens[end + 2]?.surface ?? "";
    if (tokens[end + 1]?.surface !== "(" || tokens[end + 3]?.surface !== ")" || !/^[A-Z][A-Za-z]*[A-Z]s?$/.test(acronym)) continue;
    const letters = acronym.replace(/s$/, "").toUpperCase();
    let initials = "";
    for (let k = phrase.length - 1; k >= 0 && initials.length < letters.length; k--) {
      initials = tokens[phrase[k]!]!.surface.split("-").map((part) => part.charAt(0)).join("").toUpperCase() + initials;
      if (initials === letters) acronyms.set(phrase.slice(k).map((i) => stems[i]!).join(" "), stems[end + 2]!);
    }
  }
  return acronyms;
}

/**
 * The top ten with less repetition: a single word already inside a better phrase ("readout" after
 * "readout signal"), and a third phrase starting with the same word ("blending surface",
 * "blending method", "blending patches"), move below the tenth (Inspec, F1@10 dev/held-out
 * 29.9/29.4 → 30.2/30.7).
 */
export function lessRedundant(ranked: Keyphrase[], top = 10, perFirstWord = 2): Keyphrase[] {
  const kept: Keyphrase[] = [];
  const later: Keyphrase[] = [];
  const firstWords = new Map<string, number>();
  let next = 0;
  for (; next < ranked.length && kept.length < top; next++) {
    const keyphrase = ranked[next]!;
    const words = keyphrase.phrase.toLowerCase().split(" ");
    let repeats = words.length === 1 && kept.some((better) => better.words > 1 && better.phrase.toLowerCase().split(" ").includes(words[0]!));
    const seen = firstWords.get(words[0]!) ?? 0;
    if (!repeats && seen >= perFirstWord) repeats = true;
    else if (!repeats) firstWords.set(words[0]!, seen + 1);
    (repeats ? later : kept).push(keyphrase);
  }
  return [...kept, ...later, ...ranked.slice(next)];
}

/**
 * Acronyms and mixed-case names (GPT, PostgreSQL, iPhone, useState) keep their case; German nouns
 * too (always capitalised), and a word capitalised inside a sentence where the engine reads runs
 * ("Québec", "Lagrangiano"); other words are lower-cased. The most frequent form of a phrase wins.
 */
function displayForm(token: Pick<Token, "surface" | "word" | "keepCase">, lang: string, names?: ReadonlySet<string>): string {
  if (lang === "de" || token.keepCase || names?.has(token.surface)) return token.surface;
  return /\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}/u.test(token.surface) ? token.surface : token.word;
}

/** A line in title case ("La Transcription Orthographique De La Langue Arabe"), from its words of four letters or more. */
const inTitleCase = (long: string[]) => long.length >= 3 && long.filter((word) => /^\p{Lu}/u.test(word)).length >= 0.6 * long.length;

/**
 * English proper nouns and proper adjectives by how the page writes them ("Lisbon", "Diophantine",
 * "B-tree"): capitalised inside a sentence, never written lower-case. A sentence's first word and
 * a title-case line ("How To Solve Equations") are no evidence (issue 36: proper nouns in their casing).
 */
export function englishNames(text: string): Set<string> {
  const capitalised = new Set<string>();
  const lower = new Set<string>();
  for (const sentence of text.split(SENTENCE_END)) {
    const words = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
    const titleCase = inTitleCase(words.filter((word) => word.length >= 4));
    words.forEach((word, i) => {
      if (/^\p{Ll}/u.test(word)) lower.add(word);
      else if (i > 0 && !titleCase && /^\p{Lu}[^\p{Lu}]+$/u.test(word)) capitalised.add(word);
    });
  }
  for (const word of capitalised) if (lower.has(word.toLowerCase())) capitalised.delete(word);
  return capitalised;
}

/** YAKE!'s phrases as written, in the display forms above, merged when they read the same. */
function displayed(ranked: Keyphrase[], lang: string, names?: ReadonlySet<string>): Keyphrase[] {
  const seen = new Set<string>();
  return ranked.flatMap((keyphrase) => {
    const phrase = keyphrase.phrase
      .split(" ")
      .map((surface) => displayForm({ surface, word: surface.toLowerCase() }, lang, names))
      .join(" ");
    // Scripts written without spaces (Chinese, Japanese) give whole clauses as "words".
    if (seen.has(phrase) || phrase.length > 60) return [];
    seen.add(phrase);
    return [{ ...keyphrase, phrase }];
  });
}

export function extractKeyphrases(input: { text: string; title?: string | null; language?: string | null }, count = 10): string[] {
  return rankKeyphrases(input)
    .slice(0, count)
    .map((k) => k.phrase);
}

// ---- YAKE! (Campos et al., Information Sciences 2020): statistical features of each word, no corpus

/** A word's YAKE! kind: digit, unusual (letters and digits mixed, several symbols), acronym, capitalised name, plain. */
export type WordKind = "d" | "u" | "a" | "n" | "p";

export function wordKind(surface: string, firstInSentence: boolean): WordKind {
  return kindAt(wordShape(surface), firstInSentence);
}

/** A word's kind apart from its place: "capitalised" is a name ("n") unless it opens its sentence. */
type WordShape = Exclude<WordKind, "n"> | "capitalised";

function wordShape(surface: string): WordShape {
  // Most words: lower-case letters only.
  if (/^\p{Ll}+$/u.test(surface)) return "p";
  if (/^[+-]?\d[\d.,]*%?$/.test(surface)) return "d";
  const digits = surface.match(/\p{N}/gu)?.length ?? 0;
  const letters = surface.match(/\p{L}/gu)?.length ?? 0;
  const symbols = surface.match(/[^\p{L}\p{N}]/gu)?.length ?? 0;
  if (letters === 0 || symbols > 1 || (digits > 0 && digits >= letters)) return "u";
  if (letters > 1 && surface === surface.toUpperCase()) return "a";
  return /^\p{Lu}/u.test(surface) ? "capitalised" : "p";
}

const kindAt = (shape: WordShape, firstInSentence: boolean): WordKind => (shape === "capitalised" ? (firstInSentence ? "p" : "n") : shape);

export interface YakeWeights {
  casing: number;
  position: number;
}

interface YakeTerm {
  tf: number;
  acronyms: number;
  names: number;
  stop: boolean;
  sentences: number[];
  left: Map<number, number>;
  right: Map<number, number>;
  score: number;
}

/**
 * One word's YAKE! score (lower is more important): early (position), written in capitals (casing),
 * frequent against the page's other words (frequency), in few contexts (relatedness: a word that
 * follows and precedes many different words is a function word) and not in every sentence
 * (dispersion).
 */
export function termScore(term: Pick<YakeTerm, "tf" | "acronyms" | "names" | "sentences" | "left" | "right">, page: { maxTf: number; meanTf: number; stdTf: number; sentences: number }, weights: YakeWeights = { casing: 1, position: 1 }): number {
  const diversity = (neighbours: Map<number, number>) => {
    let total = 0;
    for (const n of neighbours.values()) total += n;
    return total ? neighbours.size / total : 0;
  };
  const relatedness = 1 + (diversity(term.left) + diversity(term.right)) * (term.tf / page.maxTf);
  const frequency = term.tf / (page.meanTf + page.stdTf || 1);
  const ordered = distinctInOrder(term.sentences);
  const spread = ordered.length / page.sentences;
  const casing = (weights.casing * Math.max(term.acronyms, term.names)) / (1 + Math.log(term.tf));
  const middle = ordered.length >> 1;
  const median = ordered.length % 2 ? ordered[middle]! : (ordered[middle - 1]! + ordered[middle]!) / 2;
  const position = Math.log(Math.log(3 + median));
  return (Math.pow(position, weights.position) * relatedness) / (casing + frequency / relatedness + spread / relatedness);
}

/** The distinct sentence numbers, in order: one pass over a term's (written in order, so already sorted). */
function distinctInOrder(sentences: number[]): number[] {
  const distinct: number[] = [];
  for (const sentence of sentences) {
    const last = distinct.length ? distinct[distinct.length - 1]! : -Infinity;
    if (sentence < last) return [...new Set(sentences)].sort((a, b) => a - b);
    if (sentence !== last) distinct.push(sentence);
  }
  return distinct;
}

/**
 * How alike two strings are: 2 × their longest common subsequence / their total length (1 = equal).
 * With `bound`, 0 as soon as their lengths alone keep them at or under it.
 */
export function similarity(a: string, b: string, bound?: number): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  // The common subsequence is at most the shorter string.
  if (bound !== undefined && (2 * Math.min(a.length, b.length)) / (a.length + b.length) <= bound) return 0;
  // Two rows of the table in one reused buffer: the dedupe of a page's candidates calls this
  // thousands of times, and two new arrays a call were most of its cost (and of the engine's garbage).
  const width = b.length + 1;
  if (lcsRows.length < 2 * width) lcsRows = new Uint16Array(4 * width);
  const rows = lcsRows;
  rows.fill(0, 0, 2 * width);
  let previous = 0;
  let current = width;
  for (let i = 1; i <= a.length; i++) {
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) rows[current + j] = code === b.charCodeAt(j - 1) ? rows[previous + j - 1]! + 1 : Math.max(rows[previous + j]!, rows[current + j - 1]!);
    [previous, current] = [current, previous];
  }
  return (2 * rows[previous + b.length]!) / (a.length + b.length);
}

let lcsRows = new Uint16Array(256);

export interface YakeOptions {
  stop: Set<string>;
  /** Weights of the casing feature and exponent of the position feature (YAKE!: 1 and 1). */
  weights?: YakeWeights;
  stem: (word: string) => string;
  /** Longest candidate, in words. */
  maxWords: number;
  /** Candidates as alike as this (similarity) as a better one are dropped. */
  dedupe?: number;
  /** How many to return. */
  limit?: number;
  /**
   * Single words (maxWords 1): a name written in two capitalised words that nearly always stand
   * together ("Sri Lanka", "Ivory Coast") is given as the pair, in the better word's place.
   */
  joinNames?: boolean;
}

/**
 * YAKE! keyphrases: every run of up to `maxWords` words inside a sentence's punctuation-free chunk
 * that neither starts nor ends with a stop word, scored by its words' scores (their product over
 * one plus their sum, divided by how often the phrase occurs: lower is better), near-duplicates dropped.
 */
export function yakeKeyphrases(text: string, options: YakeOptions): Keyphrase[] {
  const { stop, stem, maxWords, dedupe = 0.9, limit = 60, weights = { casing: 1, position: 1 } } = options;
  const terms: YakeTerm[] = [];
  const termIds = new Map<string, number>();
  const stemmed = new Map<string, string>();
  const shapes = new Map<string, WordShape>();
  const candidates = new Map<string, { ids: number[]; tf: number; forms: Map<string, number> }>();
  // Pairs of capitalised words side by side, for joinNames: "first second" ids → count and forms.
  const namePairs = new Map<string, { first: number; second: number; tf: number; forms: Map<string, number> }>();
  let sentenceCount = 0;
  for (const sentence of text.split(/(?<=[.!?。！？])\s+|\n+/u)) {
    let firstInSentence = true;
    let used = false;
    for (const chunk of sentence.split(/[,;:()\[\]{}"“”«»„!?¿¡—–|/]+|\s[-–]\s|\.(?:\s|$)/u)) {
      const block: Array<{ id: number; kind: WordKind; surface: string }> = [];
      for (const written of chunk.match(/[\p{L}\p{N}][\p{L}\p{N}+#'’.-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu) ?? []) {
        // "Marsden's" is "Marsden"; "l'analyse" is "analyse".
        const surface = /['’]/u.test(written) ? written.replace(/['’]s$/u, "").replace(/^(?:l|d|qu|j|n|s|c|m|t)['’](?=\p{L})/iu, "") : written;
        // A page repeats its words: each distinct form's shape is read once.
        let shape = shapes.get(surface);
        if (shape === undefined) shapes.set(surface, (shape = wordShape(surface)));
        const kind = kindAt(shape, firstInSentence);
        firstInSentence = false;
        used = true;
        const lower = surface.toLowerCase();
        // Pages repeat their words: each distinct word stemmed once.
        let key = stemmed.get(lower);
        if (key === undefined) stemmed.set(lower, (key = stem(lower)));
        let id = termIds.get(key);
        if (id === undefined) {
          id = terms.length;
          termIds.set(key, id);
          terms.push({ tf: 0, acronyms: 0, names: 0, stop: stop.has(lower) || (lower.length < 3 && kind !== "a"), sentences: [], left: new Map(), right: new Map(), score: 0 });
        }
        const term = terms[id]!;
        term.tf++;
        if (kind === "a") term.acronyms++;
        if (kind === "n") term.names++;
        term.sentences.push(sentenceCount);
        const previous = block.at(-1);
        if (previous && kind !== "d" && kind !== "u" && previous.kind !== "d" && previous.kind !== "u") {
          terms[previous.id]!.right.set(id, (terms[previous.id]!.right.get(id) ?? 0) + 1);
          term.left.set(previous.id, (term.left.get(previous.id) ?? 0) + 1);
        }
        if (options.joinNames && previous && (kind === "n" || kind === "a") && /^\p{Lu}/u.test(previous.surface) && previous.kind !== "d" && previous.kind !== "u" && !terms[previous.id]!.stop && !term.stop) {
          const pairKey = `${previous.id} ${id}`;
          let pair = namePairs.get(pairKey);
          if (!pair) namePairs.set(pairKey, (pair = { first: previous.id, second: id, tf: 0, forms: new Map() }));
          pair.tf++;
          const form = `${previous.surface} ${surface}`;
          pair.forms.set(form, (pair.forms.get(form) ?? 0) + 1);
        }
        block.push({ id, kind, surface });
        // Candidates ending at this word.
        const last = block.length - 1;
        if (term.stop || kind === "d" || kind === "u") continue;
        for (let first = last; first >= 0 && last - first < maxWords; first--) {
          const start = block[first]!;
          if (start.kind === "d" || start.kind === "u") break;
          if (terms[start.id]!.stop) continue;
          // One word (most candidates, and all of them for news): no arrays to join.
          const words = first === last ? null : block.slice(first);
          const key = words ? words.map((w) => w.id).join(" ") : String(id);
          let candidate = candidates.get(key);
          if (!candidate) candidates.set(key, (candidate = { ids: words ? words.map((w) => w.id) : [id], tf: 0, forms: new Map() }));
          candidate.tf++;
          const form = words ? words.map((w) => w.surface).join(" ") : surface;
          candidate.forms.set(form, (candidate.forms.get(form) ?? 0) + 1);
        }
      }
    }
    if (used) sentenceCount++;
  }
  if (candidates.size === 0) return [];
  let maxTf = 0;
  let sum = 0;
  let squares = 0;
  let content = 0;
  for (const term of terms) {
    maxTf = Math.max(maxTf, term.tf);
    if (term.stop) continue;
    content++;
    sum += term.tf;
    squares += term.tf * term.tf;
  }
  const meanTf = content ? sum / content : 1;
  const page = { maxTf, meanTf, stdTf: Math.sqrt(Math.max(0, squares / Math.max(content, 1) - meanTf * meanTf)), sentences: Math.max(sentenceCount, 1) };
  for (const term of terms) if (!term.stop) term.score = termScore(term, page, weights);

  const scored: Array<{ form: string; score: number; words: number; ids: number[] }> = [];
  for (const { ids, tf, forms } of candidates.values()) {
    let product = 1;
    let total = 0;
    for (let k = 0; k < ids.length; k++) {
      const term = terms[ids[k]!]!;
      if (!term.stop) {
        product *= term.score;
        total += term.score;
        continue;
      }
      // A stop word inside ("traitement des langues"): cheap when it reliably links its neighbours.
      const before = terms[ids[k - 1]!]!;
      const after = terms[ids[k + 1]!]!;
      const link = ((before.right.get(ids[k]!) ?? 0) / before.tf) * ((term.right.get(ids[k + 1]!) ?? 0) / after.tf);
      product *= 2 - link;
      total -= 1 - link;
    }
    let form = "";
    let best = 0;
    for (const [f, n] of forms) if (n > best) [form, best] = [f, n];
    scored.push({ form, score: product / ((total + 1) * tf), words: ids.length, ids });
  }
  scored.sort((a, b) => a.score - b.score || a.form.localeCompare(b.form));
  const kept: Keyphrase[] = [];
  const keptLower: string[] = [];
  // A word's name pair: both words stand in it at least 80% of the time, twice or more.
  const pairOf = new Map<number, { form: string; ids: number[] }>();
  for (const pair of namePairs.values()) {
    if (pair.tf < 2 || pair.first === pair.second || pair.tf < 0.8 * terms[pair.first]!.tf || pair.tf < 0.8 * terms[pair.second]!.tf) continue;
    let form = "";
    let best = 0;
    for (const [f, n] of pair.forms) if (n > best) [form, best] = [f, n];
    const joined = { form, ids: [pair.first, pair.second] };
    pairOf.set(pair.first, joined);
    pairOf.set(pair.second, joined);
  }
  const joinedIds = new Set<number>();
  for (let candidate of scored) {
    if (maxWords === 1 && pairOf.size) {
      const id = candidate.ids[0]!;
      if (joinedIds.has(id)) continue;
      const pair = pairOf.get(id);
      if (pair) {
        for (const pairId of pair.ids) joinedIds.add(pairId);
        candidate = { ...candidate, form: pair.form, words: 2, ids: pair.ids };
      }
    }
    const lower = candidate.form.toLowerCase();
    if (dedupe < 1 && keptLower.some((other) => similarity(lower, other, dedupe) > dedupe)) continue;
    keptLower.push(lower);
    kept.push({ phrase: candidate.form, score: 1 / (candidate.score + 1e-9), words: candidate.words });
    if (kept.length >= limit) break;
  }
  return kept;
}

