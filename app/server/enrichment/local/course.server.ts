/**
 * The local engine's mini-course: one lesson per section of the page (its headings), or per
 * third of its paragraphs when it has too few. Each lesson has an objective written as a
 * teacher would ("Explain how …", "Compare …", "Define …"), its key points (the section's most
 * central sentences) and a check question built from the section (a definition, a cause, or a
 * blank in its key sentence).
 */
import type { Course } from "~/lib/enrichment";
import { blankEvery, causesOf, definitionsOf, learningLanguage, outOfScope, sentencesOf, stemKey, termsOf, tokensOf, type LearningLanguage, type Term } from "./learning-text.server";
import { stopWordsOf } from "./language.server";

export interface CourseInput {
  title: string | null;
  text: string;
  language: string | null;
  headings: string[];
}

interface Section {
  title: string;
  text: string;
  /** Titled by a heading of the page (not a topic found in the text). */
  heading?: boolean;
  /** A topic to write the objective about, when the title is no topic ("Overview"). */
  topic?: string;
}

const WORDING: Record<LearningLanguage, {
  define: (term: string) => string;
  compare: (a: string, b: string) => string;
  why: (topic: string) => string;
  how: (topic: string) => string;
  steps: (topic: string) => string;
  describe: (topic: string) => string;
  whatIs: (term: string) => string;
  reason: (effect: string) => string;
  blank: (sentence: string) => string;
  own: (topic: string) => string;
  keyPoints: string;
  part: (n: number) => string;
  about: (topic: string) => string;
  overview: string;
}> = {
  en: {
    define: (t) => `Define ${t} and say what it is used for.`,
    compare: (a, b) => `Compare ${a} and ${b}, and say when each one fits.`,
    why: (t) => `Give the reasons the page offers about ${t}.`,
    how: (t) => `Explain the idea behind ${t}.`,
    steps: (t) => `List the steps of ${t} in order.`,
    describe: (t) => `Describe the role of ${t}.`,
    whatIs: (t) => `In your own words, what is ${t}?`,
    reason: (e) => `Why, according to the lesson, is this so: "${e}"?`,
    blank: (s) => `Fill in the blank: ${s}`,
    own: (t) => `In your own words, what does this lesson say about ${t}?`,
    keyPoints: "Key points:",
    part: (n) => `Part ${n}`,
    about: (t) => `Summarise what the page says about ${t}.`,
    overview: "Overview",
  },
  fr: {
    define: (t) => `Définir ${t} et dire à quoi cela sert.`,
    compare: (a, b) => `Comparer ${a} et ${b}, et dire quand chacun convient.`,
    why: (t) => `Donner les raisons que la page avance à propos de ${t}.`,
    how: (t) => `Expliquer le principe de ${t}.`,
    steps: (t) => `Énumérer dans l'ordre les étapes de ${t}.`,
    describe: (t) => `Décrire le rôle de ${t}.`,
    whatIs: (t) => `Avec vos propres mots, qu'est-ce que ${t} ?`,
    reason: (e) => `D'après la leçon, pourquoi : « ${e} » ?`,
    blank: (s) => `Complétez la phrase : ${s}`,
    own: (t) => `Avec vos propres mots, que dit cette leçon sur ${t} ?`,
    keyPoints: "Points clés :",
    part: (n) => `Partie ${n}`,
    about: (t) => `Résumer ce que dit la page à propos de ${t}.`,
    overview: "Vue d'ensemble",
  },
  de: {
    define: (t) => `${t} definieren und sagen, wofür es dient.`,
    compare: (a, b) => `${a} und ${b} vergleichen und sagen, wann was passt.`,
    why: (t) => `Die Gründe nennen, die die Seite zu ${t} gibt.`,
    how: (t) => `Das Prinzip von ${t} erklären.`,
    steps: (t) => `Die Schritte von ${t} der Reihe nach nennen.`,
    describe: (t) => `Die Rolle von ${t} beschreiben.`,
    whatIs: (t) => `Was ist ${t}? Antworten Sie in eigenen Worten.`,
    reason: (e) => `Warum ist das laut der Lektion so: „${e}“?`,
    blank: (s) => `Ergänzen Sie die Lücke: ${s}`,
    own: (t) => `Was sagt diese Lektion über ${t}? Antworten Sie in eigenen Worten.`,
    keyPoints: "Das Wichtigste:",
    part: (n) => `Teil ${n}`,
    about: (t) => `Zusammenfassen, was die Seite über ${t} sagt.`,
    overview: "Überblick",
  },
  es: {
    define: (t) => `Definir ${t} y decir para qué sirve.`,
    compare: (a, b) => `Comparar ${a} y ${b}, y decir cuándo conviene cada uno.`,
    why: (t) => `Dar las razones que la página ofrece sobre ${t}.`,
    how: (t) => `Explicar la idea de ${t}.`,
    steps: (t) => `Enumerar en orden los pasos de ${t}.`,
    describe: (t) => `Describir el papel de ${t}.`,
    whatIs: (t) => `Con tus propias palabras, ¿qué es ${t}?`,
    reason: (e) => `Según la lección, ¿por qué ocurre esto: «${e}»?`,
    blank: (s) => `Completa el espacio en blanco: ${s}`,
    own: (t) => `Con tus propias palabras, ¿qué dice esta lección sobre ${t}?`,
    keyPoints: "Puntos clave:",
    part: (n) => `Parte ${n}`,
    about: (t) => `Resumir lo que dice la página sobre ${t}.`,
    overview: "Panorama general",
  },
};

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** The text split at its headings (the parser keeps each heading as its own block). */
export function sectionsOf(input: CourseInput, lang: LearningLanguage = learningLanguage(input.language)): Section[] {
  const headings = new Set(input.headings);
  const result: Section[] = [];
  // The text before the first heading, or under a heading that repeats a long page title, is the page's overview:
  // a lesson is titled by a topic, never by the page's whole title ("Building a Rate Limiter in Go and Python: A Practical Tutorial").
  const longTitle = (title: string) => tokensOf(title).length > 6 || /[:–—|]/.test(title);
  for (const block of input.text.split(/\n{2,}/)) {
    if (headings.has(block)) {
      const isPageTitle = input.title !== null && block.trim().toLowerCase() === input.title.trim().toLowerCase() && longTitle(block);
      result.push(isPageTitle ? { title: WORDING[lang].overview, text: "", heading: false } : { title: block, text: "", heading: true });
    } else if (result.length === 0) result.push({ title: WORDING[lang].overview, text: block, heading: false });
    else result.at(-1)!.text += `${result.at(-1)!.text ? "\n\n" : ""}${block}`;
  }
  return result.filter((s) => s.text.length >= 80);
}

