import { handleJson } from "~/server/platform/http.server";
import { stats } from "~/server/sharing/trending.server";

/** GET /api/stats → {totalStoredUrls, totalUsers, totalEnriched, enrichedToday} (public). */
export const loader = () => handleJson(async () => Response.json(await stats(), { headers: { "Cache-Control": "public, max-age=60" } }));
