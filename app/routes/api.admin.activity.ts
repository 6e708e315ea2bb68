import type { LoaderFunctionArgs } from "@remix-run/node";
import { activityQuerySchema } from "~/lib/activity";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { activityPage } from "~/server/admin/activity.server";
import { handleJson, readQuery } from "~/server/platform/http.server";

/** GET /api/admin/activity?kind=&cursor=&limit= → {events, nextCursor}, newest first (Admin only). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    const query = readQuery(request, activityQuerySchema);
    return Response.json(await activityPage(query), { headers: { "Cache-Control": "no-store" } });
  });