/** The list items of a section ("1. Mix the flour" → "Mix the flour"), in order. */
function listItemsOf(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => /^\s*(?:[-•*]|\d+[.)])\s+\S/.test(line) && !/^\s{2,}/.test(line))
    .map((line) => line.replace(/^\s*(?:[-•*]|\d+[.)])\s+/, "").trim());
}

/** Somebody's words: a lesson's key points are the page's own statements. */
const QUOTED = /["“”„«»]/;

/** Sentences of a section by how much of its vocabulary they carry, in page order. */
function keySentences(text: string, lang: LearningLanguage, count: number): string[] {
  const stop = stopWordsOf(lang);
  const freq = new Map<string, number>();
  for (const t of tokensOf(text)) if (!stop.has(t.word)) freq.set(stemKey(t.word, lang), (freq.get(stemKey(t.word, lang)) ?? 0) + 1);
  return sentencesOf(text)
    .map((sentence, index) => ({ sentence, index }))
    .filter(({ sentence }) => sentence.length >= 30 && sentence.length <= 400 && !QUOTED.test(sentence) && !outOfScope(sentence))
    .map((s) => {
      const tokens = tokensOf(s.sentence);
      return { ...s, score: tokens.reduce((n, t) => n + (freq.get(stemKey(t.word, lang)) ?? 0), 0) / Math.sqrt(Math.max(1, tokens.length)) + (s.index === 0 ? 1 : 0) };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence);
}

/** The section's main term: the page's most frequent term that the section title or text names. */
function focusOf(section: Section, terms: Term[], lang: LearningLanguage): Term[] {
  const inTitle = terms.filter((t) => blankEvery(section.title, t.text, lang).count > 0 && !t.kind.startsWith("number"));
  const inText = termsOf(section.text, lang).filter((t) => !t.kind.startsWith("number") && t.count >= 1);
  return [...inTitle, ...inText].filter((t, i, all) => all.findIndex((o) => o.key === t.key) === i);
}

/** A heading as a topic inside a sentence: lower-cased unless it is a name ("B-tree indexes" keeps its capitals). */
function topicOf(title: string, lang: LearningLanguage): string {
  const first = title.split(/\s+/)[0] ?? "";
  const keepCase = lang === "de" || !/\s/.test(title.trim()) || /^\p{Lu}[\p{Lu}\d-]+/u.test(first) || /\p{Lu}.*\p{Lu}/u.test(first) || /[-\d]/.test(first);
  return keepCase ? title : title.charAt(0).toLowerCase() + title.slice(1);
}

/** French and Spanish contractions after a template's preposition ("de les" → "des"). */
function grammar(text: string, lang: LearningLanguage): string {
  if (lang === "fr") return text.replace(/\bde les\b/g, "des").replace(/\bde le\b/g, "du").replace(/\bà les\b/g, "aux").replace(/\bà le\b/g, "au").replace(/\bde ([aeiouhéè])/gi, "d'$1");
  if (lang === "es") return text.replace(/\bde el\b/g, "del").replace(/\ba el\b/g, "al");
  return text;
}

/** The term with the article the page's definition gives it ("An index is …" → "an index"). */
function withArticle(term: string, sentence: string, lang: LearningLanguage): string {
  const at = sentence.indexOf(term);
  const before = at > 0 ? sentence.slice(0, at) : "";
  if (/^(?:an?|the|les?|la|l['’]|une?|der|die|das|ein|eine|el|los|las|una?)\s*$/i.test(before)) {
    const article = lang === "de" ? before : before.toLowerCase();
    return `${article}${term}`;
  }
  return term;
}

/**
 * French and Spanish: a bare term with the article the page gives it ("photosynthèse" → "la
 * photosynthèse"), so that "à propos de photosynthèse" reads "à propos de la photosynthèse".
 */
export function withPageArticle(term: string, text: string, lang: LearningLanguage): string {
  if ((lang !== "fr" && lang !== "es") || /^(?:les?|la|l['’]|une?|des|el|los|las|unos|unas)(?:\s|(?<=['’]))/i.test(term) || /^\p{Lu}/u.test(term)) return term;
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`(?:^|[\\s(«"])(les|le|la|l['’]|el|los|las)\\s*${escaped}(?!\\p{L})`, "iu").exec(text);
  if (!match) return term;
  const article = match[1]!.toLowerCase();
  return /['’]$/.test(article) ? `${article}${term}` : `${article} ${term}`;
}

/** Verbs whose final e the rules below cannot tell ("choosing" → "choose", "using" → "use"). */
const E_VERBS = ["use", "make", "write", "take", "have", "give", "choose", "close", "scale", "compile", "style", "move", "remove", "serve", "solve", "store", "share", "compare", "prepare", "declare", "code", "name", "save", "type", "size", "time", "cache", "merge", "parse", "escape", "tune", "secure", "release", "reuse", "decode", "encode", "hide", "ride", "bake", "slice", "dice", "rise", "rinse"];

/** "Choosing an eviction policy" → "choose an eviction policy": a heading that starts with a gerund, as a task. */
export function gerundTask(title: string): string | null {
  const match = /^(\p{L}+)ing\s+(.+)$/u.exec(title.trim());
  if (!match || /^(?:th|k|r|br|str|spr|s|w|bl|morn|even|ceil|wedd|pudd|lightn|bedd|cloth|din|ev|nothing|someth|anyth|everyth)$/i.test(match[1]!)) return null;
  let stem = match[1]!.toLowerCase();
  const known = E_VERBS.find((verb) => verb.slice(0, -1) === stem);
  if (known) stem = known;
  else if (/([bdgmnprt])\1$/.test(stem) && !/(?:ll|ss)$/.test(stem)) stem = stem.slice(0, -1);
  else if (/(?:[^aeiou][aeiou][sczvg]|[^aeiou][aeiou]r|[bcdfgkpt]l|[aeiou]u[sr]|dg|at|iz|ur|ov|iv|ag)$/.test(stem) && !/(?:en|er|on|el|it)$/.test(stem)) stem += "e";
  return `${stem} ${match[2]!.charAt(0).toLowerCase()}${match[2]!.slice(1)}`;
}

function objectiveOf(section: Section, lang: LearningLanguage, focus: Term[], used: Set<string>): string {
  const say = WORDING[lang];
  // A lesson titled by a topic found in its text (no heading): what the page says about that topic.
  if (!section.heading) {
    let topic = withPageArticle(section.topic ?? topicOf(section.title, lang), section.text, lang);
    // English: a common noun in the singular takes "the" ("about the component"), a plural or a name none.
    if (lang === "en" && /^\p{Ll}[\p{Ll}-]*$/u.test(topic) && !/s$/.test(topic)) topic = `the ${topic}`;
    return clip(grammar(say.about(topic), lang), 500);
  }
  const topic = topicOf(section.title.replace(/[.:!?]$/, ""), lang);
  const definitions = definitionsOf(section.text, lang);
  const names = focus.slice(0, 2).map((t) => t.text);
  const choices: Array<[string, string]> = [];
  if (/\b(?:vs\.?|versus|compared|contre|gegen|frente a)\b/i.test(section.title) && names.length === 2) choices.push(["compare", say.compare(names[0]!, names[1]!)]);
  if (/^(?:how|installing|building|setting|creating|comment|wie|cómo)\b|\b(?:steps?|étapes?|schritte?|pasos?)\b/i.test(section.title)) choices.push(["steps", say.steps(topic)]);
  if (definitions[0]) choices.push(["define", say.define(withArticle(definitions[0].term, definitions[0].sentence, lang).replace(/^\p{Lu}(?=\p{Ll})/u, (c) => (lang === "de" ? c : c.toLowerCase())))]);
  if (/^(?:why|pourquoi|warum|por qué)\b/i.test(section.title)) choices.push(["why", say.why(withPageArticle(focus[0]?.text ?? topic, section.text, lang))]);
  if (causesOf(section.text, lang).length) choices.push(["why", say.why(withPageArticle(topic, section.text, lang))]);
  if (names.length === 2 && section.title.split(/\s+/).length <= 6 && /\b(?:and|or|et|ou|und|oder|y|o)\b/i.test(section.title)) choices.push(["compare", say.compare(names[0]!, names[1]!)]);
  choices.push(["how", say.how(topic)], ["describe", say.describe(topic)]);
  if (lang === "en" && /^how\s/i.test(section.title)) choices.unshift(["how", `Explain ${topic}.`]);
  if (lang === "en" && /^(?:build|create|install|use|make|write|set up|add|run|deploy|configure|choose|start)\s/i.test(section.title)) choices.unshift(["how", `Explain how to ${topic}.`]);
  // A heading that names a task ("Choosing an eviction policy") is the objective, whatever the other lessons' verbs.
  const task = lang === "en" ? gerundTask(section.title.replace(/[.:!?]$/, "")) : null;
  if (task) return clip(`Explain how to ${task}.`, 500);
  // Vary the verbs across lessons: the first kind not used yet, else the first.
  const pick = choices.find(([kind]) => !used.has(kind)) ?? choices[0]!;
  used.add(pick[0]);
  return clip(grammar(pick[1], lang), 500);
}

function checkQuestionOf(section: Section, lang: LearningLanguage, focus: Term[], key: string[]): string {
  const say = WORDING[lang];
  const definition = definitionsOf(section.text, lang)[0];
  if (definition) return clip(grammar(say.whatIs(withArticle(definition.term, definition.sentence, lang).replace(/^\p{Lu}(?=\p{Ll})/u, (c) => (lang === "de" ? c : c.toLowerCase()))), lang), 500);
  const cause = causesOf(section.text, lang)[0];
  if (cause) return clip(say.reason(cause.effect.charAt(0).toUpperCase() + cause.effect.slice(1)), 500);
  for (const sentence of key) {
    for (const term of focus) {
      const blanked = blankEvery(sentence, term.text, lang);
      if (blanked.count > 0 && tokensOf(term.text).length <= 3) return clip(say.blank(blanked.text), 500);
    }
  }
  return clip(say.own(topicOf(section.title, lang)), 500);
}

export function buildCourse(input: CourseInput): Course | null {
  const lang = learningLanguage(input.language);
  const say = WORDING[lang];
  const terms = termsOf(input.text, lang);
  // Nothing to teach from a section that only says what the page leaves out.
  const teachable = (text: string) => sentencesOf(text).some((sentence) => !outOfScope(sentence));
  let parts = sectionsOf(input, lang).filter((part) => teachable(part.text));
  const pageTopic = terms.find((t) => !t.kind.startsWith("number"))?.text;
  for (const part of parts) if (!part.heading) part.topic = pageTopic;
  if (parts.length < 3) {
    // Few headings: lessons from consecutive thirds of the text, each titled by a main term of its own (not "Part 1").
    let paragraphs = input.text.split(/\n{2,}/).filter((p) => p.length > 40 && teachable(p));
    // One or two long paragraphs (an abstract, a news story): thirds of its sentences instead.
    if (paragraphs.length < 3) paragraphs = sentencesOf(input.text).filter((s) => s.length > 20 && !outOfScope(s));
    const size = Math.max(1, Math.ceil(paragraphs.length / 3));
    const taken = new Set<string>();
    parts = [0, 1, 2]
      .map((i) => paragraphs.slice(i * size, (i + 1) * size).join("\n\n"))
      .filter(Boolean)
      .map((text, i) => {
        const own = termsOf(text, lang).filter((t) => !t.kind.startsWith("number") && !taken.has(t.key) && t.text.length >= 3);
        const main = own.find((t) => t.count >= 2) ?? own[0];
        if (!main) {
          // No noun the tagger found: the part's longest content word stands for its topic.
          const stop = stopWordsOf(lang);
          const word = tokensOf(text).filter((t) => !stop.has(t.word) && /^\p{L}{4,}$/u.test(t.surface) && !taken.has(stemKey(t.word, lang))).sort((a, b) => b.surface.length - a.surface.length)[0];
          if (!word) return { title: say.part(i + 1), text, heading: false };
          taken.add(stemKey(word.word, lang));
          return { title: `${word.surface.charAt(0).toUpperCase()}${word.surface.slice(1)}`, text, heading: false, topic: word.surface };
        }
        taken.add(main.key);
        const title = main.kind === "name" || lang === "de" ? main.text : `${main.text.charAt(0).toUpperCase()}${main.text.slice(1)}`;
        return { title, text, heading: false, topic: main.text };
      });
  }
  const used = new Set<string>();
  const lessons: Course["lessons"] = parts.slice(0, 7).map((part) => {
    const focus = focusOf(part, terms, lang);
    const key = keySentences(part.text, lang, 3);
    // A section that lists (steps, ingredients, options) is taught from its list, as the page wrote it.
    const items = listItemsOf(part.text).filter((item) => !outOfScope(item));
    const points = items.length >= 2 ? items.slice(0, 8) : key.length ? key : [clip(part.text.replace(/\s+/g, " "), 400)];
    return {
      title: clip(part.title, 200),
      objective: objectiveOf(part, lang, focus, used),
      content: clip(`${say.keyPoints}\n${points.map((p) => `• ${p}`).join("\n")}`, 4_000),
      checkQuestion: checkQuestionOf(part, lang, focus, key),
    };
  });
  if (lessons.length < 3) return null;
  return { title: clip(input.title ?? "Mini-course", 200), lessons };
}
