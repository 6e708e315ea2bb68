/**
 * The learning features' validity in `npm run eval`: read as a teacher would, is each quiz question
 * answerable from the page, does it have exactly one correct option, is a cause question's cause one the
 * page states, and is each course lesson titled by a heading or a short topic. The checks are written
 * apart from the engine's own rules (they do not call them), so the engine cannot pass them by
 * construction; each failure is printed for a person to read.
 */
import { phraseKey, tokensOf, BLANK } from "../../app/server/enrichment/local/learning-text.server";
import type { QuizQuestion } from "../../app/server/enrichment/local/quiz.server";
import type { Course } from "../../app/lib/enrichment";

export interface ValidityPage {
  id: string;
  title: string | null;
  text: string;
  language: string;
  headings: string[];
}

/** Stemmed keys of the page, padded so that `includes(" key ")` is a whole-word phrase match. */
function pageKey(text: string, lang: string): string {
  return ` ${phraseKey(text, lang)} `;
}

function contains(haystackKey: string, phrase: string, lang: string): boolean {
  const key = phraseKey(phrase, lang);
  return key.length > 0 && haystackKey.includes(` ${key} `);
}

/** What a question or an explanation quotes: from the first opening quotation mark after a colon to the last closing one. */
const quoted = (text: string) => /:\s*["“«„]([\s\S]*)["”»“]\s*\??$/.exec(text)?.[1] ?? "";

/** The question is answerable from the page: its answer is written there. */
export function answerable(q: QuizQuestion, pageKeyed: string, lang: string): boolean {
  const answer = q.options[q.answerIndex]!;
  return contains(pageKeyed, answer, lang);
}

/**
 * Exactly one option is right: the options differ, and no distractor would be as right as the answer:
 * put in the blank it does not give a sentence of the page; for a blank or a cause, it is not in the
 * sentence the explanation quotes (that sentence supports the answer only).
 */
export function oneCorrect(q: QuizQuestion, pageKeyed: string, lang: string): boolean {
  const keys = q.options.map((o) => phraseKey(o, lang));
  if (new Set(keys).size !== q.options.length || keys.some((k) => !k)) return false;
  const evidence = ` ${phraseKey(q.explanation, lang)} `;
  for (const [i, option] of q.options.entries()) {
    if (i === q.answerIndex) continue;
    if (evidence.includes(` ${keys[i]} `) && (q.kind === "cloze" || q.kind === "cause")) return false;
    if (q.kind === "cloze" && q.question.includes(BLANK)) {
      const filled = q.question.replace(/^[^:]*:\s*/, "").split(BLANK).join(option);
      if (contains(pageKeyed, filled.replace(/[.!?]$/, ""), lang)) return false;
    }
  }
  return true;
}

