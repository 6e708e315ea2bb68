import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { linkEditSchema } from "~/lib/api-schemas";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { editLink, getUserLink, removeLink, toLinkDetail } from "~/server/links/links.server";

/** GET /api/links/{id} → the link with its summary and code snippets; another user's id is a 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(toLinkDetail(await getUserLink(user.id, params.id!)), { headers: { "Cache-Control": "no-store" } });
  });

/**
 * DELETE /api/links/{id} → {id, deletedAt, undoUntil}: hidden at once, restorable until undoUntil.
 * PATCH /api/links/{id} {notes?, title?} → the link: notes (null or blank removes them); a title the
 * user gives is kept over the page's by every later enrichment (null gives it back to the page).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "DELETE", "PATCH");
    const { user } = await requireApiUser(request);
    if (request.method === "PATCH") {
      return Response.json(toLinkDetail(await editLink(user.id, params.id!, await readJson(request, linkEditSchema))));
    }
    return Response.json(await removeLink(user.id, params.id!));
  });
