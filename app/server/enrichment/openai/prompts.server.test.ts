import { describe, expect, it } from "vitest";
import { prompts } from "./prompts.server";

describe("learning prompts", () => {
  it("asks the quiz for a teacher's kinds of question, same-kind distractors, no answer in the question and a quoted explanation", () => {
    const quiz = prompts.quiz({ title: "Lists", text: "A list is …", language: "en", codeSnippets: [">>> len([1, 2])\n2"] });
    expect(quiz.name).toBe("quiz");
    expect(quiz.system).toMatch(/definition/);
    expect(quiz.system).toMatch(/cause or effect/);
    expect(quiz.system).toMatch(/order of steps/);
    expect(quiz.system).toMatch(/same kind as the answer/);
    expect(quiz.system).toMatch(/must not appear in the question/);
    expect(quiz.system).toMatch(/quotes the sentence of the page/);
    expect(quiz.user).toContain(">>> len([1, 2])");
    expect(prompts.quiz({ title: null, text: "x", language: "fr" }).user).not.toContain("Code shown");
  });

  it("gives each rephrasing level its own measurable style", () => {
    const level = (l: "beginner" | "intermediate" | "expert") => prompts.rephrase({ title: null, text: "Summary.", level: l, language: "de" }).system;
    expect(level("beginner")).toMatch(/15 words or fewer/);
    expect(level("beginner")).toMatch(/Never use the page's title as a definition/);
    expect(level("intermediate")).toMatch(/do not copy the summary/);
    expect(level("expert")).toMatch(/no fragments joined by semicolons/);
    expect(level("expert")).toContain('(code "de")');
  });

  it("builds the course on the page's headings with written objectives and key points", () => {
    const course = prompts.course({ title: "Indexes", text: "…", language: "en", headings: ["B-tree indexes", "GIN indexes"] });
    expect(course.user).toContain("- B-tree indexes\n- GIN indexes");
    expect(course.system).toMatch(/starting with a verb such as Explain, Compare/);
    expect(course.system).toMatch(/key points/);
  });
});
