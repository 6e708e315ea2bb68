import type { LoaderFunctionArgs } from "@remix-run/node";
import { userListQuerySchema } from "~/lib/admin-users";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { listUsers } from "~/server/admin/users.server";
import { handleJson, readQuery } from "~/server/platform/http.server";

/** GET /api/admin/users?q=&role=&status=&sort=&cursor=&limit= → {users, nextCursor}; Admin only. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    const query = readQuery(request, userListQuerySchema);
    return Response.json(await listUsers(query), { headers: { "Cache-Control": "no-store" } });
  });
