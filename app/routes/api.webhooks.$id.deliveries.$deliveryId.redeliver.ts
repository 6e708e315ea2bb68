import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { redeliverUserWebhookDelivery } from "~/server/webhooks/webhooks.server";

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver → 202 the delivery, pending again; 409 while it is being sent. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await redeliverUserWebhookDelivery(user.id, params.id!, params.deliveryId!), { status: 202 });
  });
