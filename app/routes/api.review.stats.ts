import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson } from "~/server/platform/http.server";
import { requireReview, retentionOf } from "~/server/review/review.server";

/** GET /api/review/stats → {tags, windowDays, matureDays}: per tag, cards due, learning, mature, lapsed and the last 30 days' retention. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    return Response.json(await retentionOf(user.id), { headers: { "Cache-Control": "no-store" } });
  });
