import type { Difficulty } from "~/lib/enrichment";
import { categorize } from "./categorize.server";
import type { ContentPreferences, EngineRun, Enricher, EnrichmentSource } from "../engine.server";
import { pageLanguage } from "./language.server";
import { summarize } from "./summarize.server";
import { chooseTags } from "./tags.server";
import { buildCourse } from "./course.server";
import { buildQuiz } from "./quiz.server";
import { rephraseText } from "./rephrase.server";
import { scoreSentences, splitSentences, topSentences } from "./text-analysis.server";
import { PageTooThinError } from "../../platform/failure-classes.server";
import { withoutHeadingMarks } from "~/lib/stored-text";

/**
 * The page has too little text for the result asked for: the page's doing, not ours. The message
 * is shown to the user, and the job fails at once (its row in platform/failure-classes.server.ts).
 */
export { PageTooThinError } from "../../platform/failure-classes.server";

/** Long pages are analysed on their first part: enough for a summary and tags, bounded in time. */
const ANALYSIS_CHARS = 30_000;
const MODEL = "extractive-v2";

function run(started: number): EngineRun {
  return { provider: "local", model: MODEL, tokensIn: null, tokensOut: null, durationMs: Math.round(performance.now() - started) };
}

function sentenceCount(preferences?: ContentPreferences) {
  return preferences?.summaryLength === "long" ? 6 : preferences?.summaryLength === "short" ? 2 : 3;
}

/** The text to analyse: the stored text's headings as plain blocks (lists keep their "- " and "1. "). */
function textOf(source: EnrichmentSource) {
  return withoutHeadingMarks(source.text || source.summary || source.title || "").slice(0, ANALYSIS_CHARS);
}

/**
 * Works with no API key, honestly from the page's own text: extractive summaries and key
 * points, keyword tags, a category by signal words, and the learning features of
 * quiz.server.ts, rephrase.server.ts and course.server.ts.
 */
export const localEnricher: Enricher = {
  name: `local/${MODEL}`,

  async enrich({ page, existingTags, preferences }) {
    const started = performance.now();
    const source = withoutHeadingMarks(page.text || page.description || page.title || "").slice(0, ANALYSIS_CHARS);
    const language = pageLanguage(page.language, source);
    const { tags, suggestions } = chooseTags({ text: source, title: page.title, headings: page.headings, language, existingTags }, { max: 6, suggestions: 5 });
    return {
      summary: summarize(source, { title: page.title ?? "", language, count: sentenceCount(preferences), maxChars: 1_200 }),
      tags,
      tagSuggestions: suggestions,
      category: categorize({ title: page.title, text: source, headings: page.headings, description: page.description }),
      codeSnippets: page.codeBlocks,
      run: run(started),
    };
  },

  async advancedSummary(source, preferences) {
    const started = performance.now();
    const text = textOf(source);
    const scored = scoreSentences(text, source.title ?? "");
    const summary = summarize(text, { title: source.title ?? "", language: source.language, count: Math.max(5, sentenceCount(preferences)), maxChars: 2_000 });
    const inSummary = new Set(splitSentences(summary));
    let keyPoints = topSentences(scored.filter((s) => !inSummary.has(s.sentence)), 7).map((s) => s.sentence);
    if (keyPoints.length < 3) keyPoints = topSentences(scored, 5).map((s) => s.sentence);
    while (keyPoints.length < 3) keyPoints.push(source.title ?? "The page has little text to draw from.");
    return { data: { summary: summary || (source.title ?? ""), keyPoints: keyPoints.slice(0, 7) }, run: run(started) };
  },

  async quiz(source) {
    const started = performance.now();
    const questions = buildQuiz({ ...source, text: textOf(source), language: pageLanguage(source.language, textOf(source)) });
    if (!questions) throw new PageTooThinError("The page has too little text for a quiz of 5 questions");
    return { data: { questions: questions.map(({ kind: _kind, ...question }) => question) }, run: run(started) };
  },

  async rephrase(source, level: Difficulty) {
    const started = performance.now();
    const language = pageLanguage(source.language, textOf(source));
    const summary = source.summary || summarize(textOf(source), { title: source.title ?? "", language });
    const text = rephraseText({ title: source.title, text: textOf(source), language, summary }, level);
    return { data: { text: text.slice(0, 5_000) || summary }, run: run(started) };
  },

  async course(source) {
    const started = performance.now();
    const course = buildCourse({ ...source, text: textOf(source), language: pageLanguage(source.language, textOf(source)) });
    if (!course) throw new PageTooThinError("The page has too little text for a course of 3 lessons");
    return { data: course, run: run(started) };
  },
};
