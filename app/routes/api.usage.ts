import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson } from "~/server/platform/http.server";
import { usageOf } from "~/server/billing/quota.server";

/** GET /api/usage → {used, limit, credits, periodStart, periodEnd}; limit null is unlimited. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await usageOf(user.id), { headers: { "Cache-Control": "no-store" } });
  });
