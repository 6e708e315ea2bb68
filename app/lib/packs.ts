/** Enrichment packs: credits that never expire, spent after the monthly allowance. */
export interface Pack {
  id: "pack-10" | "pack-20" | "pack-50";
  name: string;
  count: number;
  priceEur: number;
  popular: boolean;
}

export const PACKS: Pack[] = [
  { id: "pack-10", name: "Starter Pack", count: 10, priceEur: 2.99, popular: false },
  { id: "pack-20", name: "Popular Pack", count: 20, priceEur: 4.99, popular: true },
  { id: "pack-50", name: "Power Pack", count: 50, priceEur: 9.99, popular: false },
];
