import type { ActionFunctionArgs } from "@remix-run/node";
import { resetPassword } from "~/server/accounts/accounts.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { passwordResetSchema } from "~/lib/api-schemas";

/** POST /api/auth/reset-password {email, token, newPassword} → sets it and ends every session. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    await resetPassword(await readJson(request, passwordResetSchema));
    return Response.json({ message: "Your password has been reset. You can now sign in." });
  });
