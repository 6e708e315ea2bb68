import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson } from "~/server/platform/http.server";
import { cardHistory, requireReview } from "~/server/review/review.server";

/** GET /api/cards/{id}/reviews → {reviews}: the card's review history, newest first. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    return Response.json({ reviews: await cardHistory(user.id, params.id!) }, { headers: { "Cache-Control": "no-store" } });
  });
