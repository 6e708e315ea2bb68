import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { highlightInputSchema } from "~/lib/highlights";
import { requireApiUser } from "~/server/accounts/auth.server";
import { addHighlight, linkHighlights } from "~/server/highlights/highlights.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/links/{id}/highlights → {highlights}: the link's highlights, oldest first (decision 060). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json({ highlights: await linkHighlights(user.id, params.id!) }, { headers: { "Cache-Control": "no-store" } });
  });

/** POST /api/links/{id}/highlights {exact, prefix?, suffix?, start, colour?, note?} → 201 the highlight. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const input = await readJson(request, highlightInputSchema);
    return Response.json(await addHighlight(user.id, params.id!, input), { status: 201 });
  });
