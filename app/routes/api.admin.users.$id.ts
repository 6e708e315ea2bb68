import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userPatchSchema } from "~/lib/admin-users";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { deleteUserAsAdmin, getUserForAdmin, updateUserAsAdmin } from "~/server/admin/users.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/admin/users/{id} → {user}; Admin only. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    return Response.json({ user: await getUserForAdmin(params.id) }, { headers: { "Cache-Control": "no-store" } });
  });

/** PATCH /api/admin/users/{id} {role?, active?} → {user}; DELETE → 204. Admin only. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PATCH", "DELETE");
    const { user: actor } = await requireApiAdmin(request);
    if (request.method === "DELETE") {
      await deleteUserAsAdmin(actor, params.id);
      return new Response(null, { status: 204 });
    }
    const patch = await readJson(request, userPatchSchema);
    return Response.json({ user: await updateUserAsAdmin(actor, params.id, patch) });
  });
