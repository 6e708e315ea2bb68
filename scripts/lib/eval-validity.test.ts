import { describe, expect, it } from "vitest";
import { causeInPage, oneCorrect, titledByTopic } from "./eval-validity";
import type { QuizQuestion } from "../../app/server/enrichment/local/quiz.server";

const cause = (question: string, answer: string, sentence: string): QuizQuestion => ({
  kind: "cause",
  question: `According to the page, what is the reason for this: "${question}"?`,
  options: [answer, "The bridge was closed", "Fans waited outside", "Prices went up"],
  answerIndex: 0,
  explanation: `The page says: "${sentence}"`,
});

describe("the eval's validity checks", () => {
  it("takes a cause the page states", () => {
    expect(causeInPage(cause("Many still missed trips", "Their passports did not arrive in time", "Many still missed trips because their passports did not arrive in time."), "en")).toBe(true);
  });

  it("refuses a split at a word that is not causal", () => {
    expect(causeInPage(cause("The report was", "Be published on Saturday", "The report was due to be published on Saturday."), "en")).toBe(false);
    expect(causeInPage(cause("Barnett decided to stop filming", "He drew closer to the bus", "As he drew closer to the bus, Barnett decided to stop filming."), "en")).toBe(false);
    expect(causeInPage(cause("His supporters have taken to the streets", "Morsy's ouster in July", "Since Morsy's ouster in July, his supporters have taken to the streets."), "en")).toBe(false);
  });

  it("refuses a cause cut inside a quotation", () => {
    expect(causeInPage(cause("He said: 'I kayak mainly", "It is an easy way to get balance", "He said: 'I kayak mainly because it is an easy way to get balance.'"), "en")).toBe(false);
  });

  it("finds a blank a distractor fills as well as the answer", () => {
    const q: QuizQuestion = { kind: "cloze", question: "Fill in the blank: The _____ opened in May.", options: ["bridge", "museum", "school", "park"], answerIndex: 0, explanation: "The page says: \"The bridge opened in May.\"" };
    expect(oneCorrect(q, " the bridg open in may the museum open in may ", "en")).toBe(false);
    expect(oneCorrect(q, " the bridg open in may ", "en")).toBe(true);
  });

  it("takes headings and short topics as lesson titles, not parts or the page's title", () => {
    const page = { id: "p", title: "Singer Michael Buble weds TV star Luisana Lopilato", text: "", language: "en", headings: ["Choosing an eviction policy for a long-lived cache server"] };
    expect(titledByTopic("Choosing an eviction policy for a long-lived cache server", page, 3)).toBe(true);
    expect(titledByTopic("Buenos Aires", page, 3)).toBe(true);
    expect(titledByTopic("Part 1: Buenos Aires", page, 3)).toBe(false);
    expect(titledByTopic(page.title, page, 3)).toBe(false);
  });
});
