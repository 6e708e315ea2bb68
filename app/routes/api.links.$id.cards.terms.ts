import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { addKeyTermCards, requireReview } from "~/server/review/review.server";

/** POST /api/links/{id}/cards/terms → 201 {cards, skipped}: the key terms the page defines, made review cards (the user asked; never automatic). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    return Response.json(await addKeyTermCards(user.id, params.id!), { status: 201 });
  });
