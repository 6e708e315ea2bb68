import { describe, expect, it } from "vitest";
import { LANDING_STAT_MIN, categoryLabel, formatViews, landingStats, roundedDownFigure } from "./trending";

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

describe("the landing page's figures", () => {
  it("are the real counts rounded down, never the invented ones", () => {
    expect(landingStats({ totalEnriched: 12_345, totalUsers: 2_578 })).toEqual([
      { value: "12,000+", label: "links enriched" },
      { value: "2,500+", label: "people saving links" },
    ]);
    expect(roundedDownFigure(150)).toBe("150+");
    expect(roundedDownFigure(999)).toBe("990+");
    expect(roundedDownFigure(1_000)).toBe("1,000+");
  });

  it("leave out a figure below the threshold, so a new site shows none", () => {
    expect(landingStats({ totalEnriched: 40, totalUsers: 3 })).toEqual([]);
    expect(landingStats({ totalEnriched: LANDING_STAT_MIN, totalUsers: LANDING_STAT_MIN - 1 })).toEqual([{ value: "100+", label: "links enriched" }]);
  });
});
