import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRecentSignIn } from "~/server/accounts/auth.server";
import { endOtherSessions, listSessions } from "~/server/accounts/settings.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/account/sessions → {sessions}: the signed-in sessions and API tokens, this one marked `current`. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const auth = await requireRecentSignIn(request);
    return Response.json({ sessions: await listSessions(auth.user.id, auth.sessionId) }, { headers: { "Cache-Control": "no-store" } });
  });

/** DELETE /api/account/sessions → {ended}: signs out every other session and token. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "DELETE");
    const auth = await requireRecentSignIn(request);
    return Response.json(await endOtherSessions(auth.user.id, auth.sessionId));
  });
