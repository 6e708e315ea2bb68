import { describe, expect, it } from "vitest";
import { LEARN_AHEAD_MS, cardInputSchema, clozeOf, queueAfterGrade } from "./review";

describe("a highlight's cloze", () => {
  const fox = { exact: "brown fox", prefix: "The quick ", suffix: " jumps over" };

  it("blanks the whole highlight in its context, or the phrase of it the user chose", () => {
    expect(clozeOf(fox)).toEqual({ front: "The quick […] jumps over", back: "brown fox" });
    expect(clozeOf(fox, "fox")).toEqual({ front: "The quick brown […] jumps over", back: "fox" });
  });

  it("blanks the first occurrence only, and folds runs of white space", () => {
    expect(clozeOf({ exact: "a cat and a\n\ncat", prefix: "", suffix: "" }, "cat")).toEqual({ front: "a […] and a cat", back: "cat" });
  });

  it("refuses a phrase that is not in the highlight (even one in its context)", () => {
    expect(clozeOf(fox, "quick")).toBeUndefined();
  });

  it("keeps the highlight's own spacing in the answer, trimmed", () => {
    expect(clozeOf({ exact: "  padded  ", prefix: "x", suffix: "y" })).toEqual({ front: "x […] y", back: "padded" });
  });
});

describe("the card input", () => {
  it("names the sources it takes", () => {
    const parsed = cardInputSchema.safeParse({ from: "memory" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("from must be highlight, quiz or term");
  });
});

describe("the session's queue after a grade", () => {
  const now = Date.parse("2026-11-29T12:00:00Z");
  const card = (id: string, dueInMs: number) => ({ id, due: new Date(now + dueInMs).toISOString() });

  it("drops a card sent days ahead, and shows again at the end one due within the learn-ahead window", () => {
    const queue = [card("a", 0), card("b", 0)];
    expect(queueAfterGrade(queue, card("a", 3 * 24 * 3600_000), now).map((c) => c.id)).toEqual(["b"]);
    const again = queueAfterGrade(queue, card("a", 60_000), now);
    expect(again.map((c) => c.id)).toEqual(["b", "a"]);
    // The card shown again is the graded one, with its new schedule.
    expect(again[1]!.due).toBe(new Date(now + 60_000).toISOString());
  });

  it("stops at the window's edge (20 minutes)", () => {
    expect(queueAfterGrade([card("a", 0)], card("a", LEARN_AHEAD_MS), now).map((c) => c.id)).toEqual(["a"]);
    expect(queueAfterGrade([card("a", 0)], card("a", LEARN_AHEAD_MS + 1), now)).toEqual([]);
  });
});
