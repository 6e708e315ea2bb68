import type { ActionFunctionArgs } from "@remix-run/node";
import { RESET_REQUESTED, requestPasswordReset } from "~/server/accounts/accounts.server";
import { clientIp } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { passwordResetRequestSchema } from "~/lib/api-schemas";

/** POST /api/auth/request-password-reset {email} → the same 200 account or not; 429 over a limit. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { email } = await readJson(request, passwordResetRequestSchema);
    await requestPasswordReset({ email, ip: clientIp(request) });
    return Response.json({ message: RESET_REQUESTED });
  });
