import { CATEGORIES, type CategorySlug } from "./categories";
import type { z } from "zod";
import type { publicStatsSchema, trendingResourceSchema } from "./api-schemas";

/** Filters of the landing section and of the /trending page. */
export const LANDING_CATEGORIES = ["all", "programming", "business", "ai", "design", "productivity", "marketing", "science"] as const;
export const TRENDING_PAGE_CATEGORIES: Array<{ slug: "all" | CategorySlug; label: string }> = [
  { slug: "all", label: "All Categories" },
  { slug: "ai", label: "AI" },
  { slug: "web", label: "Web Dev" },
  { slug: "dotnet", label: ".NET" },
  { slug: "learning", label: "Learning" },
  { slug: "devtools", label: "Dev Tools" },
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

export type TrendingResource = z.infer<typeof trendingResourceSchema>;

export type Stats = z.infer<typeof publicStatsSchema>;
