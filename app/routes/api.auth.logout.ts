import type { ActionFunctionArgs } from "@remix-run/node";
import { destroyWebSessionCookie, endSession, requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/auth/logout → ends this token or cookie session on the server. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const auth = await requireApiUser(request);
    await endSession(auth);
    const headers = auth.via === "cookie" ? { "Set-Cookie": await destroyWebSessionCookie(request) } : undefined;
    return Response.json({ message: "Signed out." }, { headers });
  });
