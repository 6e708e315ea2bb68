import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { linkNotesSchema } from "~/lib/api-schemas";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { getUserLink, removeLink, setLinkNotes, toLinkDetail } from "~/server/links/links.server";

/** GET /api/links/{id} → the link with its summary and code snippets; another user's id is a 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(toLinkDetail(await getUserLink(user.id, params.id!)), { headers: { "Cache-Control": "no-store" } });
  });

/**
 * DELETE /api/links/{id} → {id, deletedAt, undoUntil}: hidden at once, restorable until undoUntil.
 * PATCH /api/links/{id} {notes} → the link with its notes (null or blank removes them).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "DELETE", "PATCH");
    const { user } = await requireApiUser(request);
    if (request.method === "PATCH") {
      const { notes } = await readJson(request, linkNotesSchema);
      return Response.json(toLinkDetail(await setLinkNotes(user.id, params.id!, notes)));
    }
    return Response.json(await removeLink(user.id, params.id!));
  });
