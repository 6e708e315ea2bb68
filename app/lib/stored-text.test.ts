import { describe, expect, it } from "vitest";
import { hasStructure, headingOf, headingsOfStoredText, withoutHeadingMarks } from "./stored-text";

describe("the stored page text", () => {
  const structured = "# Bread\n\nBread is flour, water and time.\n\n## Method\n\n1. Mix.\n2. Bake.\n\nA short caption";

  it("reads the headings the parser marked, and only those", () => {
    expect(hasStructure(structured)).toBe(true);
    expect(headingsOfStoredText(structured)).toEqual(["Bread", "Method"]);
    expect(headingOf("### Deep one")).toEqual({ level: 3, text: "Deep one" });
    expect(headingOf("#hashtag at the start")).toBeNull();
  });

  it("falls back for a text stored before structure was kept: short blocks without a stop, not list items", () => {
    const legacy = "Bread\n\nBread is flour, water and time.\n\nMethod\n\n- Mix\n- Bake";
    expect(hasStructure(legacy)).toBe(false);
    expect(headingsOfStoredText(legacy)).toEqual(["Bread", "Method"]);
    expect(withoutHeadingMarks(legacy)).toBe(legacy);
  });

  it("gives the learning features the headings as plain blocks, lists with their markers", () => {
    expect(withoutHeadingMarks(structured)).toBe("Bread\n\nBread is flour, water and time.\n\nMethod\n\n1. Mix.\n2. Bake.\n\nA short caption");
  });
});
