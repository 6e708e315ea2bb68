import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { emailSchema, newPasswordSchema } from "~/lib/validation";
import { toPublicUser, updateProfile } from "~/server/accounts/accounts.server";
import { requireApiUser } from "~/server/accounts/auth.server";
import { HttpError, handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const bodySchema = z.object({
  email: emailSchema.optional(),
  currentPassword: z.string().max(200).optional(),
  newPassword: newPasswordSchema.optional(),
});

/** PUT /api/auth/profile {email?} or {currentPassword, newPassword} → the updated user. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const auth = await requireApiUser(request);
    const input = await readJson(request, bodySchema);
    if (input.email === undefined && input.newPassword === undefined) {
      throw new HttpError(400, "Send a new email, or your current password and a new password.");
    }
    const user = await updateProfile(auth.user.id, auth.sessionId, input);
    return Response.json(await toPublicUser(user));
  });
