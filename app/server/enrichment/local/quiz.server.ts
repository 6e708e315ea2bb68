/**
 * The local engine's quiz: the questions a teacher would ask from the page itself. Definitions
 * ("which term does the page define as …"), cause and effect, steps in order, the result of a
 * small snippet when the page shows it, and fill-in-the-blank on the page's key sentences. The
 * answer never shows in the question (every occurrence blanked, by stem); distractors are of
 * the answer's kind (terms for terms, numbers of the same length, clauses for clauses) and come
 * from the page; each explanation quotes the page.
 */
import type { Quiz } from "~/lib/enrichment";
import {
  BLANK,
  blankEvery,
  causesOf,
  codeDistractors,
  codeResultOf,
  definitionsOf,
  giveaways,
  learningLanguage,
  overlaps,
  phraseKey,
  sentencesOf,
  stepsOf,
  tagEnglish,
  termsOf,
  tokensOf,
  unbalancedQuote,
  withoutOrdinal,
  type LearningLanguage,
  type Term,
} from "./learning-text.server";

type Question = Quiz["questions"][number];
export type QuestionKind = "definition" | "cause" | "steps" | "code" | "cloze";

export interface QuizInput {
  title: string | null;
  text: string;
  language: string | null;
  headings?: string[];
  codeSnippets?: Array<{ language: string; code: string }>;
}

export interface QuizQuestion extends Question {
  kind: QuestionKind;
}

const WORDING: Record<LearningLanguage, {
  definition: (body: string) => string;
  why: (effect: string) => string;
  consequence: (cause: string) => string;
  after: (step: string) => string;
  code: (language: string, code: string) => string;
  blank: (sentence: string) => string;
  says: (quote: string) => string;
  order: (a: string, b: string) => string;
  shows: (line: string) => string;
}> = {
  en: {
    definition: (body) => `Which term does the page define as "${body}"?`,
    why: (effect) => `According to the page, what is the reason for this: "${effect}"?`,
    consequence: (cause) => `According to the page, what follows from this: "${cause}"?`,
    after: (step) => `Which step comes right after this one: "${step}"?`,
    code: (language, code) => `What does this ${language ? `${language} ` : ""}snippet return?\n\n${code}`,
    blank: (sentence) => `Fill in the blank: ${sentence}`,
    says: (quote) => `The page says: "${quote}"`,
    order: (a, b) => `The page gives the steps in this order: "${a}", then "${b}"`,
    shows: (line) => `The page shows the result: ${line}`,
  },
  fr: {
    definition: (body) => `Quel terme la page définit-elle comme « ${body} » ?`,
    why: (effect) => `D'après la page, quelle est la raison de ceci : « ${effect} » ?`,
    consequence: (cause) => `D'après la page, quelle est la conséquence de ceci : « ${cause} » ?`,
    after: (step) => `Quelle étape vient juste après celle-ci : « ${step} » ?`,
    code: (language, code) => `Que renvoie ce code${language ? ` ${language}` : ""} ?\n\n${code}`,
    blank: (sentence) => `Complétez la phrase : ${sentence}`,
    says: (quote) => `La page dit : « ${quote} »`,
    order: (a, b) => `La page donne les étapes dans cet ordre : « ${a} », puis « ${b} »`,
    shows: (line) => `La page montre le résultat : ${line}`,
  },
  de: {
    definition: (body) => `Welchen Begriff beschreibt die Seite als „${body}“?`,
    why: (effect) => `Was ist laut der Seite der Grund dafür: „${effect}“?`,
    consequence: (cause) => `Was folgt laut der Seite daraus: „${cause}“?`,
    after: (step) => `Welcher Schritt folgt direkt auf diesen: „${step}“?`,
    code: (language, code) => `Was gibt dieser ${language ? `${language}-` : ""}Code zurück?\n\n${code}`,
    blank: (sentence) => `Ergänzen Sie die Lücke: ${sentence}`,
    says: (quote) => `Auf der Seite steht: „${quote}“`,
    order: (a, b) => `Die Seite nennt die Schritte in dieser Reihenfolge: „${a}“, dann „${b}“`,
    shows: (line) => `Die Seite zeigt das Ergebnis: ${line}`,
  },
  es: {
    definition: (body) => `¿Qué término define la página como «${body}»?`,
    why: (effect) => `Según la página, ¿cuál es la razón de esto: «${effect}»?`,
    consequence: (cause) => `Según la página, ¿qué consecuencia tiene esto: «${cause}»?`,
    after: (step) => `¿Qué paso viene justo después de este: «${step}»?`,
    code: (language, code) => `¿Qué devuelve este fragmento${language ? ` de ${language}` : ""}?\n\n${code}`,
    blank: (sentence) => `Completa el espacio en blanco: ${sentence}`,
    says: (quote) => `La página dice: «${quote}»`,
    order: (a, b) => `La página da los pasos en este orden: «${a}» y luego «${b}»`,
    shows: (line) => `La página muestra el resultado: ${line}`,
  },
};

