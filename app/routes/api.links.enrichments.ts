import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ENRICHMENTS_PAGE_SIZE } from "~/lib/links";
import { requireApiUser } from "~/server/accounts/auth.server";
import { listEnrichmentPage } from "~/server/enrichment/artifacts.server";
import { handleJson, readQuery } from "~/server/platform/http.server";

const querySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(ENRICHMENTS_PAGE_SIZE),
  before: z.uuid("before must be the id of a link from the previous page").optional(),
});

/**
 * GET /api/links/enrichments?limit=&before= → a page of the Enrichments tab: the user's enriched
 * links, newest first, each as {link (with its enrichment), artifacts (without their results)}.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before } = readQuery(request, querySchema);
    return Response.json(await listEnrichmentPage(user.id, { limit, before }), { headers: { "Cache-Control": "no-store" } });
  });
