/**
 * The learning features in `npm run eval`: how readable each rephrasing level is beside the
 * summary it starts from (Flesch reading ease, the language's own formula), over the news data
 * sets, and samples of the quiz, the three rephrasings and the course for a person to read.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { formatTable } from "./table";
import { mean } from "./eval-metrics";
import { splitOf } from "./eval-split";
import { localEnricher } from "../../app/server/enrichment/local/local-enricher.server";
import { fleschReadingEase, wordsPerSentence } from "../../app/server/enrichment/local/reading-ease.server";
import { summarize } from "../../app/server/enrichment/local/summarize.server";
import type { EnrichmentSource } from "../../app/server/enrichment/engine.server";
import { buildQuiz } from "../../app/server/enrichment/local/quiz.server";
import { buildCourse } from "../../app/server/enrichment/local/course.server";
import { learningLanguage } from "../../app/server/enrichment/local/learning-text.server";
import { pageLanguage } from "../../app/server/enrichment/local/language.server";
import { headingsOfStoredText, withoutHeadingMarks } from "../../app/lib/stored-text";
import { parsePage } from "../../app/server/fetching/page-parser.server";
import { CORPUS_DIR, loadCorpus } from "./extraction-eval";
import { countPage, emptyCounts, validityRows, type ValidityPage } from "./eval-validity";

/** The news data sets: CNN/DailyMail, XSum (BBC) and KPCrowd's news stories. */
const NEWS = /cnndm|xsum|kpcrowd/;

interface NewsDoc {
  id: string;
  title?: string | null;
  text?: string;
  lines?: string[];
}

const round = (x: number) => Number(x.toFixed(1));

export async function readabilityTable(data: string, files: string[], splits: string[]): Promise<{ table: string; gap: number }> {
  const rows: Array<Array<string | number>> = [];
  const gaps: number[] = [];
  for (const file of files.filter((f) => NEWS.test(f))) {
    const docs = JSON.parse(readFileSync(path.join(data, file), "utf8")) as NewsDoc[];
    for (const split of splits) {
      const chosen = docs.filter((d) => split === "all" || splitOf(d.id) === split);
      const scores = { summary: [] as number[], beginner: [] as number[], intermediate: [] as number[], expert: [] as number[] };
      const wps = { summary: [] as number[], beginner: [] as number[] };
      let reached = 0;
      let differs = 0;
      for (const doc of chosen) {
        const text = doc.text ?? doc.lines!.join("\n\n");
        const summary = summarize(text, { title: doc.title ?? "", language: "en", count: 3, maxChars: 1_200 });
        const source: EnrichmentSource = { title: doc.title ?? null, language: "en", text, summary, headings: [] };
        const out = {
          beginner: (await localEnricher.rephrase(source, "beginner")).data.text,
          intermediate: (await localEnricher.rephrase(source, "intermediate")).data.text,
          expert: (await localEnricher.rephrase(source, "expert")).data.text,
        };
        const base = fleschReadingEase(summary);
        scores.summary.push(base);
        for (const level of ["beginner", "intermediate", "expert"] as const) scores[level].push(fleschReadingEase(out[level]));
        wps.summary.push(wordsPerSentence(summary));
        wps.beginner.push(wordsPerSentence(out.beginner));
        if (fleschReadingEase(out.beginner) - base >= 15) reached++;
        if (out.intermediate.trim() !== summary.trim()) differs++;
      }
      const gap = mean(scores.beginner) - mean(scores.summary);
      gaps.push(gap);
      const name = file.replace(/\.json$/, "");
      rows.push([
        name, split, chosen.length,
        round(mean(scores.summary)), round(mean(scores.beginner)), round(mean(scores.intermediate)), round(mean(scores.expert)),
        round(gap), `${Math.round((100 * reached) / Math.max(1, chosen.length))}%`,
        `${round(mean(wps.summary))} → ${round(mean(wps.beginner))}`, `${Math.round((100 * differs) / Math.max(1, chosen.length))}%`,
      ]);
    }
  }
  const table = formatTable(["data set", "split", "docs", "summary", "beginner", "intermediate", "expert", "gap", "gap ≥ 15", "words/sentence", "intermediate ≠ summary"], rows);
  return { table, gap: mean(gaps) };
}

function indent(text: string, by = "    "): string {
  return text.split("\n").map((line) => `${by}${line}`).join("\n");
}

