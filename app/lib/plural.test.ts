import { describe, expect, it } from "vitest";
import { plural } from "./plural";
import { formatViews } from "./trending";

describe("plural", () => {
  it("uses the singular for exactly one", () => {
    expect(plural(1, "view", "views")).toBe("1 view");
    expect(plural(0, "view", "views")).toBe("0 views");
    expect(plural(2, "view", "views")).toBe("2 views");
  });

  it("shows a formatted count while choosing by the real one", () => {
    expect(plural(1_234, "view", "views", formatViews(1_234))).toBe("1.2K views");
    expect(plural(1, "view", "views", formatViews(1))).toBe("1 view");
  });
});