const FIELD_MAX = 480;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** Verbs other than English: the common auxiliaries, and French and German finite endings. */
const VERB_HINTS: Record<Exclude<LearningLanguage, "en">, RegExp> = {
  fr: /(?<!\p{L})(?:est|sont|a|ont|était|étaient|fait|font|peut|peuvent|doit|va|vont)(?!\p{L})|\p{Ll}{3,}(?:ent|ait|aient|era|eront|ons|ez)(?!\p{L})/u,
  de: /(?<!\p{L})(?:ist|sind|war|waren|hat|haben|hatte|wird|werden|wurde|kann|können|muss|müssen)(?!\p{L})|(?<!\p{L})\p{Ll}{3,}(?:t|en)(?!\p{L})/u,
  es: /(?<!\p{L})(?:es|son|está|están|fue|fueron|ha|han|había|puede|pueden|hace|hacen|tiene|tienen)(?!\p{L})|\p{Ll}{3,}(?:aron|ieron|aba|aban|ía|ían)(?!\p{L})/u,
};

/** A clause says something: it has a verb ("the cold weather" is a phrase, not a cause). */
export function hasVerb(clause: string, lang: LearningLanguage): boolean {
  if (lang === "en") return tagEnglish(clause).some((t) => t.pos === "VERB" || t.pos === "AUX");
  return VERB_HINTS[lang].test(clause);
}

