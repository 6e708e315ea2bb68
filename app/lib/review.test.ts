import { describe, expect, it } from "vitest";
import { cardInputSchema, clozeOf } from "./review";

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
