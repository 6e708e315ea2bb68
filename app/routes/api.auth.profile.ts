import type { ActionFunctionArgs } from "@remix-run/node";
import { toPublicUser, updateProfile } from "~/server/accounts/accounts.server";
import { requireApiUser } from "~/server/accounts/auth.server";
import { requestEmailChange } from "~/server/accounts/settings.server";
import { HttpError, handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { profileUpdateSchema } from "~/lib/api-schemas";

/**
 * PUT /api/auth/profile {currentPassword, newPassword} → the updated user; {email, currentPassword}
 * → 202: the address changes only when the link mailed to it is followed (as on /settings).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const auth = await requireApiUser(request);
    const input = await readJson(request, profileUpdateSchema);
    if (input.email === undefined && input.newPassword === undefined) {
      throw new HttpError(400, "Send a new email, or your current password and a new password.");
    }
    if (input.email !== undefined) {
      // A stolen session must not be able to move the account to another address.
      await requestEmailChange(auth.user.id, { newEmail: input.email, password: input.currentPassword ?? "" });
      if (input.newPassword === undefined) {
        return Response.json({ message: `We sent a link to ${input.email}. Your address changes when you follow it.` }, { status: 202 });
      }
    }
    // With a new email too, the password was checked (and counted) just above.
    const user = await updateProfile(
      auth.user.id,
      auth.sessionId,
      { currentPassword: input.currentPassword, newPassword: input.newPassword },
      { passwordChecked: input.email !== undefined },
    );
    return Response.json(await toPublicUser(user));
  });
