import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reviewDigestSchema } from "~/lib/review";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { chooseReviewDigest, requireReview, reviewDigestOf } from "~/server/review/review.server";

/** GET /api/review/digest → {digest}: off (the default), daily or weekly. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    return Response.json({ digest: await reviewDigestOf(user.id) }, { headers: { "Cache-Control": "no-store" } });
  });

/** PUT /api/review/digest {digest} → {digest}. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const { user } = await requireApiUser(request);
    await requireReview(user.role);
    const { digest } = await readJson(request, reviewDigestSchema);
    return Response.json({ digest: await chooseReviewDigest(user.id, digest) });
  });
