import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { failurePage } from "~/server/jobs-console/replay.server";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { failureListQuerySchema } from "~/lib/api-schemas";

/**
 * GET /api/admin/jobs/failures?queue=&reason=&user=&domain=&since=&until=&limit=&cursor=
 * → {total, groups (by reason), items (newest first), nextCursor}.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    const { limit, cursor, ...filter } = readQuery(request, failureListQuerySchema);
    return Response.json(await failurePage(filter, { limit, cursor }), { headers: { "Cache-Control": "no-store" } });
  });
