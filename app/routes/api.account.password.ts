import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { changePassword } from "~/server/accounts/settings.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { passwordChangeSchema } from "~/lib/api-schemas";

/** POST /api/account/password {currentPassword, newPassword} → every other session is signed out. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const auth = await requireApiUser(request);
    await changePassword(auth.user.id, auth.sessionId, await readJson(request, passwordChangeSchema));
    return Response.json({ message: "Your password was changed. Other sessions were signed out." });
  });
