import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addLinkSchema, linkListQuerySchema } from "~/lib/api-schemas";
import { ALREADY_SAVED_MESSAGE, ALREADY_SAVED_UNARCHIVED_MESSAGE } from "~/lib/links";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, pageHeaders, readJson, readQuery, requireMethod } from "~/server/platform/http.server";
import { listUserLinks, saveLinkWithOwnFields, toPublicLink } from "~/server/links/links.server";

/**
 * GET /api/links?limit=&before=&q=&tag=&status=&category=&domain=&duplicates=&from=&to=&sort= → the user's
 * links matching the filter (all of them without one), newest first or by relevance;
 * `X-Next-Cursor` continues them. An empty parameter counts as not given.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before, sort, ...filter } = readQuery(request, linkListQuerySchema, { omitEmpty: true });
    const { links, nextCursor } = await listUserLinks(user.id, { limit, before, filter, sort });
    return Response.json(links, { headers: pageHeaders(nextCursor) });
  });

/**
 * POST /api/links {url, title?, tags?, notes?, capture?} → 201 with the new link (pending); 200 with the
 * existing one and a message when the page is already saved (the tags and note added as the user's own);
 * 409 naming the link when it is in Recently deleted (decision 053). `capture` is the page as the user's
 * browser showed it (decision 069): read instead of the address; 413 over CAPTURE_MAX_BYTES.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const { url, title, tags, notes, capture } = await readJson(request, addLinkSchema);
    const { link, created, unarchived } = await saveLinkWithOwnFields(user, url, { title, tags, notes, capture: capture?.html, restoreDeleted: false });
    if (created) return Response.json(toPublicLink(link), { status: 201 });
    return Response.json({ ...toPublicLink(link), message: unarchived ? ALREADY_SAVED_UNARCHIVED_MESSAGE : ALREADY_SAVED_MESSAGE }, { status: 200 });
  });
