import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { seedDemoCommunity } from "~/server/seed/demo-seed.server";
import { stats, trending } from "~/server/sharing/trending.server";

describe("the demo community", () => {
  it("loads 120+ public enriched links with views over the last year, once, marked as demo", async () => {
    const added = await seedDemoCommunity(db());
    expect(added).toBeGreaterThanOrEqual(120);
    expect(await seedDemoCommunity(db())).toBe(0);

    const links = await db().selectFrom("links").select(["is_public", "is_demo", "status", "category"]).execute();
    expect(links.every((l) => l.is_public && l.is_demo && l.status === "enriched" && l.category)).toBe(true);
    const spread = await sql<{ days: number; oldest: number }>`select count(distinct day)::int as days, (current_date - min(day))::int as oldest from share_views`.execute(db());
    expect(spread.rows[0]!.days).toBeGreaterThan(100);
    expect(spread.rows[0]!.oldest).toBeGreaterThan(200);

    const year = await trending({ category: "all", time: "year", page: 1, pageSize: 9 });
    expect(year.total).toBe(added);
    expect(year.results).toHaveLength(9);
    expect(year.results[0]!.views).toBeGreaterThanOrEqual(year.results[8]!.views);
    for (const slug of ["ai", "web", "dotnet", "learning", "devtools", "programming", "business", "design", "productivity", "marketing", "science"]) {
      expect((await trending({ category: slug, time: "year", page: 1, pageSize: 50 })).total, slug).toBeGreaterThanOrEqual(10);
    }
    expect((await stats()).totalStoredUrls).toBe(added);
  });
});
