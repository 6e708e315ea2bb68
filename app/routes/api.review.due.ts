import type { LoaderFunctionArgs } from "@remix-run/node";
import { dueQuerySchema } from "~/lib/review";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { dueCards, requireReview } from "~/server/review/review.server";

/** GET /api/review/due?limit= → {cards, dueCount}: the cards due now, soonest first (suspended ones never). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    const { limit } = readQuery(request, dueQuerySchema, { omitEmpty: true });
    return Response.json(await dueCards(user.id, limit), { headers: { "Cache-Control": "no-store" } });
  });
