import type { ActionFunctionArgs } from "@remix-run/node";
import { linkTagsSchema, tagReviewSchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { reviewTagSuggestions, setLinkTags, toLinkDetail } from "~/server/links/links.server";

/**
 * POST /api/links/{id}/tags {accept?, dismiss?} → the link, with suggestions accepted or dismissed.
 * PUT /api/links/{id}/tags {tags} → the link with exactly these tags, all the user's own: enrichment
 * never removes them, and one taken off is never added back (decision 040).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST", "PUT");
    const { user } = await requireApiUser(request);
    if (request.method === "PUT") {
      const { tags } = await readJson(request, linkTagsSchema);
      return Response.json(toLinkDetail(await setLinkTags(user.id, params.id!, tags)));
    }
    return Response.json(toLinkDetail(await reviewTagSuggestions(user.id, params.id!, await readJson(request, tagReviewSchema))));
  });
