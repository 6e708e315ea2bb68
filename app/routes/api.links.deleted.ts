import type { LoaderFunctionArgs } from "@remix-run/node";
import { recentlyDeletedQuerySchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { listRecentlyDeleted } from "~/server/links/links.server";
import { handleJson, pageHeaders, readQuery } from "~/server/platform/http.server";

/**
 * GET /api/links/deleted?limit=&before= → Recently deleted: the user's deleted links not purged
 * yet, last deleted first, each with deletedAt and purgeAfter; `X-Next-Cursor` continues them.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before } = readQuery(request, recentlyDeletedQuerySchema);
    const { links, nextCursor } = await listRecentlyDeleted(user.id, { limit, before });
    return Response.json(links, { headers: pageHeaders(nextCursor) });
  });
