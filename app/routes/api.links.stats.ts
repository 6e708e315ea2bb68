import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson } from "~/server/platform/http.server";
import { userLinkStats } from "~/server/links/links.server";

/** GET /api/links/stats → {total, enriched, pending, failed, unenriched} over all of the user's links. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await userLinkStats(user.id), { headers: { "Cache-Control": "no-store" } });
  });
