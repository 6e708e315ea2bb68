import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { shareLink, unshareLink } from "~/server/sharing/sharing.server";

/** POST /api/links/{id}/share → {id, shareUrl}, the link is public; DELETE makes it private again. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST", "DELETE");
    const { user } = await requireApiUser(request);
    if (request.method === "DELETE") {
      await unshareLink(user.id, params.id!);
      return new Response(null, { status: 204 });
    }
    return Response.json(await shareLink(user, params.id!));
  });
