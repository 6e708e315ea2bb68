import type { ActionFunctionArgs } from "@remix-run/node";
import { tagRenameSchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { renameUserTag } from "~/server/links/library.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/tags/rename {from, to} → {links}: renames (or merges) a tag across the user's links. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const { from, to } = await readJson(request, tagRenameSchema);
    return Response.json(await renameUserTag(user.id, from, to));
  });
