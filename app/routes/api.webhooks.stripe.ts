import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveStripeWebhook } from "~/server/billing/stripe-webhook.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/**
 * POST /api/webhooks/stripe (Stripe's servers: no cookie, no Origin) → {received, duplicate};
 * 400 on a bad signature, 404 when Stripe is not configured. The body is read raw: the
 * signature covers its exact bytes.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    return Response.json(await receiveStripeWebhook(await request.text(), request.headers.get("stripe-signature")));
  });

/** A GET (someone opening the URL) is a 405, not a routing error in the log. */
export const loader = action;
