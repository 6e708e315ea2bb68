import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { highlightPatchSchema } from "~/lib/highlights";
import { requireApiUser } from "~/server/accounts/auth.server";
import { editHighlight, highlightOf, removeHighlight } from "~/server/highlights/highlights.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/highlights/{id} → the highlight; another user's, or one whose link is deleted, is a 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await highlightOf(user.id, params.id!), { headers: { "Cache-Control": "no-store" } });
  });

/** PATCH /api/highlights/{id} {colour?, note?} → the highlight; DELETE → 204. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PATCH", "DELETE");
    const { user } = await requireApiUser(request);
    if (request.method === "PATCH") return Response.json(await editHighlight(user.id, params.id!, await readJson(request, highlightPatchSchema)));
    await removeHighlight(user.id, params.id!);
    return new Response(null, { status: 204 });
  });
