import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { sendWebhookPing } from "~/server/webhooks/webhooks.server";

/** POST /api/webhooks/{id}/test → 202 a `ping` delivery, queued (sent even to a webhook turned off). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await sendWebhookPing(user.id, params.id!), { status: 202 });
  });
