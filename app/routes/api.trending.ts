import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { CATEGORY_SLUGS } from "~/lib/enrichment";
import { TIME_RANGES } from "~/lib/trending";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { trending } from "~/server/sharing/trending.server";

const querySchema = z.object({
  category: z.enum(["all", ...CATEGORY_SLUGS], { error: `category must be all or one of ${CATEGORY_SLUGS.join(", ")}` }).default("all"),
  time: z.enum(TIME_RANGES, { error: "time must be today, week, month or year" }).default("week"),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be 1 or more").default(1),
  pageSize: z.coerce.number({ error: "pageSize must be a number" }).int().min(1, "pageSize must be between 1 and 50").max(50, "pageSize must be between 1 and 50").default(9),
});

/** GET /api/trending?category=&time=&page=&pageSize= → {results, total} (public). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => Response.json(await trending(readQuery(request, querySchema)), { headers: { "Cache-Control": "public, max-age=60" } }));
