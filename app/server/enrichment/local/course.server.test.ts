import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { courseSchema } from "~/lib/enrichment";
import { parsePage } from "../../fetching/page-parser.server";
import { buildCourse, gerundTask, withPageArticle, type CourseInput } from "./course.server";
import { headingsOfStoredText, withoutHeadingMarks } from "~/lib/stored-text";

function fixture(name: string): CourseInput {
  const page = parsePage(readFileSync(`tests/fixtures/pages/${name}`, "utf8"), "https://example.test/page");
  return { title: page.title, text: withoutHeadingMarks(page.text), language: page.language, headings: page.headings };
}

/** An objective a person would write: a capitalised verb first, a full sentence, no keyword salad. */
const OBJECTIVE = /^(?:Explain|Compare|Define|Describe|List|Give|Summarise|Expliquer|Comparer|Définir|Décrire|Énumérer|Donner|Résumer)\b[^.]*[a-zàâçéèêëîïôûùüÿ\d)]\.$/u;

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
    // Titled by a topic of each part, never "Part 1: …", and objectives written from that topic (issue 36).
    for (const lesson of course.lessons) {
      expect(lesson.title).not.toMatch(/^Part\b/);
      expect(lesson.objective).not.toMatch(/\bpart \d/i);
    }
  });
});

describe("a course from the page's structure (issue 36)", () => {
  const TITLE = "Building a Rate Limiter in Go and Python: A Practical Tutorial";
  // As the parser stores it: headings marked, list items kept as lines.
  const stored = [
    `# ${TITLE}`,
    "A rate limiter protects a service from bursts of requests. This tutorial builds one in Go and in Python, with the same tests for both.",
    "## Token buckets",
    "A token bucket is a counter that refills at a fixed rate and pays for each request with one token. When the bucket is empty, the request waits or is refused, so a burst can never exceed the bucket's size.",
    "The refill rate sets the average rate of requests, and the bucket's size sets the largest burst a client may send at once.",
    "## Building the limiter",
    "1. Create a bucket with a size and a refill rate.\n2. Take one token for every request that arrives.\n3. Refuse the request when no token is left.\n4. Refill the bucket on a timer.",
    "## What this tutorial leaves out",
    "This tutorial does not cover distributed rate limiting, which needs a shared store such as Redis. Distributed rate limiting is a topic for another post.",
  ].join("\n\n");
  const input: CourseInput = { title: TITLE, text: withoutHeadingMarks(stored), language: "en", headings: headingsOfStoredText(stored) };

  it("titles lessons by the page's headings, never by the page's title", () => {
    const course = courseSchema.parse(buildCourse(input));
    for (const lesson of course.lessons) {
      expect(lesson.title).not.toBe(TITLE);
      expect(lesson.objective).not.toContain(TITLE);
    }
    expect(course.lessons.map((l) => l.title)).toEqual(expect.arrayContaining(["Token buckets", "Building the limiter"]));
  });

  it("writes objectives from the topic and builds a steps lesson from the page's list", () => {
    const course = buildCourse(input)!;
    const steps = course.lessons.find((l) => l.title === "Building the limiter")!;
    expect(steps.objective).toBe("Explain how to build the limiter.");
    expect(steps.content).toContain("• Create a bucket with a size and a refill rate.");
    expect(steps.content).toContain("• Refill the bucket on a timer.");
    const tokens = course.lessons.find((l) => l.title === "Token buckets")!;
    expect(tokens.objective).toMatch(/token bucket/i);
  });

  it("never asks about what the page says it does not cover", () => {
    const course = buildCourse(input)!;
    for (const lesson of course.lessons) expect(`${lesson.objective} ${lesson.checkQuestion}`).not.toMatch(/distributed rate limiting/i);
  });
});

describe("a heading that names a task", () => {
  it("becomes the task itself, the verb in its base form", () => {
    expect(gerundTask("Choosing an eviction policy")).toBe("choose an eviction policy");
    expect(gerundTask("Using the cache")).toBe("use the cache");
    expect(gerundTask("Measuring the hit rate")).toBe("measure the hit rate");
    expect(gerundTask("Running tests")).toBe("run tests");
    expect(gerundTask("Handling errors")).toBe("handle errors");
    expect(gerundTask("Reading files")).toBe("read files");
    expect(gerundTask("Things to know")).toBeNull();
  });
});
