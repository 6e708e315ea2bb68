import { describe, expect, it } from "vitest";
import { uniqueTags } from "./tags";

describe("uniqueTags", () => {
  it("keeps each tag's spelling and drops later ones that differ only in case", () => {
    expect(uniqueTags(["GIN indexes", "gin  indexes", "useState", "React", "react", " Reading "])).toEqual(["GIN indexes", "useState", "React", "Reading"]);
  });

  it("drops blanks, collapses whitespace and stops at the limits", () => {
    expect(uniqueTags(["", "  ", "long\n read", "a", "b", "c"], { max: 3 })).toEqual(["long read", "a", "b"]);
    expect(uniqueTags(["abcdef "], { maxLength: 4 })).toEqual(["abcd"]);
  });
});
