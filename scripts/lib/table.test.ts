import { describe, expect, it } from "vitest";
import { formatAge, formatTable } from "./table";

describe("formatTable", () => {
  it("pads columns to their widest cell and right-aligns numbers", () => {
    expect(formatTable(["queue", "failed"], [["enrich-link", 12], ["system", 3]])).toBe(
      ["queue        failed", "-----------  ------", "enrich-link      12", "system            3"].join("\n"),
    );
  });

  it("shows empty cells for missing values and keeps a header alone when there are no rows", () => {
    expect(formatTable(["a", "b"], [["x", null]])).toBe(["a  b", "-  -", "x"].join("\n"));
    expect(formatTable(["id"], [])).toBe(["id", "--"].join("\n"));
  });
});

describe("formatAge", () => {
  it("reads as a person would say it", () => {
    expect(formatAge(4_000)).toBe("4 s");
    expect(formatAge(3 * 60_000)).toBe("3 min");
    expect(formatAge(125 * 60_000)).toBe("2 h 5 min");
    expect(formatAge(49 * 3_600_000)).toBe("2 d 1 h");
  });
});
