import { describe, expect, it } from "vitest";
import { formatCount, formatRate } from "./admin-stats";

describe("stat formatting", () => {
  it("groups thousands the same way on the server and in any browser", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(2847)).toBe("2,847");
    expect(formatCount(1_000_000)).toBe("1,000,000");
  });

  it("shows a rate as a percentage, and a dash when nothing ran", () => {
    expect(formatRate(0.4)).toBe("40.0%");
    expect(formatRate(1 / 3)).toBe("33.3%");
    expect(formatRate(0)).toBe("0.0%");
    expect(formatRate(null)).toBe("—");
  });
});
