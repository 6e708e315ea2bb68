import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { courseSchema } from "~/lib/enrichment";
import { parsePage } from "../../fetching/page-parser.server";
import { buildCourse, withPageArticle, type CourseInput } from "./course.server";

function fixture(name: string): CourseInput {
  const page = parsePage(readFileSync(`tests/fixtures/pages/${name}`, "utf8"), "https://example.test/page");
  return { title: page.title, text: page.text, language: page.language, headings: page.headings };
}

/** An objective a person would write: a capitalised verb first, a full sentence, no keyword salad. */
const OBJECTIVE = /^(?:Explain|Compare|Define|Describe|List|Give|Expliquer|Comparer|Définir|Décrire|Énumérer|Donner)\b[^.]*[a-zàâçéèêëîïôûùüÿ\d)]\.$/u;

describe("mini-course", () => {
  it("makes one lesson per section of the page, with its heading as the title", () => {
    const course = courseSchema.parse(buildCourse(fixture("postgres-indexes.html")));
    expect(course.lessons.map((l) => l.title)).toEqual(["How Postgres indexes work", "B-tree indexes", "GIN indexes for full-text search", "BRIN indexes for huge tables"]);
  });

  for (const name of ["postgres-indexes.html", "cli-tutorial.html", "french-article.html", "react-hooks.html"]) {
    it(`writes objectives as sentences, key points and a check question for each lesson (${name})`, () => {
      const course = courseSchema.parse(buildCourse(fixture(name)));
      const objectives = course.lessons.map((l) => l.objective);
      for (const lesson of course.lessons) {
        expect(lesson.objective, lesson.objective).toMatch(OBJECTIVE);
        // Not the old template, and no doubled articles or "de les".
        expect(lesson.objective).not.toMatch(/as the page describes it|\bthe the\b|\bde les\b|\bde le\b/);
        expect(lesson.content).toMatch(/^(?:Key points:|Points clés :)\n• /);
        expect(lesson.content.split("\n• ").length - 1).toBeGreaterThanOrEqual(1);
        expect(lesson.checkQuestion).toMatch(/\?$|_____/);
      }
      // The verbs vary: not one template for every lesson.
      expect(new Set(objectives.map((o) => o.split(" ")[0])).size).toBeGreaterThan(1);
    });
  }

  it("asks what a term is where the lesson defines it, with the page's article", () => {
    const course = buildCourse(fixture("postgres-indexes.html"))!;
    expect(course.lessons[0]!.checkQuestion).toBe("In your own words, what is an index?");
    const french = buildCourse(fixture("french-article.html"))!;
    expect(french.lessons[0]!.objective).toBe("Définir la photosynthèse et dire à quoi cela sert.");
    expect(french.lessons[2]!.objective).toBe("Décrire le rôle des deux phases.");
    // The article the page gives the term, after "à propos de".
    expect(french.lessons[3]!.objective).toBe("Donner les raisons que la page avance à propos de la photosynthèse.");
    expect(withPageArticle("énergie", "Les plantes captent l'énergie du soleil.", "fr")).toBe("l'énergie");
    expect(withPageArticle("Paris", "La ville de Paris.", "fr")).toBe("Paris");
    expect(withPageArticle("index", "The index is fast.", "en")).toBe("index");
  });

  it("turns imperative and how-to headings into objectives that read naturally", () => {
    expect(buildCourse(fixture("cli-tutorial.html"))!.lessons[0]!.objective).toBe("Explain how to build a command-line tool three ways.");
    expect(buildCourse(fixture("postgres-indexes.html"))!.lessons[0]!.objective).toBe("Explain how Postgres indexes work.");
  });

  it("makes three lessons from thirds of the sentences when a page has neither headings nor paragraphs", () => {
    const text = Array.from({ length: 9 }, (_, i) => `The council discussed proposal number ${i + 1} about the harbour bridge and its repairs.`).join(" ");
    const course = courseSchema.parse(buildCourse({ title: "Council notes", text, language: "en", headings: [] }));
    expect(course.lessons).toHaveLength(3);
    expect(course.lessons.map((l) => l.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^Part 1/)]));
  });
});
