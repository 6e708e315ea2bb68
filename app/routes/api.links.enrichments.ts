import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ENRICHMENTS_PAGE_SIZE } from "~/lib/links";
import { requireApiUser } from "~/server/accounts/auth.server";
import { listEnrichmentPage } from "~/server/enrichment/artifacts.server";
import { handleJson, pageHeaders, readQuery } from "~/server/platform/http.server";

const querySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(ENRICHMENTS_PAGE_SIZE),
  before: z.string().max(200, "before must be the cursor of the previous page").optional(),
});

/**
 * GET /api/links/enrichments?limit=&before= → a page of the Enrichments tab: the user's enriched
 * links, newest first, each as {link (with its enrichment), artifacts (without their results)};
 * `X-Next-Cursor` continues them.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before } = readQuery(request, querySchema);
    const { items, nextCursor } = await listEnrichmentPage(user.id, { limit, before });
    return Response.json(items, { headers: pageHeaders(nextCursor) });
  });