/** A clause as an option: no final full stop, capitalised. */
function asClause(text: string): string {
  const bare = text.trim().replace(/[.;:,]+$/, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** Rotates the right answer to a position that depends on the question, so it is not always first. */
function arrange(answer: string, distractors: string[], seed: number): { options: string[]; answerIndex: number } {
  const picks = [answer, ...distractors.slice(0, 3)];
  const shift = seed % 4;
  const options = picks.map((_, i) => picks[(i + shift) % 4]!);
  return { options, answerIndex: options.indexOf(answer) };
}

/** Up to 3 distinct distractors, none overlapping the answer or each other. */
function pickDistractors(answer: string, candidates: string[], lang: string, question: string): string[] {
  const chosen: string[] = [];
  const inQuestion = (c: string) => blankEvery(question, c, lang).count > 0;
  for (const candidate of candidates) {
    if (chosen.length === 3) break;
    if (candidate.length > 300 || overlaps(candidate, answer, lang) || chosen.some((c) => overlaps(c, candidate, lang))) continue;
    if (inQuestion(candidate)) continue;
    chosen.push(candidate);
  }
  return chosen;
}

/** Terms of the same kind as the answer, the page's most frequent first; multi-word answers prefer multi-word distractors. */
function sameKind(answer: Term | string, terms: Term[], lang: LearningLanguage): string[] {
  const key = typeof answer === "string" ? phraseKey(answer, lang) : answer.key;
  // A capitalised answer the page's terms do not hold ("Achi" of "Patrick Achi, a spokesman …") is a name: names beside it, not nouns.
  const kind = typeof answer === "string" ? (terms.find((t) => t.key === key)?.kind ?? (/^\p{Lu}\p{Ll}/u.test(answer) ? "name" : "noun")) : answer.kind;
  const size = tokensOf(typeof answer === "string" ? answer : answer.text).length;
  return terms
    .filter((t) => t.key !== key && t.kind === kind)
    .map((t) => ({ t, score: t.count + (tokensOf(t.text).length === size ? 2 : 0) }))
    .sort((a, b) => b.score - a.score)
    .map(({ t }) => t.text);
}

/** The question is usable: the answer does not show in it, and it fits the schema. */
function clean(question: string, answer: string, distractors: string[], lang: string): boolean {
  return distractors.length === 3 && question.length <= 500 && giveaways(question, answer, distractors, lang).length === 0;
}

/** Every candidate question of the page, by kind, best first within a kind. */
export function quizCandidates(input: QuizInput, { relaxed = false } = {}): Record<QuestionKind, Array<Omit<QuizQuestion, "options" | "answerIndex"> & { answer: string; distractors: string[] }>> {
  const lang = learningLanguage(input.language);
  const say = WORDING[lang];
  const text = input.text;
  const terms = termsOf(text, lang);
  // A phrase of several words named only once is often a tagger's slip ("column correlates"): single words, or phrases the page repeats.
  const nounTerms = terms.filter((t) => !t.kind.startsWith("number") && (t.count >= 2 || !/\s/.test(t.text)));
  const out: ReturnType<typeof quizCandidates> = { definition: [], cause: [], steps: [], code: [], cloze: [] };

  // Definitions: the term is the answer; the distractors are other terms the page names (defined ones first).
  const definitions = definitionsOf(text, lang, { exclude: input.title ? [input.title] : [] });
  const definedTerms = definitions.map((d) => d.term);
  const known = new Set(nounTerms.map((t) => t.key));
  for (const definition of definitions) {
    // German puts the verb second: "Beendet ist das Turnier …" is no definition of "Beendet". The term must be a noun the page uses.
    if (lang === "de" && !known.has(phraseKey(definition.term, lang))) continue;
    const body = clip(blankEvery(definition.body, definition.term, lang).text, 300);
    const question = say.definition(body);
    const others = [...definedTerms.filter((t) => t !== definition.term), ...sameKind(definition.term, nounTerms, lang)];
    const distractors = pickDistractors(definition.term, others, lang, question);
    if (clean(question, definition.term, distractors, lang)) {
      out.definition.push({ kind: "definition", question, answer: definition.term, distractors, explanation: say.says(clip(definition.sentence, 440)) });
    }
  }

  // Cause and effect: clauses answer clauses; the distractors are other causes or effects of the page, or clauses of its other sentences.
  const causes = causesOf(text, lang);
  const opener = /^(?:and|but|so|or|et|mais|donc|ou|und|aber|oder|y|pero|o)\s+/i;
  const clauses = [
    ...causes.flatMap((c) => [c.cause, c.effect]),
    ...sentencesOf(text).flatMap((s) => {
      const plain = s.replace(/[.!?]$/, "");
      // Whole short sentences, and the clauses of longer ones that start a statement of their own.
      return tokensOf(plain).length <= 18 ? [plain] : plain.split(/[;:]\s+|,\s+(?=(?:and|but|so|et|mais|und|aber|y|pero)\s)/).map((part) => part.replace(opener, ""));
    }),
  ].filter((c) => tokensOf(c).length >= 3 && tokensOf(c).length <= 25 && !/^\p{Ll}+_/u.test(c) && hasVerb(c, lang));
  for (const [i, c] of causes.entries()) {
    const askWhy = i % 2 === 0 || tokensOf(c.effect).length < 4;
    const answer = asClause(askWhy ? c.cause : c.effect);
    const question = askWhy ? say.why(clip(asClause(c.effect), 300)) : say.consequence(clip(asClause(c.cause), 300));
    const length = tokensOf(answer).length;
    // Of the answer's form: a noun phrase ("because of over-running engineering works") is offered beside the page's
    // other noun phrases, a clause beside clauses; none from the sentence that states the cause.
    const phrase = askWhy ? Boolean(c.phrase) : !hasVerb(answer, lang);
    const pool = phrase
      ? [...causes.filter((o) => o.phrase).map((o) => o.cause), ...nounTerms.filter((t) => t.kind === "noun" && tokensOf(t.text).length >= 2).map((t) => t.text), ...nounTerms.filter((t) => t.kind === "noun").map((t) => t.text)]
      : clauses;
    const inSentence = ` ${phraseKey(c.sentence, lang)} `;
    const candidates = pool
      .filter((cl) => !c.sentence.includes(cl) && !inSentence.includes(` ${phraseKey(cl, lang)} `))
      .map(asClause)
      .sort((a, b) => Math.abs(tokensOf(a).length - length) - Math.abs(tokensOf(b).length - length));
    const distractors = pickDistractors(answer, candidates, lang, question);
    if (clean(question, answer, distractors, lang)) out.cause.push({ kind: "cause", question, answer, distractors, explanation: say.says(clip(c.sentence, 440)) });
  }

  // Steps in order: which step comes right after a given one; the other steps are the distractors.
  for (const run of stepsOf(text, lang)) {
    const steps = run.map((s) => asClause(withoutOrdinal(s, lang)));
    for (let k = 0; k + 1 < steps.length && k < 2; k++) {
      const answer = clip(steps[k + 1]!, 280);
      const question = say.after(clip(steps[k]!, 300));
      const others = [...steps.filter((_, j) => j !== k && j !== k + 1), ...clauses.map(asClause)].map((s) => clip(s, 280));
      const distractors = pickDistractors(answer, others, lang, question);
      if (clean(question, answer, distractors, lang)) {
        out.steps.push({ kind: "steps", question, answer, distractors, explanation: clip(say.order(clip(steps[k]!, 200), clip(steps[k + 1]!, 200)), FIELD_MAX) });
      }
    }
  }

  // Code: only when the page shows a small snippet's result.
  for (const snippet of input.codeSnippets ?? []) {
    const result = codeResultOf(snippet);
    if (!result) continue;
    const question = say.code(snippet.language && snippet.language !== "text" ? snippet.language : "", result.code);
    const distractors = codeDistractors(result, text).slice(0, 3);
    // The result must not be readable in the snippet itself ("x = 3; x" → 3 asks nothing).
    const escaped = result.result.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const visible = new RegExp(`(?<![\\w.])${escaped}(?![\\w.])`).test(result.code);
    if (distractors.length === 3 && question.length <= 500 && !visible) {
      out.code.push({ kind: "code", question, answer: result.result, distractors, explanation: clip(say.shows(result.shown), FIELD_MAX) });
    }
  }

  // Fill in the blank: the page's central sentences, one key term blanked everywhere it occurs.
  const weight = new Map(nounTerms.map((t) => [t.key, t.count]));
  const central = sentencesOf(text)
    .filter((s) => s.length >= 50 && s.length <= 300 && (relaxed ? /[.!?]["'”’»)]?$/ : /[.!?]$/).test(s) && !unbalancedQuote(s))
    .map((sentence, index) => ({ sentence, index, score: tokensOf(sentence).reduce((n, t) => n + (weight.get(phraseKey(t.word, lang)) ?? 0), 0) / Math.sqrt(tokensOf(sentence).length) + (index < 3 ? 0.5 : 0) }))
    .sort((a, b) => b.score - a.score);
  const top = new Set(nounTerms.slice(0, relaxed ? 120 : 40).map((t) => t.key));
  // A short abstract names its terms once or twice: any of them may be blanked there (and on any page
  // that gives too few questions otherwise: a news story names most things once).
  const minCount = text.length < 2_000 || relaxed ? 1 : 2;
  for (const { sentence } of central) {
    let made = 0;
    const inSentence = nounTerms.filter((t) => top.has(t.key) && t.count >= minCount && blankEvery(sentence, t.text, lang).count > 0).sort((a, b) => tokensOf(b.text).length - tokensOf(a.text).length || b.count - a.count);
    for (const term of inSentence) {
      const blanked = blankEvery(sentence, term.text, lang).text;
      const question = say.blank(blanked);
      // The answer as this sentence writes it ("file" where the page mostly says "files").
      const asWritten = tokensOf(sentence).find((t) => blankEvery(t.surface, term.text, lang).count > 0 && tokensOf(term.text).length === 1)?.surface ?? term.text;
      const answer = /^\p{Lu}/u.test(asWritten) && !/^\p{Lu}/u.test(term.text) ? term.text : asWritten;
      const distractors = pickDistractors(answer, sameKind(term, nounTerms, lang), lang, question);
      if (!clean(question, answer, distractors, lang)) continue;
      out.cloze.push({ kind: "cloze", question, answer, distractors, explanation: say.says(clip(sentence, 440)) });
      if (++made === 2) break;
    }
  }
  return out;
}

const ORDER: QuestionKind[] = ["definition", "cause", "code", "steps", "cloze", "definition", "cause", "cloze", "steps", "cloze", "cloze", "cloze", "cloze"];

/**
 * Five questions of as many kinds as the page allows, each answer used once. Null when the
 * page has too little to ask five questions about, even blanking terms it names once.
 */
export function buildQuiz(input: QuizInput): QuizQuestion[] | null {
  return pickQuiz(input, quizCandidates(input)) ?? pickQuiz(input, quizCandidates(input, { relaxed: true }));
}

function pickQuiz(input: QuizInput, candidates: ReturnType<typeof quizCandidates>): QuizQuestion[] | null {
  const lang = learningLanguage(input.language);
  const chosen: QuizQuestion[] = [];
  const answers: string[] = [];
  const take = (kind: QuestionKind) => {
    const list = candidates[kind];
    while (list.length) {
      const next = list.shift()!;
      const short = (a: string) => tokensOf(a).length <= 4;
      if (answers.some((a) => a === next.answer || (short(a) && short(next.answer) && overlaps(a, next.answer, lang)))) continue;
      if (chosen.some((q) => q.explanation === next.explanation)) continue;
      answers.push(next.answer);
      chosen.push({ kind: next.kind, question: next.question, explanation: next.explanation, ...arrange(next.answer, next.distractors, chosen.length * 3 + 1) });
      return true;
    }
    return false;
  };
  for (const kind of ORDER) {
    if (chosen.length === 5) break;
    take(kind);
  }
  for (const kind of ["cloze", "definition", "cause", "steps", "code"] as const) while (chosen.length < 5 && take(kind));
  return chosen.length === 5 ? chosen : null;
}

export { BLANK };
