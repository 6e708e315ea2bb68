import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { getUserBulkOperation } from "~/server/links/bulk.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/links/bulk/{id} → the operation's progress; another user's id is a 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await getUserBulkOperation(user.id, params.id!), { headers: { "Cache-Control": "no-store" } });
  });
