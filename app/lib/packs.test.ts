import { describe, expect, it } from "vitest";
import { publicPacks } from "./billing";
import { PACKS } from "./packs";

describe("the Best Value badge", () => {
  it("sits on the pack with the lowest price per credit, and on no other", () => {
    const cheapest = [...PACKS].sort((a, b) => a.priceEur / a.count - b.priceEur / b.count)[0]!;
    const marked = publicPacks().filter((pack) => pack.popular);
    expect(marked.map((pack) => pack.id)).toEqual([cheapest.id]);
    expect(cheapest.id).toBe("pack-50");
  });
});
