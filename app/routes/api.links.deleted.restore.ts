import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { restoreAllDeleted } from "~/server/links/bulk.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/links/deleted/restore → 202 a bulk restore of every deleted link (Restore all); 404 when none waits. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await restoreAllDeleted(user.id), { status: 202 });
  });
