import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { ownReturnPath, purchasePackSchema, startPackCheckout } from "~/server/billing/checkout.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/purchase-pack {packId, quantity, returnUrl} → {checkoutUrl}; quantity 1–100, returnUrl on our origin. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const input = await readJson(request, purchasePackSchema);
    const returnPath = ownReturnPath(input.returnUrl, new URL(request.url).origin);
    return Response.json(await startPackCheckout(user, { packId: input.packId, quantity: input.quantity, returnPath }));
  });
