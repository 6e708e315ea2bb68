import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug } from "./categories";
import type * as z from "zod";
import type { publicStatsSchema, trendingResourceSchema } from "./api-schemas";

/**
 * The one category filter of the landing section and the /trending page: All, then every
 * category a link can have (the spec gave each page its own list; issue 33 made them one).
 */
export const TRENDING_CATEGORIES: Array<{ slug: "all" | CategorySlug; label: string }> = [
  { slug: "all", label: "All Categories" },
  ...CATEGORY_SLUGS.map((slug) => ({ slug, label: CATEGORIES[slug] })),
];
export const TIME_RANGES = ["today", "week", "month", "year"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const TIME_LABELS: Record<TimeRange, string> = { today: "Today", week: "This Week", month: "This Month", year: "This Year" };
export const TRENDING_PAGE_SIZE = 9;
export const LANDING_MIN_STORED_URLS = 100;

export function categoryLabel(slug: string | null): { slug: string; displayName: string } {
  const known = slug && slug in CATEGORIES ? (slug as CategorySlug) : null;
  return { slug: known ?? "learning", displayName: known ? CATEGORIES[known] : "Learning" };
}

/** 999 → "999", 1234 → "1.2K", 2500000 → "2.5M": at most one decimal. */
export function formatViews(views: number): string {
  if (views >= 1_000_000) return `${(views / 1_000_000).toFixed(1)}M`;
  if (views >= 1_000) return `${(views / 1_000).toFixed(1)}K`;
  return String(views);
}

/** Below this a figure is not shown on the landing page: a tiny number sells nothing and hides nothing true. */
export const LANDING_STAT_MIN = 100;

/** Rounded down to two significant digits: 12,345 → "12,000+", 2,578 → "2,500+", 150 → "150+". */
export function roundedDownFigure(value: number): string {
  const step = value >= 100 ? 10 ** (Math.floor(Math.log10(value)) - 1) : 1;
  return `${(Math.floor(value / step) * step).toLocaleString("en-US")}+`;
}

/** The landing page's badges, from the real counts of /api/stats; none below LANDING_STAT_MIN. */
export function landingStats(stats: Pick<Stats, "totalEnriched" | "totalUsers">): Array<{ value: string; label: string }> {
  return [
    { count: stats.totalEnriched, label: "links enriched" },
    { count: stats.totalUsers, label: "people saving links" },
  ]
    .filter(({ count }) => count >= LANDING_STAT_MIN)
    .map(({ count, label }) => ({ value: roundedDownFigure(count), label }));
}

export type TrendingResource = z.infer<typeof trendingResourceSchema>;

export type Stats = z.infer<typeof publicStatsSchema>;
