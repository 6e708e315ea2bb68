import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addLinkSchema, linkListQuerySchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, pageHeaders, readJson, readQuery, requireMethod } from "~/server/platform/http.server";
import { addLink, listUserLinks, toPublicLink } from "~/server/links/links.server";

/** GET /api/links?limit=&before= → the user's links, newest first; `X-Next-Cursor` continues them. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before } = readQuery(request, linkListQuerySchema);
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
