import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { trending } from "~/server/sharing/trending.server";
import { trendingQuerySchema } from "~/lib/api-schemas";

/** GET /api/trending?category=&time=&page=&pageSize= → {results, total} (public). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => Response.json(await trending(readQuery(request, trendingQuerySchema)), { headers: { "Cache-Control": "public, max-age=60" } }));
