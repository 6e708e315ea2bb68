import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { retryLink, toPublicLink } from "~/server/links/links.server";

/** POST /api/links/{id}/retry → the link, back to pending and queued; 409 unless it failed. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(toPublicLink(await retryLink(user.id, params.id!, user.role)));
  });
