import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { emailSchema, newPasswordSchema } from "~/lib/validation";
import { resetPassword } from "~/server/accounts/accounts.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const INVALID = "Invalid reset link. Please request a new password reset.";
const bodySchema = z.object({
  email: emailSchema,
  token: z.string({ error: INVALID }).min(1, INVALID).max(200, INVALID),
  newPassword: newPasswordSchema,
});

/** POST /api/auth/reset-password {email, token, newPassword} → sets it and ends every session. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    await resetPassword(await readJson(request, bodySchema));
    return Response.json({ message: "Your password has been reset. You can now sign in." });
  });
