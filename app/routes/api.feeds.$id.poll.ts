import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { pollUserFeedNow } from "~/server/feeds/feeds.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/feeds/{id}/poll → 202 the feed, its poll queued now whatever its back-off said; 409 while paused. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await pollUserFeedNow(user.id, params.id!), { status: 202 });
  });
