import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { billingSummary } from "~/server/billing/billing.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/billing → {provider, sales, plan, role, manualGrant, subscription, credits, manage}. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await billingSummary(user), { headers: { "Cache-Control": "no-store" } });
  });
