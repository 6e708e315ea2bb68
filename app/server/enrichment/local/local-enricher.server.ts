import type { Course, Difficulty, Quiz } from "~/lib/enrichment";
import { categorize } from "./categorize.server";
import type { ContentPreferences, EngineRun, Enricher, EnrichmentSource } from "../engine.server";
import { pageLanguage } from "./language.server";
import { summarize } from "./summarize.server";
import { chooseTags } from "./tags.server";
import { keyTerms, scoreSentences, splitSentences, topSentences, words } from "./text-analysis.server";

/** Long pages are analysed on their first part: enough for a summary and tags, bounded in time. */
const ANALYSIS_CHARS = 30_000;
const MODEL = "extractive-v2";

function run(started: number): EngineRun {
  return { provider: "local", model: MODEL, tokensIn: null, tokensOut: null, durationMs: Math.round(performance.now() - started) };
}

function sentenceCount(preferences?: ContentPreferences) {
  return preferences?.summaryLength === "long" ? 6 : preferences?.summaryLength === "short" ? 2 : 3;
}

function textOf(source: EnrichmentSource) {
  return (source.text || source.summary || source.title || "").slice(0, ANALYSIS_CHARS);
}

/** A sentence with the key term blanked, when it contains one. */
function cloze(sentence: string, terms: string[]): { term: string; blanked: string } | null {
  for (const term of terms) {
    // Whole words only: not a piece of an identifier such as pg_stat_user_indexes.
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}_-])(${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})(?=$|[^\\p{L}\\p{N}_-])`, "iu");
    const match = pattern.exec(sentence);
    if (match) return { term, blanked: sentence.replace(pattern, (_m, before: string) => `${before}_____`) };
  }
  return null;
}

/** Rotates the right answer into a position that depends on the question, so it is not always first. */
function options(answer: string, distractors: string[], seed: number): { options: string[]; answerIndex: number } {
  const picks = [answer, ...distractors.filter((d) => d !== answer).slice(0, 3)];
  while (picks.length < 4) picks.push(["none of these", "all of these", "it depends"][picks.length - 1]!);
  const shift = seed % 4;
  const rotated = picks.map((_, i) => picks[(i + shift) % 4]!);
  return { options: rotated, answerIndex: rotated.indexOf(answer) };
}

/** Splits the text into sections at its headings (kept as blocks by the parser). */
function sections(source: EnrichmentSource): Array<{ title: string; text: string }> {
  const headings = new Set(source.headings);
  const result: Array<{ title: string; text: string }> = [];
  for (const block of textOf(source).split(/\n{2,}/)) {
    if (headings.has(block)) result.push({ title: block, text: "" });
    else if (result.length === 0) result.push({ title: source.title ?? "Introduction", text: block });
    else result.at(-1)!.text += `${result.at(-1)!.text ? "\n\n" : ""}${block}`;
  }
  return result.filter((s) => s.text.length >= 80);
}

/** Shorter sentences for beginners: split at semicolons and at ", and"/", but"/", which". */
function simplify(sentence: string): string[] {
  return sentence
    .split(/;\s+|,\s+(?=(?:and|but|so|which|because|while)\s)/)
    .map((part) => part.trim().replace(/^(and|but|so|which|because|while)\s+/i, (w) => w.charAt(0).toUpperCase() + w.slice(1)))
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1));
}

/**
 * Works with no API key, honestly from the page's own text: extractive summaries and key
 * points, keyword tags, a category by signal words, cloze quizzes whose distractors are the
 * page's other key terms, rephrasing by sentence splitting and glossing, and a course from
 * the page's headings.
 */
export const localEnricher: Enricher = {
  name: `local/${MODEL}`,

  async enrich({ page, existingTags, preferences }) {
    const started = performance.now();
    const source = (page.text || page.description || page.title || "").slice(0, ANALYSIS_CHARS);
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
    const text = textOf(source);
    const terms = keyTerms({ text, title: source.title, headings: source.headings }, 15);
    const questions: Quiz["questions"] = [];
    const used = new Set<string>();
    for (const { sentence } of [...scoreSentences(text, source.title ?? "")].sort((a, b) => b.score - a.score)) {
      const blank = cloze(sentence, terms.filter((t) => !used.has(t)));
      if (!blank) continue;
      used.add(blank.term);
      // Distractors: other key terms of the page, never a twin of the answer (index / indexes).
      const distractors = terms.filter((t) => !words(sentence).includes(t) && !t.startsWith(blank.term) && !blank.term.startsWith(t));
      const choice = options(blank.term, distractors, questions.length + 1);
      questions.push({
        question: `Fill in the blank: ${blank.blanked}`,
        ...choice,
        explanation: `The page says: "${sentence}"`,
      });
      if (questions.length === 5) break;
    }
    if (questions.length < 5) throw new Error("The page has too little text for a quiz of 5 questions");
    return { data: { questions }, run: run(started) };
  },

  async rephrase(source, level: Difficulty) {
    const started = performance.now();
    const base = source.summary || summarize(textOf(source), { title: source.title ?? "", language: source.language });
    const sentences = splitSentences(base);
    let text: string;
    if (level === "beginner") {
      const terms = keyTerms({ text: textOf(source), title: source.title, headings: source.headings }, 3);
      const glossary = terms
        .map((term) => {
          const defining = splitSentences(textOf(source)).find((s) => words(s).includes(term) && s.length <= 220);
          return defining ? `"${term}": ${defining}` : null;
        })
        .filter(Boolean);
      text = [sentences.flatMap(simplify).join(" "), glossary.length ? `Words to know. ${glossary.join(" ")}` : ""].filter(Boolean).join("\n\n");
    } else if (level === "expert") {
      const points = topSentences(scoreSentences(textOf(source), source.title ?? ""), 6).map((s) => s.sentence.replace(/\.$/, ""));
      text = `${points.join("; ")}.`;
    } else {
      text = sentences.join(" ");
    }
    return { data: { text: text.slice(0, 5_000) || base }, run: run(started) };
  },

  async course(source) {
    const started = performance.now();
    let parts = sections(source);
    if (parts.length < 3) {
      // Few headings: lessons from consecutive thirds of the text instead.
      const paragraphs = textOf(source).split(/\n{2,}/).filter((p) => p.length > 40);
      const size = Math.max(1, Math.ceil(paragraphs.length / 3));
      parts = [0, 1, 2]
        .map((i) => paragraphs.slice(i * size, (i + 1) * size).join("\n\n"))
        .filter(Boolean)
        .map((text, i) => ({ title: `Part ${i + 1}: ${keyTerms({ text }, 1)[0] ?? source.title ?? "Overview"}`, text }));
    }
    const allTerms = keyTerms({ text: textOf(source), title: source.title, headings: source.headings }, 20);
    const lessons: Course["lessons"] = parts.slice(0, 7).map((part) => {
      const scored = scoreSentences(part.text, part.title);
      const best = topSentences(scored, 3).map((s) => s.sentence);
      const focus = keyTerms({ text: part.text, title: part.title }, 2);
      const check = scored.length ? cloze([...scored].sort((a, b) => b.score - a.score)[0]!.sentence, [...focus, ...allTerms]) : null;
      return {
        title: part.title,
        objective: `Explain ${focus.length ? focus.join(" and ") : part.title.toLowerCase()} as the page describes it.`,
        content: (best.length ? best.join(" ") : part.text).slice(0, 4_000),
        checkQuestion: check ? `Fill in the blank: ${check.blanked}` : `In your own words, what does the section "${part.title}" explain?`,
      };
    });
    if (lessons.length < 3) throw new Error("The page has too little text for a course of 3 lessons");
    return { data: { title: source.title ?? "Mini-course", lessons }, run: run(started) };
  },
};
