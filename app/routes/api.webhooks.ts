import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createWebhookSchema } from "~/lib/webhooks";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { createUserWebhook, listUserWebhooks } from "~/server/webhooks/webhooks.server";

/** GET /api/webhooks → {webhooks}: the user's webhooks (never their secrets). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json({ webhooks: await listUserWebhooks(user.id) }, { headers: { "Cache-Control": "no-store" } });
  });

/** POST /api/webhooks {url, events, instance?} → 201 {webhook, secret}; the signing secret is shown only here; `instance` (every user's events) is for admins. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const created = await createUserWebhook(user, await readJson(request, createWebhookSchema));
    return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
  });
