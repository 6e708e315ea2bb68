import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { restoreUserLink, toPublicLink } from "~/server/links/links.server";

/** POST /api/links/{id}/restore → the deleted link back where it was (Undo); 404 unless deleted and not purged. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(toPublicLink(await restoreUserLink(user.id, params.id!, user.role)));
  });
