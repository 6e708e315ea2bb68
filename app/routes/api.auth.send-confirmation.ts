import type { ActionFunctionArgs } from "@remix-run/node";
import { resendConfirmation } from "~/server/accounts/accounts.server";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/auth/send-confirmation → mails a fresh confirmation link to the signed-in user. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    await resendConfirmation(user.id);
    return Response.json({ message: "Confirmation email sent! Check your inbox." });
  });
