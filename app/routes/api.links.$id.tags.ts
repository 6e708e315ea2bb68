import type { ActionFunctionArgs } from "@remix-run/node";
import { tagReviewSchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { reviewTagSuggestions, toLinkDetail } from "~/server/links/links.server";

/** POST /api/links/{id}/tags {accept?, dismiss?} → the link, with suggestions accepted or dismissed. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(toLinkDetail(await reviewTagSuggestions(user.id, params.id!, await readJson(request, tagReviewSchema))));
  });
