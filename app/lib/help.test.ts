import { describe, expect, it } from "vitest";
import { HELP_FAQ, searchHelp, type FaqItem } from "./help";

const ITEMS: FaqItem[] = [
  { category: "A", question: "How do I save a link?", answer: "Paste it and press Save." },
  { category: "B", question: "Can I take my links with me?", answer: "Creator exports each link as a PDF or Markdown file." },
  { category: "B", question: "What does export include?", answer: "The summary and tags." },
];

describe("searchHelp", () => {
  it("matches the words in any order, across question and answer", () => {
    expect(searchHelp(ITEMS, "pdf export")).toEqual([ITEMS[1]]);
    expect(searchHelp(ITEMS, "export pdf")).toEqual([ITEMS[1]]);
    expect(searchHelp(ITEMS, "PDF, Export?")).toEqual([ITEMS[1]]);
  });

  it("matches the start of words, so a stem finds its forms", () => {
    expect(searchHelp(ITEMS, "export")).toEqual([ITEMS[2], ITEMS[1]]);
    expect(searchHelp(ITEMS, "xport")).toEqual([]);
  });

  it("puts question hits first and keeps the catalogue order among equals", () => {
    expect(searchHelp(ITEMS, "link").map((i) => i.question)).toEqual(["How do I save a link?", "Can I take my links with me?"]);
  });

  it("filters by category, and an empty query lists the category", () => {
    expect(searchHelp(ITEMS, "", "B")).toEqual([ITEMS[1], ITEMS[2]]);
    expect(searchHelp(ITEMS, "save", "B")).toEqual([]);
    expect(searchHelp(ITEMS, "   ")).toHaveLength(3);
  });

  it("ignores case and accents", () => {
    expect(searchHelp([{ question: "Résumé export", answer: "" }], "RESUME")).toHaveLength(1);
  });

  it("finds the export answer in the real help center for 'export pdf'", () => {
    const hits = searchHelp(HELP_FAQ, "export pdf");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]!.question).toMatch(/export/i);
  });
});
