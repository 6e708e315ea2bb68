import { publicPacks } from "~/lib/billing";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/enrichment-packs → [{id, name, count, price, popular}]; prices in EUR, public. */
export const loader = () => handleJson(async () => Response.json(publicPacks()));