/** Words that state a cause between an effect and its cause. */
const CAUSAL_CONNECTIVE = /\b(?:because(?: of)?|due to|owing to|thanks to|as a result of|so|so that|therefore|thus|hence|which means(?: that)?|lead(?:s|ing)? to|led to|caus(?:es|ed|ing)|result(?:s|ed)? in|parce que|parce qu['’]|car|grâce à|à cause de|en raison de|donc|weil|denn|wegen|aufgrund|dank|deshalb|daher|porque|ya que|debido a|gracias a|a causa de|por lo que|por eso)\b/i;
/** Words that look causal but are not, where the engine used to split: "due to be published", "as he drew closer", "since July", "was caused in 2019". */
const NOT_CAUSAL = [
  /\bdue to (?:be|have|start|open|close|begin|end|take|make|arrive|appear|return|meet|visit|face|speak|publish|go|come|run|play|leave|finish|hold)\b/i,
  /\b(?:was|were|is|are|been|being)\s+caused\s+(?:in|on|at|during|last|this|earlier)\b/i,
  /\b(?:which|that|who)\s+(?:has\s+|have\s+|had\s+)?(?:led to|leads to|causes|caused|results in|resulted in)\b/i,
  /\bnot only because\b/i,
];

/**
 * A cause question names a cause the page states: the sentence it quotes has a causal connective, splits
 * at it (not at a time "as"/"since", nor "due to" before a verb), and the answer and the question's clause
 * are both in that sentence, neither cut inside a quotation.
 */
export function causeInPage(q: QuizQuestion, lang: string): boolean {
  const sentence = quoted(q.explanation) || q.explanation;
  const clause = quoted(q.question);
  const answer = q.options[q.answerIndex]!;
  if (!CAUSAL_CONNECTIVE.test(sentence)) return false;
  if (NOT_CAUSAL.some((pattern) => pattern.test(sentence))) return false;
  // A leading "As …," or "Since …," is a time as often as a cause: the split must not be there.
  const lead = /^(?:as|since)\s+([^,]+),/i.exec(sentence)?.[1];
  if (lead && [answer, clause].some((part) => phraseKey(part, lang) === phraseKey(lead, lang))) return false;
  const key = ` ${phraseKey(sentence, lang)} `;
  if (!key.includes(` ${phraseKey(answer, lang)} `) || (clause && !key.includes(` ${phraseKey(clause, lang)} `))) return false;
  // A quotation opened and not closed within the answer or the clause: the split fell inside somebody's words.
  const unbalanced = (text: string) =>
    (text.match(/["“”]/g) ?? []).length % 2 === 1 || (text.match(/(?:^|[\s(:])['‘]/g) ?? []).length > (text.match(/\p{L}['’](?=$|[\s.,!?;:)])/gu) ?? []).length;
  return !unbalanced(answer) && !unbalanced(clause);
}

/** A lesson title is one of the page's headings, or a short topic (not "Part 2: …", not the page's title). */
export function titledByTopic(title: string, page: ValidityPage, lessonCount: number): boolean {
  if (page.headings.includes(title)) return true;
  if (/^(?:part|partie|teil|parte|lesson)\s+\d/i.test(title)) return false;
  if (page.title && title.trim().toLowerCase() === page.title.trim().toLowerCase() && lessonCount > 1) return false;
  const n = tokensOf(title).length;
  return n >= 1 && n <= 6;
}

/** An objective written from the lesson's topic, not a template over "part 1" or the page's whole title. */
export function objectiveFromTopic(objective: string, page: ValidityPage): boolean {
  if (/\bpart\s+\d/i.test(objective)) return false;
  return !(page.title && page.title.length > 30 && objective.includes(page.title));
}

export interface ValidityCounts {
  questions: number;
  answerable: number;
  oneCorrect: number;
  causeQuestions: number;
  causeInPage: number;
  lessons: number;
  lessonTitles: number;
  objectives: number;
  pages: number;
  quizRefused: number;
  quizRefusedLong: number;
  longPages: number;
  failures: Record<"answerable" | "oneCorrect" | "cause" | "title" | "objective" | "refused", string[]>;
}

export function emptyCounts(): ValidityCounts {
  return { questions: 0, answerable: 0, oneCorrect: 0, causeQuestions: 0, causeInPage: 0, lessons: 0, lessonTitles: 0, objectives: 0, pages: 0, quizRefused: 0, quizRefusedLong: 0, longPages: 0, failures: { answerable: [], oneCorrect: [], cause: [], title: [], objective: [], refused: [] } };
}

const show = (q: QuizQuestion) => `${q.question.replace(/\n/g, " ")} | ${q.options.map((o, i) => (i === q.answerIndex ? `[${o}]` : o)).join(" / ")} | ${q.explanation}`;

/** Adds one page's quiz (null: refused) and course (null: refused) to the counts. */
export function countPage(counts: ValidityCounts, page: ValidityPage, quiz: QuizQuestion[] | null, course: Course | null): void {
  const lang = page.language;
  const keyed = pageKey(page.text, lang);
  const long = tokensOf(page.text).length >= 150;
  counts.pages++;
  if (long) counts.longPages++;
  if (!quiz) {
    counts.quizRefused++;
    if (long) {
      counts.quizRefusedLong++;
      counts.failures.refused.push(`${page.id} (${tokensOf(page.text).length} words)`);
    }
  }
  for (const q of quiz ?? []) {
    counts.questions++;
    if (answerable(q, keyed, lang)) counts.answerable++;
    else counts.failures.answerable.push(`${page.id}: ${show(q)}`);
    if (oneCorrect(q, keyed, lang)) counts.oneCorrect++;
    else counts.failures.oneCorrect.push(`${page.id}: ${show(q)}`);
    if (q.kind === "cause") {
      counts.causeQuestions++;
      if (causeInPage(q, lang)) counts.causeInPage++;
      else counts.failures.cause.push(`${page.id}: ${show(q)}`);
    }
  }
  for (const lesson of course?.lessons ?? []) {
    counts.lessons++;
    if (titledByTopic(lesson.title, page, course!.lessons.length)) counts.lessonTitles++;
    else counts.failures.title.push(`${page.id}: "${lesson.title}" (page: ${page.title ?? "untitled"})`);
    if (objectiveFromTopic(lesson.objective, page)) counts.objectives++;
    else counts.failures.objective.push(`${page.id}: ${lesson.objective}`);
  }
}

export function validityRows(counts: ValidityCounts): Array<Array<string | number>> {
  const share = (n: number, of: number) => (of ? Number(((100 * n) / of).toFixed(1)) : "–");
  return [
    ["quiz questions answerable from the page", counts.questions, share(counts.answerable, counts.questions)],
    ["quiz questions with exactly one correct option", counts.questions, share(counts.oneCorrect, counts.questions)],
    ["cause questions whose cause the page states", counts.causeQuestions, share(counts.causeInPage, counts.causeQuestions)],
    ["course lessons titled by a heading or a topic", counts.lessons, share(counts.lessonTitles, counts.lessons)],
    ["course objectives written from the topic", counts.lessons, share(counts.objectives, counts.lessons)],
    ["pages of 150+ words given a quiz", counts.longPages, share(counts.longPages - counts.quizRefusedLong, counts.longPages)],
  ];
}
