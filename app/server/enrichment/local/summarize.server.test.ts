import { describe, expect, it } from "vitest";
import { splitSentences } from "./text-analysis.server";
import { summarize, summarySentences } from "./summarize.server";

const story = [
  "Share this withEmailFacebookMessengerTwitterCopy this link Share this with the world.",
  "The city council approved a new tram line through the old harbour district on Tuesday.",
  "The tram line will connect the harbour district with the central station by 2028.",
  "The tram line will connect the harbour district with the central station by the year 2028.",
  "\"It is a great day,\" said one resident who has lived there for forty years.",
  "Construction of the tram line is expected to cost 300 million euros, paid by the city and the state.",
  "Critics say the money would be better spent on buses in the suburbs.",
].join("\n\n");

describe("summarySentences", () => {
  it("returns whole sentences of the page, in the page's order", () => {
    const picked = summarySentences(story, { count: 3, language: "en" });
    const sentences = splitSentences(story);
    expect(picked).toHaveLength(3);
    const positions = picked.map((s) => sentences.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("skips share-widget text and does not repeat a sentence in other words", () => {
    const picked = summarySentences(story, { count: 3, language: "en" });
    expect(picked.join(" ")).not.toMatch(/Share this/);
    expect(picked[0]).toMatch(/^The city council approved/);
    expect(picked.filter((s) => s.startsWith("The tram line will connect"))).toHaveLength(1);
  });

  it("takes the lead in page order, even when a later sentence is more central", () => {
    const central = "The tram line, the harbour district, the central station and the city council: the tram line again.";
    const picked = summarySentences(`${story}\n\n${central}`, { count: 3, language: "en" });
    const sentences = splitSentences(story);
    expect(picked).toEqual([sentences[1], sentences[2], sentences[4]]);
  });

  it("passes over a caption run into the text (over 80 words) for the next statement", () => {
    const caption = `Pictured: ${Array.from({ length: 90 }, (_, i) => `word${i}`).join(" ")} in the harbour.`;
    const picked = summarySentences([caption, "The council met on Tuesday to vote on the plan.", "The plan passed by nine votes to two."].join("\n\n"), { count: 2, language: "en" });
    expect(picked).toEqual(["The council met on Tuesday to vote on the plan.", "The plan passed by nine votes to two."]);
  });

  it("keeps to the length budget with whole sentences, and falls back to the text when it has none", () => {
    expect(summarize(story, { count: 3, maxChars: 200, language: "en" }).length).toBeLessThanOrEqual(200);
    expect(summarize("Just a heading")).toBe("Just a heading");
  });
});

describe("summary statements", () => {
  it("never takes a heading (no sentence end) run into the first sentence", () => {
    const picked = summarySentences("How Postgres indexes work\n\nAn index is a separate data structure that finds rows fast.\n\nThe default index type is the B-tree.", { count: 2, language: "en" });
    expect(picked).toEqual(["An index is a separate data structure that finds rows fast.", "The default index type is the B-tree."]);
  });
});
