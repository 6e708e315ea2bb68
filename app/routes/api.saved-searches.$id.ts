import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { deleteSearch } from "~/server/links/library.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** DELETE /api/saved-searches/{id} → 200; 404 when it is not yours. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "DELETE");
    const { user } = await requireApiUser(request);
    await deleteSearch(user.id, params.id!);
    return Response.json({ message: "Saved search deleted." });
  });
