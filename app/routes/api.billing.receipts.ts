import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { receiptsOf } from "~/server/billing/billing.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/billing/receipts → the user's payments, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await receiptsOf(user.id), { headers: { "Cache-Control": "no-store" } });
  });
