import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { userTagCounts } from "~/server/links/library.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/tags → [{tag, count}]: the tags on the user's links, most used first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await userTagCounts(user.id), { headers: { "Cache-Control": "no-store" } });
  });
