import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { ownReturnPath, planCheckoutSchema, startPlanCheckout } from "~/server/billing/checkout.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/checkout-session {tierId, feature, returnUrl} → {checkoutUrl} for a Scout or Creator subscription. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const input = await readJson(request, planCheckoutSchema);
    const returnPath = ownReturnPath(input.returnUrl, new URL(request.url).origin);
    return Response.json(await startPlanCheckout(user, { plan: input.tierId, returnPath }));
  });
