import type { ActionFunctionArgs } from "@remix-run/node";
import { reauthenticateSchema } from "~/lib/account";
import { requireApiUser } from "~/server/accounts/auth.server";
import { reauthenticate } from "~/server/accounts/settings.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/account/reauthenticate {password} → {message, validForSeconds}: this session counts as a recent sign-in again. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const auth = await requireApiUser(request);
    const { password } = await readJson(request, reauthenticateSchema);
    const { validForSeconds } = await reauthenticate(auth.user.id, auth.sessionId, password);
    return Response.json({ message: "Thanks, you can go on.", validForSeconds }, { headers: { "Cache-Control": "no-store" } });
  });
