import type { ActionFunctionArgs } from "@remix-run/node";
import { gradeInputSchema } from "~/lib/review";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { gradeCard, requireReview } from "~/server/review/review.server";

/** POST /api/review/{cardId} {grade: again|hard|good|easy} → {card, review}: FSRS's next due date, and the history row. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    const { grade } = await readJson(request, gradeInputSchema);
    return Response.json(await gradeCard(user.id, params.cardId!, grade));
  });
