/**
 * Text helpers of the learning features (quiz, rephrase, course): sentences, word tokens with
 * their offsets, stem keys, blanking every occurrence of a term, the page's noun terms and
 * their kind, and the sentences where the page defines a term, explains a cause or lists steps.
 * Kept apart from the summary and keyphrase modules so each can change on its own.
 */
import { createRequire } from "node:module";
import type { ItemSentence, ItemToken, WinkMethods } from "wink-nlp";
import type WinkNLP from "wink-nlp";
import type Model from "wink-eng-lite-web-model";
import { stemmerOf, stopWordsOf } from "./language.server";
import { splitSentences } from "./text-analysis.server";

const require = createRequire(import.meta.url);
let winkInstance: WinkMethods | undefined;
/** wink-nlp's English tagger, loaded on the first English page that needs it (about 200 ms of CPU). */
function wink(): WinkMethods {
  if (!winkInstance) {
    const winkNLP = require("wink-nlp") as typeof WinkNLP;
    const model = require("wink-eng-lite-web-model") as typeof Model;
    winkInstance = winkNLP(model, ["sbd", "pos"]);
  }
  return winkInstance;
}

/** English parts of speech (wink-nlp's universal tags), token by token. */
export function tagEnglish(text: string): Array<{ surface: string; pos: string }> {
  const nlp = wink();
  const its = nlp.its;
  const tags: Array<{ surface: string; pos: string }> = [];
  nlp.readDoc(text).tokens().each((token: ItemToken) => {
    tags.push({ surface: token.out(), pos: token.out(its.pos) });
  });
  return tags;
}

/** The languages whose patterns (definitions, causes, steps, wording) the learning features know. */
export type LearningLanguage = "en" | "fr" | "de" | "es";
export function learningLanguage(lang: string | null | undefined): LearningLanguage {
  const code = (lang ?? "en").toLowerCase().slice(0, 2);
  return code === "fr" || code === "de" || code === "es" ? code : "en";
}

// ---------------------------------------------------------------- sentences and tokens

/** The text's sentences, a list item on its own line ending one too (the one splitter of the engine, text-analysis's). */
export function sentencesOf(text: string): string[] {
  return splitSentences(text, { listItems: true });
}

