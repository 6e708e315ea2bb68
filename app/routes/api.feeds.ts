import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { subscribeFeedSchema } from "~/lib/feeds";
import { requireApiUser } from "~/server/accounts/auth.server";
import { listUserFeeds, subscribeFeed } from "~/server/feeds/feeds.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/feeds → {feeds}: the user's feeds with their state and how many links each saved. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json({ feeds: await listUserFeeds(user.id) }, { headers: { "Cache-Control": "no-store" } });
  });

/**
 * POST /api/feeds {url, tags?} → 201 the feed: a feed's address, or a site's whose page names one
 * (`<link rel="alternate">`). Its newest entries are saved by the first poll, queued now.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await subscribeFeed(user.id, await readJson(request, subscribeFeedSchema)), { status: 201 });
  });
