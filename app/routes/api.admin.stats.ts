import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { adminStats } from "~/server/admin/stats.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/admin/stats → the console's live figures (Admin only). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    return Response.json(await adminStats(), { headers: { "Cache-Control": "no-store" } });
  });
