import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { advancedSummarySchema, courseSchema, quizSchema } from "~/lib/enrichment";
import type { EnrichmentSource } from "../engine.server";
import { localEnricher } from "./local-enricher.server";
import { parsePage } from "../../fetching/page-parser.server";

function load(name: string) {
  const page = parsePage(readFileSync(`tests/fixtures/pages/${name}`, "utf8"), "https://example.test/page");
  const source: EnrichmentSource = { title: page.title, language: page.language, text: page.text, summary: null, headings: page.headings };
  return { page, source };
}

describe("the local engine on real-looking pages", () => {
  it("enriches an article: summary, tags, category and code", async () => {
    const { page } = load("postgres-indexes.html");
    const result = await localEnricher.enrich({ url: "x", page, existingTags: [] });
    expect(result.category).toBe("programming");
    expect(result.tags).toContain("indexes");
    expect(result.codeSnippets).toHaveLength(2);
    expect(result.run).toMatchObject({ provider: "local", model: "extractive-v2" });
  });

  it("finds the code of a tutorial in several languages", async () => {
    const { page } = load("cli-tutorial.html");
    const result = await localEnricher.enrich({ url: "x", page, existingTags: [] });
    expect(result.codeSnippets.map((c) => c.language)).toEqual(["python", "go", "typescript", "bash"]);
    expect(result.summary).toMatch(/command-line tool/);
  });

  it("summarises a French page in French, from its own sentences", async () => {
    const { page } = load("french-article.html");
    const result = await localEnricher.enrich({ url: "x", page, existingTags: [] });
    expect(page.language).toBe("fr");
    expect(result.summary).toMatch(/photosynthèse/);
    expect(result.tags).toContain("photosynthèse");
    expect(result.category).toBe("science");
  });

  it("writes an advanced summary with 3 to 7 key points", async () => {
    const { data } = await localEnricher.advancedSummary(load("postgres-indexes.html").source);
    expect(advancedSummarySchema.parse(data).keyPoints.length).toBeGreaterThanOrEqual(3);
  });

  it("builds a 5-question quiz whose right answer sits at answerIndex and is quoted in the explanation", async () => {
    const { source } = load("postgres-indexes.html");
    const { data } = await localEnricher.quiz(source);
    const quiz = quizSchema.parse(data);
    for (const q of quiz.questions) {
      const answer = q.options[q.answerIndex]!;
      expect(q.explanation.toLowerCase()).toContain(answer.toLowerCase().replace(/s$/, ""));
      expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(4);
      expect(q.question).not.toMatch(/[\w-]_____|_____[\w-]/);
    }
    expect(new Set(quiz.questions.map((q) => q.answerIndex)).size).toBeGreaterThan(1);
  });

  it("rephrases for beginners with shorter sentences and words to know, and densely for experts as prose", async () => {
    const { source } = load("postgres-indexes.html");
    const summary = (await localEnricher.enrich({ url: "x", page: load("postgres-indexes.html").page, existingTags: [] })).summary;
    const withSummary = { ...source, summary };
    const beginner = (await localEnricher.rephrase(withSummary, "beginner")).data.text;
    const intermediate = (await localEnricher.rephrase(withSummary, "intermediate")).data.text;
    const expert = (await localEnricher.rephrase(withSummary, "expert")).data.text;
    expect(beginner).toContain("Words to know");
    expect(beginner).toMatch(/^index: a separate data structure/m);
    expect(intermediate).not.toBe(summary);
    expect(expert).not.toContain("; ");
    expect(expert.split(/(?<=\.)\s/).length).toBeGreaterThanOrEqual(3);
  });

  it("turns the page's headings into a course of 3 to 7 lessons", async () => {
    const { data } = await localEnricher.course(load("postgres-indexes.html").source);
    const course = courseSchema.parse(data);
    expect(course.lessons.map((l) => l.title)).toEqual(
      expect.arrayContaining(["B-tree indexes", "GIN indexes for full-text search", "BRIN indexes for huge tables"]),
    );
    for (const lesson of course.lessons) expect(lesson.content.length).toBeGreaterThan(40);
  });
});
