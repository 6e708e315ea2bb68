import { describe, expect, it } from "vitest";
import { packTotal, parseQuantity } from "./pack-shop";

describe("parseQuantity", () => {
  it("takes whole numbers from 1 to 100", () => {
    expect(parseQuantity("1")).toBe(1);
    expect(parseQuantity(" 42 ")).toBe(42);
    expect(parseQuantity("100")).toBe(100);
  });

  it("refuses anything else, so Buy stays off", () => {
    for (const value of ["", "0", "101", "-1", "2.5", "1e2", "abc", "3 packs"]) expect(parseQuantity(value), value).toBeNull();
  });
});

describe("packTotal", () => {
  it("adds up in cents", () => {
    expect(packTotal(4.99, 3)).toBe(14.97);
    expect(packTotal(2.99, 100)).toBe(299);
    expect(packTotal(9.99, 1)).toBe(9.99);
  });
});
