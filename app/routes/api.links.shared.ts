import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson } from "~/server/platform/http.server";
import { listShares } from "~/server/sharing/sharing.server";

/** GET /api/links/shared → the user's public links with their share URL and view count. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await listShares(user.id), { headers: { "Cache-Control": "no-store" } });
  });
