import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { resendConfirmationAsAdmin } from "~/server/admin/users.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/admin/users/{id}/resend-confirmation → {message}; mails the account a fresh confirmation link. Admin only. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user: actor } = await requireApiAdmin(request);
    return Response.json(await resendConfirmationAsAdmin(actor, params.id));
  });

/** Any other method is a 405 with Allow (without a loader, Remix would answer GET with a 400). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    return new Response(null, { status: 405 });
  });