export interface Token {
  /** As written. */
  surface: string;
  /** Lower-cased, French/Italian elision removed ("l'énergie" → "énergie"). */
  word: string;
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}_'’+#.-]*[\p{L}\p{N}_+#]|[\p{L}\p{N}]/gu;
const ELISION = /^(?:l|d|qu|j|n|s|c|m|t)['’](?=\p{L})/iu;

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    let surface = match[0].replace(/[.'’-]+$/, "");
    let start = match.index;
    const elided = ELISION.exec(surface);
    if (elided) {
      surface = surface.slice(elided[0].length);
      start += elided[0].length;
    }
    if (!surface) continue;
    tokens.push({ surface, word: surface.toLowerCase(), start, end: start + surface.length });
  }
  return tokens;
}

/** One key per word form that means the same word: "indexes" and "index", "Lösungen" and "Lösung". */
export function stemKey(word: string, lang: string): string {
  return stemmerOf(lang)(word.toLowerCase());
}

export function phraseKey(phrase: string, lang: string): string {
  return tokensOf(phrase)
    .map((t) => stemKey(t.word, lang))
    .join(" ");
}

export const BLANK = "_____";

/**
 * Every occurrence of `term` in `text` blanked, whatever its inflection (stem match, word by
 * word). `count` says how many were blanked.
 */
export function blankEvery(text: string, term: string, lang: string): { text: string; count: number } {
  const want = tokensOf(term).map((t) => stemKey(t.word, lang));
  if (want.length === 0) return { text, count: 0 };
  const tokens = tokensOf(text);
  const spans: Array<[number, number]> = [];
  for (let i = 0; i + want.length <= tokens.length; i++) {
    if (want.every((stem, k) => stemKey(tokens[i + k]!.word, lang) === stem)) {
      spans.push([tokens[i]!.start, tokens[i + want.length - 1]!.end]);
      i += want.length - 1;
    }
  }
  let out = text;
  for (const [start, end] of spans.reverse()) out = `${out.slice(0, start)}${BLANK}${out.slice(end)}`;
  return { text: out, count: spans.length };
}

/**
 * The words of `answer` that a reader could find in `question`: the content words of the answer
 * (by stem) still present, unless most of the other options share them (then they give nothing away).
 */
export function giveaways(question: string, answer: string, others: string[], lang: string): string[] {
  const stop = stopWordsOf(lang);
  const inQuestion = new Set(tokensOf(question).map((t) => stemKey(t.word, lang)));
  const shared = (stem: string) => others.filter((o) => tokensOf(o).some((t) => stemKey(t.word, lang) === stem)).length >= 2;
  return tokensOf(answer)
    .filter((t) => !stop.has(t.word) && t.word.length > 1)
    .map((t) => stemKey(t.word, lang))
    .filter((stem) => inQuestion.has(stem) && !shared(stem));
}

// ---------------------------------------------------------------- terms and their kind

/** What kind of thing a term is: distractors must be of the answer's kind. */
export type TermKind = "name" | "noun" | "code" | `number:${number}`;

export interface Term {
  /** As the page usually writes it. */
  text: string;
  key: string;
  kind: TermKind;
  count: number;
  first: number;
}

const DETERMINERS: Record<LearningLanguage, Set<string>> = {
  en: new Set("the a an this that these those its their our your his her my each every some any no".split(" ")),
  fr: new Set("le la les un une des du au aux ce cet cette ces son sa ses leur leurs notre nos votre vos mon ma mes chaque".split(" ")),
  de: new Set("der die das den dem des ein eine einen einem einer eines kein keine keinen keinem dieser diese dieses diesen jeder jede jedes sein seine ihr ihre unser unsere".split(" ")),
  es: new Set("el la los las un una unos unas del al este esta estos estas ese esa esos esas su sus cada nuestro nuestra".split(" ")),
};

export function kindOf(text: string, lang: LearningLanguage, proper: boolean): TermKind {
  const compact = text.replace(/\s+/g, "");
  if (/^\d+(?:[.,]\d+)?$/.test(compact)) return `number:${compact.replace(/\D/g, "").length}`;
  if (/[_()]|^[a-z][a-z0-9]*[A-Z]|^\.|[a-z]\.[a-z]/.test(text)) return "code";
  if (proper) return "name";
  return "noun";
}

const NOUN_TAGS = new Set(["NOUN", "PROPN"]);

/** Noun phrases (1–3 words) of English text, from wink-nlp's tags, with their token offsets. */
function englishPhrases(text: string): Array<{ surface: string; proper: boolean; start: number }> {
  const nlp = wink();
  const its = nlp.its;
  const phrases: Array<{ surface: string; proper: boolean; start: number }> = [];
  const stop = stopWordsOf("en");
  let offset = 0;
  // wink keeps no offsets: find each token in the text in order.
  nlp.readDoc(text).sentences().each((sentence: ItemSentence) => {
    const raw: Array<{ surface: string; pos: string; start: number }> = [];
    sentence.tokens().each((token: ItemToken) => {
      const surface = token.out();
      const at = text.indexOf(surface, offset);
      if (at >= 0) offset = at + surface.length;
      const last = raw.at(-1);
      if (last && at === last.start + last.surface.length && (last.surface.endsWith("-") || surface === "-" || surface.startsWith("-"))) {
        last.surface += surface;
        if (surface !== "-") last.pos = token.out(its.pos);
        return;
      }
      raw.push({ surface, pos: token.out(its.pos), start: at });
    });
    let run: typeof raw = [];
    const close = () => {
      while (run.length && !NOUN_TAGS.has(run.at(-1)!.pos)) run.pop();
      while (run.length && (run[0]!.pos === "ADJ" && run.length > 2)) run.shift();
      if (run.length && run.length <= 3) {
        const surface = text.slice(run[0]!.start, run.at(-1)!.start + run.at(-1)!.surface.length);
        const initial = run[0] === raw[0] || /(?:^|[.!?:]\s+|\n\s*)$/.test(text.slice(Math.max(0, run[0]!.start - 3), run[0]!.start));
        phrases.push({ surface, proper: !initial && run.every((r) => r.pos === "PROPN" || /^\p{Lu}/u.test(r.surface)), start: run[0]!.start });
      }
      run = [];
    };
    for (const [i, token] of raw.entries()) {
      const pos = token.pos === "NOUN" && /^(?:DET|PRON)$/.test(raw[i + 1]?.pos ?? "") ? "VERB" : token.pos;
      const word = token.surface.toLowerCase();
      const ok = /\p{L}/u.test(word) && !stop.has(word) && word.length > 1 && /^[\p{L}\p{N}][\p{L}\p{N}_+#.-]*$/u.test(token.surface);
      if (ok && (NOUN_TAGS.has(pos) || pos === "ADJ")) run.push({ ...token, pos });
      else close();
    }
    close();
  });
  return phrases;
}

/** Other languages: the content words (up to 2, or 3 with "de"/"von" inside) right after a determiner; in German also capitalised words. */
function determinerPhrases(text: string, lang: LearningLanguage): Array<{ surface: string; proper: boolean; start: number }> {
  const stop = stopWordsOf(lang);
  const determiners = DETERMINERS[lang];
  const phrases: Array<{ surface: string; proper: boolean; start: number }> = [];
  for (const sentence of sentencesOfWithOffsets(text)) {
    const tokens = tokensOf(sentence.text);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const elided = /^(?:l|d)['’]/i.test(sentence.text.slice(Math.max(0, token.start - 2), token.start));
      const afterDeterminer = elided || (i > 0 && determiners.has(tokens[i - 1]!.word) && sentence.text.slice(tokens[i - 1]!.end, token.start).trim() === "");
      const germanNoun = lang === "de" && i > 0 && /^\p{Lu}/u.test(token.surface);
      if (!(afterDeterminer || germanNoun) || stop.has(token.word) || !/\p{L}/u.test(token.word) || token.word.length < 3) continue;
      let end = i;
      // One following content word (an adjective after the noun in French and Spanish) when nothing but a space separates them.
      const next = tokens[i + 1];
      if (lang !== "de" && next && !stop.has(next.word) && sentence.text.slice(token.end, next.start) === " " && /^\p{Ll}/u.test(next.surface) && !/(?:ent|ait|aient|ons|ez|an|en|ó|aron)$/.test(next.word)) end = i + 1;
      const surface = sentence.text.slice(token.start, tokens[end]!.end);
      // German capitalises every noun: a name is a capitalised word with no article (or "im", "zum", or an adjective) before it.
      const prev = tokens[i - 1]?.word ?? "";
      const germanName = lang === "de" && !afterDeterminer && !/^(?:im|am|zum|zur|vom|beim|ins|ans|aufs|kein\p{L}*)$/u.test(prev) && !/^\p{Ll}+(?:e|en|er|es|em)$/u.test(tokens[i - 1]?.surface ?? "");
      const proper = lang === "de" ? germanName : /^\p{Lu}/u.test(token.surface);
      phrases.push({ surface, proper, start: sentence.start + token.start });
      if (end > i) phrases.push({ surface: token.surface, proper, start: sentence.start + token.start });
    }
  }
  return phrases;
}

function sentencesOfWithOffsets(text: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  let offset = 0;
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const at = text.indexOf(sentence, offset);
    out.push({ text: sentence, start: at });
    offset = at + sentence.length;
  }
  return out;
}

/**
 * The page's noun terms, most frequent first, each with the kind that decides which other terms
 * may stand beside it as distractors. Numbers are terms too (their kind says how many digits).
 */
export function termsOf(fullText: string, lang: LearningLanguage): Term[] {
  // Headings are titles, not prose: their words are not the page's terms ("How indexes work").
  const text = fullText
    .split(/\n{2,}/)
    .filter((block) => block.length > 120 || /[.!?:;"”)»]$/.test(block))
    .join("\n\n");
  const found = lang === "en" ? englishPhrases(text) : determinerPhrases(text, lang);
  for (const match of text.matchAll(/(?<![\p{L}\p{N}.,])\d+(?:[.,]\d+)?(?![\p{L}\p{N}]|[.,]\d)/gu)) found.push({ surface: match[0], proper: false, start: match.index });
  const byKey = new Map<string, { forms: Map<string, number>; proper: number; count: number; first: number }>();
  for (const phrase of found) {
    const key = phraseKey(phrase.surface, lang);
    if (!key) continue;
    const entry = byKey.get(key) ?? { forms: new Map(), proper: 0, count: 0, first: phrase.start };
    entry.forms.set(phrase.surface, (entry.forms.get(phrase.surface) ?? 0) + 1);
    if (phrase.proper) entry.proper++;
    entry.count++;
    byKey.set(key, entry);
  }
  return [...byKey.entries()]
    // Pieces of identifiers ("user" of user_id) are not terms: a term occurs on its own somewhere.
    .filter(([, entry]) => [...entry.forms.keys()].some((form) => new RegExp(`(?<![\\p{L}\\p{N}_])${form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "u").test(text)))
    .filter(([key]) => key.length >= 3)
    .map(([key, entry]) => {
      // The usual form, lower case preferred when the page also writes it so (not sentence-initial capitals).
      const forms = [...entry.forms.entries()].sort((a, b) => b[1] - a[1]);
      const lower = forms.find(([form]) => form === form.toLowerCase());
      const text = lower && entry.proper * 2 < entry.count ? lower[0] : forms[0]![0];
      // German: a name only when the page repeats it and never gives it an article.
      const repeated = () => (fullText.match(new RegExp(`(?<![\\p{L}])${forms[0]![0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "gu")) ?? []).length >= 2;
      const proper = lang === "de" ? entry.proper === entry.count && repeated() : entry.proper * 2 >= entry.count;
      return { text, key, kind: kindOf(text, lang, proper && /^\p{Lu}/u.test(text)), count: entry.count, first: entry.first };
    })
    .sort((a, b) => b.count - a.count || a.first - b.first);
}

/** Whether two terms are the same word or one holds the other ("index" / "B-tree index"): never both among the options. */
export function overlaps(a: string, b: string, lang: string): boolean {
  const ka = ` ${phraseKey(a, lang)} `;
  const kb = ` ${phraseKey(b, lang)} `;
  return ka.includes(kb) || kb.includes(ka);
}

// ---------------------------------------------------------------- definitions, causes and steps

export interface Definition {
  term: string;
  /** What the term is, as the page says it ("a separate data structure that …"). */
  body: string;
  sentence: string;
}

const PRONOUNS = /^(?:it|this|that|these|those|they|there|he|she|we|you|i|which|what|who|here|one|il|elle|ils|elles|ce|cela|ceci|c|on|es|er|sie|das|dies|man|wir|ello|ella|ellos|ellas|esto|eso)$/i;

const DEFINITION_PATTERNS: Record<LearningLanguage, RegExp[]> = {
  en: [
    /^(?:(?:an?|the)\s+)?(?<term>[^,;:()]{2,50}?)\s+(?:is|are)\s+(?<body>(?:an?|the|one of the)\s+.{8,})$/i,
    /^(?:(?:an?|the)\s+)?(?<term>[^,;:()]{2,50}?)\s+(?:refers to|means|is defined as|is called|are called|denotes)\s+(?<body>.{8,})$/i,
    /^(?:(?:an?|the)\s+)?(?<term>[^,;:()]{2,50}?)\s+are\s+(?<body>(?:[\p{L}-]+\s+)?[\p{L}-]+s\s+(?:that|which|whose|who|with|for|of|in|used)\s+.{4,})$/iu,
  ],
  fr: [
    /^(?:(?:les?|la|l['’]|une?|des)\s*)?(?<term>[^,;:()]{2,50}?)\s+(?:est|sont)\s+(?<body>(?:une?|les?|la|l['’]|des)\s*.{8,})$/i,
    /^(?:(?:les?|la|l['’]|une?|des)\s*)?(?<term>[^,;:()]{2,50}?)\s+(?:désigne|désignent|signifie|se définit comme|correspond à)\s+(?<body>.{8,})$/i,
  ],
  de: [
    /^(?:(?:der|die|das|ein|eine)\s+)?(?<term>[^,;:()]{2,50}?)\s+(?:ist|sind)\s+(?<body>(?:ein|eine|einer|der|die|das)\s+.{8,})$/i,
    /^(?:(?:der|die|das|ein|eine)\s+)?(?<term>[^,;:()]{2,50}?)\s+(?:bezeichnet|bezeichnen|bedeutet|meint)\s+(?<body>.{8,})$/i,
  ],
  es: [
    /^(?:(?:el|la|los|las|un|una)\s+)?(?<term>[^,;:()]{2,50}?)\s+(?:es|son)\s+(?<body>(?:una?|el|la|los|las)\s+.{8,})$/i,
    /^(?:(?:el|la|los|las|un|una)\s+)?(?<term>[^,;:()]{2,50}?)\s+(?:se refiere a|significa|consiste en|se define como)\s+(?<body>.{8,})$/i,
  ],
};

/** "…, a green pigment that absorbs …" after a term: the page defining it in passing. */
const APPOSITIVE: Record<LearningLanguage, RegExp> = {
  en: /(?<=\s)(?<term>[\p{L}][\p{L}\p{N}-]{2,}),\s+(?<body>(?:an?)\s+[^,;.]{10,}?)(?:[,;]|\.$)/u,
  fr: /(?<=\s)(?<term>[\p{L}][\p{L}\p{N}-]{2,}),\s+(?<body>(?:une?)\s+[^,;.]{10,}?)(?:[,;]|\.$)/u,
  de: /(?<=\s)(?<term>[\p{L}][\p{L}\p{N}-]{2,}),\s+(?<body>(?:ein|eine|einem|einer|eines)\s+[^,;.]{10,}?)(?:[,;]|\.$)/u,
  es: /(?<=\s)(?<term>[\p{L}][\p{L}\p{N}-]{2,}),\s+(?<body>(?:una?)\s+[^,;.]{10,}?)(?:[,;]|\.$)/u,
};

function termIsPlausible(term: string, lang: LearningLanguage): boolean {
  const tokens = tokensOf(term);
  if (tokens.length === 0 || tokens.length > 4) return false;
  if (PRONOUNS.test(tokens[0]!.word) || /['’]s\b/.test(term)) return false;
  const stop = stopWordsOf(lang);
  // Linking words inside are fine ("cycle de Calvin"), not at either end, and not a clause.
  if (stop.has(tokens[0]!.word) || stop.has(tokens.at(-1)!.word)) return false;
  if (tokens.filter((t) => stop.has(t.word)).length > 1) return false;
  return !/\d{3,}/.test(term);
}

/** A quotation mark: what stands between them is somebody's words. */
const QUOTATION_MARK = /["“”„«»]|(?:^|\s)'|'(?:\s|$)/;

const TIME_WORDS = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|today|yesterday|tomorrow|now|then|tonight|meanwhile|however|instead)$/i;

/**
 * English: whether a definition the patterns found says what a term is. Not "On Friday, a Belfast judge ruled …"
 * (a time, then a clause), "Suddenly, an unlikely hero bounds …", "Underpinning this question is …" (the sentence
 * turned round), nor "a highly unlikely outcome" (an opinion, not a definition).
 */
export function definesATerm(d: { term: string; body: string; sentence: string }): boolean {
  const words = d.term.split(/\s+/);
  if (words.some((w) => TIME_WORDS.test(w)) || /ly$/i.test(words.at(-1)!) || /^\p{L}+ing$/iu.test(words[0]!) || words.some((w) => /^(?:this|that|these|those)$/i.test(w))) return false;
  const at = d.sentence.indexOf(d.term);
  const before = d.sentence.slice(0, Math.max(0, at));
  // A phrase that opens the sentence ("On Friday, …", "In September, …") is no term.
  if (/^(?:\S+\s+)?(?:on|in|at|by|for|with|from|since|after|before|during|until|under|over)\s+(?:\S+\s+)?$/i.test(before)) return false;
  // "The disease is the most common liver disorder …" speaks of one disease the page named before, not of diseases.
  if (/^the\s+$/i.test(before) && /^\p{Ll}[\p{Ll}-]*$/u.test(d.term)) return false;
  // "an online slam book, a repository of …": a word of a longer name is not the term.
  if (at > 0 && /^\p{Ll}/u.test(d.term) && !/(?:^|\s)(?:the|a|an|its|his|her|their|our|this|of|with|from|by|and|or)\s+$/i.test(before)) return false;
  if (/^(?:an?|the)\s+\p{L}+ly\s/iu.test(d.body)) return false;
  // A noun and then a finite verb with its object: "a Belfast judge ruled that …", "a large-scale study has found …".
  const tags = tagEnglish(d.body);
  return !tags.some((t, i) => i > 0 && /^(?:NOUN|PROPN)$/.test(tags[i - 1]!.pos) && (t.pos === "AUX" || (t.pos === "VERB" && /^(?:DET|PRON|SCONJ)$/.test(tags[i + 1]?.pos ?? "") )) && !/ing$/i.test(t.surface));
}

/**
 * A sentence where the page says what it does not cover ("This tutorial does not cover distributed rate
 * limiting", "… is beyond the scope of this article"): nothing to teach or ask from it.
 */
export function outOfScope(sentence: string): boolean {
  return /\b(?:(?:does|do|did|will|won['’]t|doesn['’]t|don['’]t|cannot|can['’]t|not|never)\s+(?:not\s+)?(?:cover|covered|discuss|address|go into|get into|explain|describe|deal with|treat|include)\b|(?:beyond|outside|out of) (?:the )?scope|for (?:another|a (?:later|future|separate)) (?:post|article|tutorial|day|time|chapter)|(?:ne|n['’])\s*(?:traite|couvre|aborde)\s+pas|hors du champ|nicht behandelt|behandelt\s+\S+\s+nicht|no (?:cubre|trata|aborda))\b/i.test(sentence);
}

/** The sentences of the text that define a term ("X is a …", "X refers to …", "X, a … ,").
 * Only the page's own statements: not inside a quotation (somebody's opinion: "'Fosse Park is the
 * gateway …,' said Mr White"), and in English not what something does ("Less women are having
 * babies …") nor a sentence that only looks like a definition (definesATerm). The glossary, the
 * quiz and the course all read these.
 */
export function definitionsOf(text: string, lang: LearningLanguage, { exclude = [] as string[] } = {}): Definition[] {
  const found: Definition[] = [];
  const excluded = new Set(exclude.map((e) => phraseKey(e, lang)).filter(Boolean));
  for (const sentence of sentencesOf(text)) {
    if (sentence.length > 300 || !/[.!]$/.test(sentence) || outOfScope(sentence)) continue;
    const plain = sentence.replace(/[.!]$/, "");
    let match: RegExpExecArray | null = null;
    for (const pattern of DEFINITION_PATTERNS[lang]) if ((match = pattern.exec(plain))) break;
    match ??= APPOSITIVE[lang].exec(plain);
    if (!match?.groups) continue;
    const term = match.groups.term!.trim();
    const body = match.groups.body!.trim().replace(/[,;:]$/, "");
    if (!termIsPlausible(term, lang) || tokensOf(body).length < 3) continue;
    // Never the page's title as a definition, nor a term defined by itself.
    if (excluded.has(phraseKey(body, lang)) || excluded.has(phraseKey(term, lang)) && tokensOf(term).length > 3) continue;
    if (blankEvery(body, term, lang).count === tokensOf(body).length) continue;
    if (found.some((d) => phraseKey(d.term, lang) === phraseKey(term, lang))) continue;
    if (QUOTATION_MARK.test(sentence)) continue;
    if (lang === "en" && (/^\p{L}+ing\b/u.test(body) || !definesATerm({ term, body, sentence }))) continue;
    found.push({ term, body, sentence });
  }
  return saidOfOneTerm(found, lang);
}

/**
 * Definitions whose body the page says of one term only. "England's Waites, a two-time winner, …" and "England's
 * Lisa Ashton, a two-time winner, …" define neither: Words to know would give "Ashton: a two-time winner" beside a
 * text that tells it of Waites, and a quiz asking which term is "a two-time winner" would have two answers.
 */
function saidOfOneTerm(found: Definition[], lang: LearningLanguage): Definition[] {
  const terms = new Map<string, number>();
  for (const d of found) terms.set(phraseKey(d.body, lang), (terms.get(phraseKey(d.body, lang)) ?? 0) + 1);
  return found.filter((d) => terms.get(phraseKey(d.body, lang)) === 1);
}

export interface CauseEffect {
  cause: string;
  effect: string;
  sentence: string;
  /** The cause is a noun phrase ("because of over-running engineering works"), not a clause. */
  phrase?: boolean;
}

/** Markers after which the cause is a noun phrase. */
const PHRASE_MARKER = /\b(?:because of|due to|thanks to|as a result of|owing to|grâce à|à cause de|en raison de|wegen|aufgrund|dank|debido a|gracias a|a causa de)\s*$/i;

/** Markers: [pattern, whether the cause comes first]. The sentence splits at the marker. */
const CAUSAL: Record<LearningLanguage, Array<[RegExp, boolean]>> = {
  en: [
    [/,?\s+because\s+(?:of\s+)?/i, false],
    [/,?\s+(?:due to|thanks to|as a result of)\s+/i, false],
    [/,\s+so\s+(?!that\b|far\b|much\b|many\b)/i, true],
    [/[,;]\s+(?:therefore|thus|hence|which means that|which means|so that)\s*,?\s+/i, true],
    [/\s+(?:leads to|led to|causes|caused|results in|resulted in)\s+/i, true],
  ],
  fr: [
    [/,?\s+(?:(?:parce que|car|grâce à|à cause de|en raison de)\s+|parce qu['’])/i, false],
    [/[,;]\s+(?:donc|c['’]est pourquoi|ce qui|si bien que|de sorte que)\s+/i, true],
    [/\s+(?:entraîne|provoque|cause|permet)\s+/i, true],
  ],
  de: [
    [/,\s+(?:weil|da|denn)\s+/i, false],
    [/\s+(?:wegen|aufgrund|dank)\s+/i, false],
    [/[,;]\s+(?:deshalb|daher|deswegen|sodass|so dass|weshalb)\s+/i, true],
    [/\s+(?:führt zu|führte zu|verursacht|bewirkt)\s+/i, true],
  ],
  es: [
    [/,?\s+(?:porque|ya que|debido a|gracias a|a causa de)\s+/i, false],
    [/[,;]\s+(?:por lo que|así que|por eso|por lo tanto|de modo que)\s*,?\s+/i, true],
    [/\s+(?:provoca|causa|produce|conduce a|lleva a)\s+/i, true],
  ],
};

// English "as" and "since" open time clauses as often as causes ("As he drew closer …", "Since July …"): only "because" leads a cause.
const LEADING_CAUSE: Record<LearningLanguage, RegExp> = {
  en: /^(?:because)\s+(?<cause>[^,]{12,}),\s+(?<effect>.{12,})$/i,
  fr: /^(?:comme|puisque|parce que)\s+(?<cause>[^,]{12,}),\s+(?<effect>.{12,})$/i,
  de: /^(?:weil|da)\s+(?<cause>[^,]{12,}),\s+(?<effect>.{12,})$/i,
  es: /^(?:como|ya que|puesto que)\s+(?<cause>[^,]{12,}),\s+(?<effect>.{12,})$/i,
};

const words = (text: string) => tokensOf(text).length;

/** A quotation opened and not closed (or closed and not opened) in a part of a sentence: a split there cuts somebody's words. */
export function unbalancedQuote(text: string): boolean {
  if ((text.match(/["“”„«»]/g) ?? []).length % 2 === 1) return true;
  const opening = (text.match(/(?:^|[\s(:])['‘]/g) ?? []).length;
  const closing = (text.match(/[\p{L}\p{N}.!?,]['’](?=$|[\s.,!?;:)])/gu) ?? []).length;
  return opening !== 0 && opening > closing;
}

const AUXILIARY = /\s+(?:has|have|had|will|would|could|can|may|might|should|must|also|probably|likely|eventually|ultimately|reportedly)$/i;

/**
 * English: whether a marker really joins a cause and an effect here, and the parts as they should be read.
 * Not "due to be published" (a timetable), "which causes …" (a relative clause says nothing about the
 * sentence's subject), "not only because"; "were caused by X" reads X as the cause, "was caused in 2019"
 * states none; "has led to" leaves "has" out of the cause.
 */
function englishSplit(marker: string, before: string, after: string): { before: string; after: string; swapped: boolean } | null {
  const word = marker.trim().replace(/^,\s*/, "").toLowerCase();
  if (/^(?:due to|thanks to)/.test(word)) {
    const next = tagEnglish(after.split(/\s+/).slice(0, 3).join(" "))[0];
    if (!next || next.pos === "VERB" || next.pos === "AUX" || next.pos === "PART") return null;
    // "is due to close later this year": after a copula, "due to" and a word that opens no noun phrase is a timetable.
    if (word.startsWith("due to") && /\s(?:is|are|was|were|be|been|being|'s)$/i.test(before) && !/^(?:an?|the|his|her|its|their|our|my|your|this|that|these|those|some|many|several|\d)/i.test(after)) return null;
  }
  if (/\bnot only$/i.test(before) || /(?:^|\s)(?:which|that|who|what)$/i.test(before)) return null;
  // "partly due to": the degree word belongs to neither part.
  before = before.replace(/,?\s+(?:partly|largely|mainly|mostly|in part|chiefly|simply|only|just)$/i, "");
  if (/^(?:leads to|led to|causes|caused|results in|resulted in)$/.test(word)) {
    if (/(?:^|\s)(?:which|that|who)(?:\s+(?:has|have|had|also))?$/i.test(before)) return null;
    // "While Rooney delivered …, his celebration … caused …": a cause opening on a subordinate clause has no clear subject.
    if (/^(?:while|when|although|though|if|after|before|as|since|whereas)\s/i.test(before)) return null;
    const passive = /\s+(?:is|are|was|were|been|being|be)$/i.exec(before);
    if (passive) {
      // "The delays were caused by slow CI machines": the cause follows "by"; "was caused in 2019" names none.
      if (word !== "caused" || !/^by\s+/i.test(after)) return null;
      return { before: before.slice(0, passive.index).trim(), after: after.replace(/^by\s+/i, ""), swapped: true };
    }
    return { before: before.replace(AUXILIARY, "").trim(), after, swapped: false };
  }
  return { before, after, swapped: false };
}

/** Sentences that say why: a cause and its effect, each at least 3 words. */
export function causesOf(text: string, lang: LearningLanguage): CauseEffect[] {
  const found: CauseEffect[] = [];
  for (const sentence of sentencesOf(text)) {
    if (sentence.length > 320 || !/[.!]$/.test(sentence) || outOfScope(sentence)) continue;
    const plain = sentence.replace(/[.!]$/, "");
    const leading = LEADING_CAUSE[lang].exec(plain);
    if (leading?.groups) {
      found.push({ cause: leading.groups.cause!, effect: leading.groups.effect!, sentence });
      continue;
    }
    for (const [marker, causeFirst] of CAUSAL[lang]) {
      const match = marker.exec(plain);
      if (!match) continue;
      let before = plain.slice(0, match.index).trim();
      let after = plain.slice(match.index + match[0].length).trim();
      if (/[-–—:]$/.test(before) || /^[-–—]/.test(after) || /^(?:und|and|et|y|aber|but|mais|pero|or|oder|ou)\b/i.test(before) || /^(?:und|and|et|y|aber|but|mais|pero)\b/i.test(after)) continue;
      let isCauseFirst = causeFirst;
      if (lang === "en") {
        const split = englishSplit(match[0], before, after);
        if (!split) break;
        ({ before, after, causeFirst: isCauseFirst } = { ...split, causeFirst: split.swapped ? !causeFirst : causeFirst });
      }
      if (unbalancedQuote(before) || unbalancedQuote(after)) break;
      if (words(before) < (isCauseFirst ? 3 : 4) || words(after) < 3 || /^\p{Ll}/u.test(before) === false && !/^\p{Lu}/u.test(before)) continue;
      found.push(isCauseFirst ? { cause: before, effect: after, sentence } : { cause: after, effect: before, sentence, phrase: PHRASE_MARKER.test(match[0]) || (lang === "en" && causeFirst) });
      break;
    }
  }
  return found;
}

const ORDINAL: Record<LearningLanguage, RegExp> = {
  en: /^(?:(?:step\s+\d+|\d+[.)])\s*[:.-]?\s*|(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|after that|afterwards|finally|lastly|to begin|to start)\b,?\s*)/i,
  fr: /^(?:(?:étape\s+\d+|\d+[.)])\s*[:.-]?\s*|(?:d['’]abord|tout d['’]abord|premièrement|deuxièmement|troisièmement|ensuite|puis|après cela|enfin|pour finir|pour commencer)\b,?\s*)/i,
  de: /^(?:(?:schritt\s+\d+|\d+[.)])\s*[:.-]?\s*|(?:zuerst|zunächst|erstens|zweitens|drittens|dann|danach|anschließend|schließlich|zum schluss)\b,?\s*)/i,
  es: /^(?:(?:paso\s+\d+|\d+[.)])\s*[:.-]?\s*|(?:primero|en primer lugar|segundo|tercero|luego|después|a continuación|finalmente|por último)\b,?\s*)/i,
};

/** The step without its ordinal ("Then, run …" → "Run …"): the options must not give the order away. */
export function withoutOrdinal(step: string, lang: LearningLanguage): string {
  const bare = step.replace(ORDINAL[lang], "").replace(/^[-•*]\s*/, "").trim();
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/**
 * Whether a run of items is in an order: numbered, or said with ordinal words, or (English) bullets
 * that are instructions (most start with a verb: "Mix the flour …"). A bulleted list of things
 * (ingredients, features) has no next item to ask about.
 */
function ordered(run: string[], lang: LearningLanguage): boolean {
  if (!run.every((item) => /^[-•*]\s/.test(item))) return true;
  if (lang !== "en") return false;
  const verbs = run.filter((item) => tagEnglish(item.replace(/^[-•*]\s+/, "").split(/\s+/).slice(0, 4).join(" "))[0]?.pos === "VERB").length;
  return verbs * 3 >= run.length * 2;
}

/**
 * Runs of steps in order: numbered or bulleted items, or consecutive sentences that begin with
 * "First", "Then", "Finally" (or the language's own words). At least 3 steps each.
 */
export function stepsOf(text: string, lang: LearningLanguage): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 3 && ordered(run, lang)) runs.push(run);
    run = [];
  };
  for (const block of text.split(/\n+/).map((b) => b.trim())) {
    const listed = /^(?:[-•*]|\d+[.)])\s+\S/.test(block) || /^(?:step|étape|schritt|paso)\s+\d+/i.test(block);
    if (listed) {
      run.push(block);
      continue;
    }
    const sentences = sentencesOf(block);
    for (const sentence of sentences) {
      if (ORDINAL[lang].test(sentence) && sentence.length <= 240) run.push(sentence);
      else flush();
    }
  }
  flush();
  return runs.map((steps) => steps.map((s) => s.replace(/\s+/g, " ").trim()));
}

// ---------------------------------------------------------------- code with a visible result

export interface CodeResult {
  /** The snippet up to the expression whose result the page shows, without that result. */
  code: string;
  result: string;
  /** The line of the page that shows the result. */
  shown: string;
  language: string;
}

/**
 * A small snippet whose result the page shows: an interactive session (">>> len(xs)" then "3"),
 * or a result comment ("print(x)  # 3", "// => 3", "# Output: 3"). None when the page shows none.
 */
export function codeResultOf(snippet: { language: string; code: string }): CodeResult | null {
  const lines = snippet.code.replace(/\s+$/, "").split("\n");
  if (lines.length > 14 || snippet.code.length > 420) return null;
  // Interactive sessions: Python (>>>) and Node/irb (>) prompts.
  for (let i = lines.length - 2; i >= 0; i--) {
    const prompt = /^(>>>|>|irb\([^)]*\)>|In \[\d+\]:)\s+(.+)$/.exec(lines[i]!);
    const output = lines[i + 1]!;
    if (prompt && output.trim() && !/^(?:>>>|>|\.\.\.|irb)/.test(output) && output.length <= 60) {
      return { code: lines.slice(0, i + 1).join("\n"), result: output.trim().replace(/^Out\[\d+\]:\s*/, "").replace(/^=>\s*/, ""), shown: `${lines[i]!.trim()} → ${output.trim()}`, language: snippet.language };
    }
  }
  // Result comments: "// => 3", "# → 3", "// prints 3", "# Output: 3", "-- returns 3".
  for (let i = lines.length - 1; i >= 0; i--) {
    const comment = /^(?<code>.*\S)\s*(?:\/\/|#|--)\s*(?:=>|→|->|returns:?|prints:?|logs:?|output:?|result:?|gibt|affiche|devuelve|renvoie)\s*(?<result>\S.{0,59})$/i.exec(lines[i]!);
    if (comment?.groups && !/^\s*(?:\/\/|#|--)/.test(lines[i]!)) {
      const code = [...lines.slice(0, i), comment.groups.code!.replace(/\s+$/, "")].join("\n");
      return { code, result: comment.groups.result!.trim(), shown: lines[i]!.trim(), language: snippet.language };
    }
  }
  return null;
}

/** Distractors of the result's own kind: numbers of the same length, strings, booleans, lists. */
export function codeDistractors(result: CodeResult, page: string): string[] {
  const value = result.result;
  const out: string[] = [];
  const add = (candidate: string) => {
    if (candidate && candidate !== value && !out.includes(candidate)) out.push(candidate);
  };
  if (/^-?\d+$/.test(value)) {
    const n = Number(value);
    const length = value.replace("-", "").length;
    for (const match of `${result.code}\n${page}`.matchAll(/(?<![\w.])-?\d+(?![\w.])/g)) if (match[0].replace("-", "").length === length) add(match[0]);
    for (const delta of [1, -1, 2, -2, n, 10, -10, 3]) {
      const candidate = String(n + delta);
      if (candidate.replace("-", "").length === length) add(candidate);
    }
  } else if (/^-?\d+\.\d+$/.test(value)) {
    const decimals = value.split(".")[1]!.length;
    for (const factor of [2, 0.5, 10, 0.1]) add((Number(value) * factor).toFixed(decimals));
  } else if (/^(?:true|false|True|False|None|null|undefined|nil)$/.test(value)) {
    const python = /^[TFN]/.test(value);
    for (const candidate of python ? ["True", "False", "None", "0"] : ["true", "false", "null", "undefined"]) add(candidate);
  } else if (/^(['"]).*\1$/.test(value)) {
    const quote = value[0]!;
    for (const match of result.code.matchAll(/(['"])((?:(?!\1).){1,40})\1/g)) add(`${quote}${match[2]}${quote}`);
    const inner = value.slice(1, -1);
    add(`${quote}${inner.toUpperCase()}${quote}`);
    add(`${quote}${inner.split("").reverse().join("")}${quote}`);
    add(`${quote}${inner.slice(0, -1)}${quote}`);
    add(`${quote}${quote}`);
  } else if (/^\[.*\]$/.test(value)) {
    const items = value.slice(1, -1).split(/,\s*/).filter(Boolean);
    if (items.length >= 2) {
      add(`[${[...items].reverse().join(", ")}]`);
      add(`[${items.slice(1).join(", ")}]`);
      add(`[${items.slice(0, -1).join(", ")}]`);
      add(`[${[...items, items.at(-1)!].join(", ")}]`);
    }
  }
  return out.filter((o) => o !== value);
}
