import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { handleJson } from "~/server/http.server";
import { getUsage } from "~/server/quota.server";

/** GET /api/usage → {used, limit, credits, periodStart, periodEnd}; limit null is unlimited. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await getUsage(db(), user.id), { headers: { "Cache-Control": "no-store" } });
  });
