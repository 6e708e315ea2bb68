import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { setCancelAtPeriodEnd } from "~/server/billing/billing.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/billing/subscription/cancel → the billing summary; test mode: the plan ends with its paid period. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await setCancelAtPeriodEnd(user, true));
  });
