import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { billingPortalUrl } from "~/server/billing/billing.server";
import { ownReturnPath } from "~/server/billing/checkout.server";
import { env } from "~/server/platform/env.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { portalRequestSchema } from "~/lib/api-schemas";

/** POST /api/billing/portal {returnUrl} → {url}: Stripe's Customer Portal (409 in test mode). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const { returnUrl } = await readJson(request, portalRequestSchema);
    return Response.json(await billingPortalUrl(user, ownReturnPath(returnUrl, new URL(request.url).origin), env().APP_URL));
  });
