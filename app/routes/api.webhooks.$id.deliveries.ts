import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson } from "~/server/platform/http.server";
import { listUserWebhookDeliveries } from "~/server/webhooks/webhooks.server";

/** GET /api/webhooks/{id}/deliveries → {deliveries}: the latest 50, newest first (kept 30 days). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json({ deliveries: await listUserWebhookDeliveries(user.id, params.id!) }, { headers: { "Cache-Control": "no-store" } });
  });
