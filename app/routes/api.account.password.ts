import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { newPasswordSchema } from "~/lib/validation";
import { requireApiUser } from "~/server/accounts/auth.server";
import { changePassword } from "~/server/accounts/settings.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const bodySchema = z.object({
  currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(200),
  newPassword: newPasswordSchema,
});

/** POST /api/account/password {currentPassword, newPassword} → every other session is signed out. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const auth = await requireApiUser(request);
    await changePassword(auth.user.id, auth.sessionId, await readJson(request, bodySchema));
    return Response.json({ message: "Your password was changed. Other sessions were signed out." });
  });
