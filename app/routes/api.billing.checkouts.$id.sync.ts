import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { syncCheckout } from "~/server/billing/fulfilment.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/billing/checkouts/{id}/sync → {id, kind, status, fulfilled, credits, plan}; asks the provider if not fulfilled yet. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await syncCheckout(params.id ?? "", user.id));
  });
