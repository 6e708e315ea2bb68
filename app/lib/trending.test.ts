import { describe, expect, it } from "vitest";
import { categoryLabel, formatViews } from "./trending";

describe("formatViews", () => {
  it("shortens to K and M with one decimal", () => {
    expect(formatViews(999)).toBe("999");
    expect(formatViews(1_000)).toBe("1.0K");
    expect(formatViews(1_234)).toBe("1.2K");
    expect(formatViews(2_500_000)).toBe("2.5M");
  });
});

describe("categoryLabel", () => {
  it("carries the display names users see", () => {
    expect(categoryLabel("web")).toEqual({ slug: "web", displayName: "Web Dev" });
    expect(categoryLabel("dotnet")).toEqual({ slug: "dotnet", displayName: ".NET" });
  });
});
