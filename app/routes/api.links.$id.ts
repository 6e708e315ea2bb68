import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { getUserLink, removeLink, toLinkDetail } from "~/server/links/links.server";

/** GET /api/links/{id} → the link with its summary and code snippets; another user's id is a 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(toLinkDetail(await getUserLink(user.id, params.id!)), { headers: { "Cache-Control": "no-store" } });
  });

/** DELETE /api/links/{id} → {id, deletedAt, undoUntil}: hidden at once, restorable until undoUntil. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "DELETE");
    const { user } = await requireApiUser(request);
    return Response.json(await removeLink(user.id, params.id!));
  });
