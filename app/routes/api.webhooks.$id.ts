import type { ActionFunctionArgs } from "@remix-run/node";
import { webhookPatchSchema } from "~/lib/webhooks";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { deleteUserWebhook, updateUserWebhook } from "~/server/webhooks/webhooks.server";

/**
 * PATCH /api/webhooks/{id} {url?, events?, enabled?} → the webhook (enabled: true turns it on again
 * and starts its failure count afresh). DELETE → 200, its deliveries with it. Not yours: 404.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PATCH", "DELETE");
    const { user } = await requireApiUser(request);
    if (request.method === "PATCH") return Response.json(await updateUserWebhook(user.id, params.id!, await readJson(request, webhookPatchSchema)));
    await deleteUserWebhook(user.id, params.id!);
    return Response.json({ message: "Webhook deleted." });
  });
