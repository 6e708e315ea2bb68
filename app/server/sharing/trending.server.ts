// What the community reads: shared links ranked by views, and the site's counters.
import { publicFavicon } from "../links/favicons.server";
import { categoryLabel, type Stats, type TimeRange, type TrendingResource } from "~/lib/trending";
import { db } from "../platform/db.server";
import { countTrending, getStats, listTrending } from "../repos/trending.server";

const WINDOW_DAYS: Record<TimeRange, number> = { today: 0, week: 6, month: 29, year: 364 };

export async function trending(input: { category: string; time: TimeRange; page: number; pageSize: number }): Promise<{
  results: TrendingResource[];
  total: number;
}> {
  const since = new Date(Date.now() - WINDOW_DAYS[input.time] * 86_400_000).toISOString().slice(0, 10);
  const category = input.category === "all" ? null : input.category;
  const rows = await listTrending(db(), { since, category, limit: input.pageSize, offset: (input.page - 1) * input.pageSize });
  const total = rows[0]?.total ?? (input.page > 1 ? await countTrending(db(), { since, category }) : 0);
  return {
    results: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      url: row.url,
      favicon: publicFavicon(row.favicon),
      views: row.views,
      category: categoryLabel(row.category),
    })),
    total,
  };
}

export async function stats(): Promise<Stats> {
  const row = await getStats(db());
  return {
    totalStoredUrls: row.total_stored_urls,
    totalUsers: row.total_users,
    totalEnriched: row.total_enriched,
    enrichedToday: row.enriched_today,
  };
}
