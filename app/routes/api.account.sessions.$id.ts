import type { ActionFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/lib/ids";
import { requireRecentSignIn } from "~/server/accounts/auth.server";
import { endSessionOf } from "~/server/accounts/settings.server";
import { HttpError, handleJson, requireMethod } from "~/server/platform/http.server";

/** DELETE /api/account/sessions/{id} → signs out that session; another user's id is a 404. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "DELETE");
    const { user } = await requireRecentSignIn(request);
    if (!isUuid(params.id)) throw new HttpError(400, "The session id must be a UUID.");
    await endSessionOf(user.id, params.id.toLowerCase());
    return Response.json({ message: "Signed out." });
  });
