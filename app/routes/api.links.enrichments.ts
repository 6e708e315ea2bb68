import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { listEnrichmentPage } from "~/server/enrichment/artifacts.server";
import { handleJson, pageHeaders, readQuery } from "~/server/platform/http.server";
import { enrichmentListQuerySchema } from "~/lib/api-schemas";

/**
 * GET /api/links/enrichments?limit=&before= → a page of the Enrichments tab: the user's enriched
 * links, newest first, each as {link (with its enrichment), artifacts (without their results)};
 * `X-Next-Cursor` continues them.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before } = readQuery(request, enrichmentListQuerySchema);
    const { items, nextCursor } = await listEnrichmentPage(user.id, { limit, before });
    return Response.json(items, { headers: pageHeaders(nextCursor) });
  });
