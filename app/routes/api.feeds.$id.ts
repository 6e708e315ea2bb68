import type { ActionFunctionArgs } from "@remix-run/node";
import { feedPatchSchema } from "~/lib/feeds";
import { requireApiUser } from "~/server/accounts/auth.server";
import { unsubscribeFeed, updateUserFeed } from "~/server/feeds/feeds.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/**
 * PATCH /api/feeds/{id} {paused?, tags?} → the feed (paused: false resumes it, due at once).
 * DELETE → 200, unsubscribed; the links it saved stay. Not yours: 404.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PATCH", "DELETE");
    const { user } = await requireApiUser(request);
    if (request.method === "PATCH") return Response.json(await updateUserFeed(user.id, params.id!, await readJson(request, feedPatchSchema)));
    await unsubscribeFeed(user.id, params.id!);
    return Response.json({ message: "Unsubscribed. The links it saved stay in your library." });
  });