/** Every learning feature's output for one page, as a reader would see it. */
export async function printLearningSample(source: EnrichmentSource, label: string): Promise<void> {
  const language = source.language ?? "en";
  console.log(`\n=== learning features, ${label} (${language}): ${source.title}`);
  try {
    const quiz = (await localEnricher.quiz(source)).data.questions;
    console.log("quiz:");
    for (const [i, q] of quiz.entries()) {
      console.log(`  ${i + 1}. ${q.question.replace(/\n/g, "\n     ")}`);
      console.log(`     ${q.options.map((o, j) => `${String.fromCharCode(97 + j)}) ${o}${j === q.answerIndex ? " ✓" : ""}`).join("   ")}`);
      console.log(`     ${q.explanation}`);
    }
  } catch (error) {
    console.log(`quiz: ${(error as Error).message}`);
  }
  const summary = source.summary ?? "";
  console.log(`summary (Flesch ${fleschReadingEase(summary, language).toFixed(0)}):\n${indent(summary)}`);
  for (const level of ["beginner", "intermediate", "expert"] as const) {
    const text = (await localEnricher.rephrase(source, level)).data.text;
    console.log(`rephrase, ${level} (Flesch ${fleschReadingEase(text, language).toFixed(0)}):\n${indent(text)}`);
  }
  try {
    const course = (await localEnricher.course(source)).data;
    console.log(`course: ${course.title}`);
    for (const [i, lesson] of course.lessons.entries()) {
      console.log(`  Lesson ${i + 1}: ${lesson.title}\n    Objective: ${lesson.objective}\n${indent(lesson.content, "    ")}\n    Check: ${lesson.checkQuestion}`);
    }
  } catch (error) {
    console.log(`course: ${(error as Error).message}`);
  }
}

/**
 * The validity table (scripts/lib/eval-validity.ts) over the dev part of the news sets and the
 * extraction corpus's structured pages, each read as the learning features read a stored link.
 */
export function validityTable(data: string, files: string[]): { table: string; samples: string; structuredPages: number } {
  const counts = emptyCounts();
  // The held-out news are measured beside dev, never looked at for tuning (their failures are not printed).
  const heldout = emptyCounts();
  const pages: ValidityPage[] = [];
  const heldoutPages: ValidityPage[] = [];
  for (const file of files.filter((f) => NEWS.test(f))) {
    const docs = JSON.parse(readFileSync(path.join(data, file), "utf8")) as NewsDoc[];
    for (const doc of docs) {
      const text = doc.text ?? doc.lines!.join("\n\n");
      (splitOf(doc.id) === "dev" ? pages : heldoutPages).push({ id: `${file.replace(/\.json$/, "")}/${doc.id}`, title: doc.title ?? null, text, language: "en", headings: headingsOfStoredText(text) });
    }
  }
  let structuredPages = 0;
  for (const expectation of loadCorpus()) {
    if (expectation.contentType === "application/pdf") continue;
    const page = parsePage(readFileSync(path.join(CORPUS_DIR, expectation.file), "utf8"), expectation.url, expectation.contentType);
    const language = pageLanguage(page.language, page.text);
    if (learningLanguage(language) !== language.slice(0, 2)) continue;
    structuredPages++;
    // As a stored link reaches the learning features: its headings read from the stored text, their marks taken off.
    pages.push({ id: expectation.file, title: page.title, text: withoutHeadingMarks(page.text), language, headings: headingsOfStoredText(page.text) });
  }
  for (const [list, into] of [[pages, counts], [heldoutPages, heldout]] as const) {
    for (const page of list) {
      const quiz = buildQuiz({ title: page.title, text: page.text, language: page.language, headings: page.headings });
      const course = buildCourse({ title: page.title, text: page.text, language: page.language, headings: page.headings });
      countPage(into, page, quiz, course);
    }
  }
  const heldoutRows = validityRows(heldout);
  const table = formatTable(["check", "dev items", "dev valid %", "held-out items", "held-out valid %"], validityRows(counts).map((row, i) => [...row, heldoutRows[i]![1]!, heldoutRows[i]![2]!]));
  const lines: string[] = [];
  for (const [kind, failures] of Object.entries(counts.failures)) {
    if (!failures.length) continue;
    lines.push(`\nfailing ${kind} (${failures.length}; first 5):`, ...failures.slice(0, 5).map((f) => `  - ${f}`));
  }
  // And a structured page's course, as a reader would see it.
  const sample = pages.find((p) => p.id === "docs-kv-cache.html");
  if (sample) {
    const course = buildCourse({ title: sample.title, text: sample.text, language: sample.language, headings: sample.headings });
    lines.push(`\ncourse of ${sample.id}: ${course?.title ?? "(refused)"}`);
    for (const [i, lesson] of (course?.lessons ?? []).entries()) lines.push(`  Lesson ${i + 1}: ${lesson.title}\n    Objective: ${lesson.objective}\n    Check: ${lesson.checkQuestion}`);
  }
  return { table, samples: lines.join("\n"), structuredPages };
}
