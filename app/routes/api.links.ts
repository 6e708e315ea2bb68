import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { INVALID_URL_MESSAGE } from "~/lib/links";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, pageHeaders, readJson, readQuery, requireMethod } from "~/server/platform/http.server";
import { addLink, listUserLinks, toPublicLink } from "~/server/links/links.server";

const querySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
  // The previous page's X-Next-Cursor (opaque); a link id from older clients is still taken.
  before: z.string().max(200, "before must be the cursor of the previous page").optional(),
});
const addLinkSchema = z.object({ url: z.string({ error: INVALID_URL_MESSAGE }) });

/** GET /api/links?limit=&before= → the user's links, newest first; `X-Next-Cursor` continues them. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before } = readQuery(request, querySchema);
    const { links, nextCursor } = await listUserLinks(user.id, { limit, before });
    return Response.json(links, { headers: pageHeaders(nextCursor) });
  });

/** POST /api/links {url} → 201 with the new link (pending), or 200 with the existing one. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const { url } = await readJson(request, addLinkSchema);
    const { link, created } = await addLink(user, url);
    return Response.json(toPublicLink(link), { status: created ? 201 : 200 });
  });
