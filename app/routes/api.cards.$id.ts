import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cardPatchSchema } from "~/lib/review";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { cardOf, editCard, removeCard, requireReview } from "~/server/review/review.server";

/** GET /api/cards/{id} → the card; another user's, or one whose link is deleted, is a 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    return Response.json(await cardOf(user.id, params.id!), { headers: { "Cache-Control": "no-store" } });
  });

/** PATCH /api/cards/{id} {front?, back?, hint?, suspended?} → the card; DELETE → 204. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PATCH", "DELETE");
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    if (request.method === "PATCH") return Response.json(await editCard(user.id, params.id!, await readJson(request, cardPatchSchema)));
    await removeCard(user.id, params.id!);
    return new Response(null, { status: 204 });
  });
