import type { LoaderFunctionArgs } from "@remix-run/node";
import { highlightListQuerySchema } from "~/lib/highlights";
import { requireApiUser } from "~/server/accounts/auth.server";
import { highlightsPage } from "~/server/highlights/highlights.server";
import { handleJson, readQuery } from "~/server/platform/http.server";

/** GET /api/highlights?q=&tag=&before=&limit= → {highlights, nextCursor}: the user's highlights on live links, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const query = readQuery(request, highlightListQuerySchema, { omitEmpty: true });
    return Response.json(await highlightsPage(user.id, query), { headers: { "Cache-Control": "no-store" } });
  });
