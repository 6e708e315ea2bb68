import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { modalPurchaseSchema, startPackCheckout } from "~/server/billing/checkout.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/enrichment-packs/purchase {packId} → {checkoutUrl}: the dashboard's modal, one pack, back to the dashboard. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const { packId } = await readJson(request, modalPurchaseSchema);
    return Response.json(await startPackCheckout(user, { packId, quantity: 1, returnPath: "/dashboard" }));
  });
