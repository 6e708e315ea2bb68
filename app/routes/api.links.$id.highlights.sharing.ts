import type { ActionFunctionArgs } from "@remix-run/node";
import { highlightSharingSchema } from "~/lib/highlights";
import { requireApiUser } from "~/server/accounts/auth.server";
import { shareHighlights } from "~/server/highlights/highlights.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** PUT /api/links/{id}/highlights/sharing {show} → {show}: the owner's highlights on the public share page, or not (decision 060). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const { user } = await requireApiUser(request);
    const { show } = await readJson(request, highlightSharingSchema);
    return Response.json(await shareHighlights(user.id, params.id!, show));
  });
