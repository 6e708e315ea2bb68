import type { LoaderFunctionArgs } from "@remix-run/node";
import { linkEnrichment } from "~/server/enrichment/artifacts.server";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/links/{id}/enrichment → the link's enrichment and every on-demand result stored for it. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await linkEnrichment(user.id, params.id!), { headers: { "Cache-Control": "no-store" } });
  });
