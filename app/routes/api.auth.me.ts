import type { LoaderFunctionArgs } from "@remix-run/node";
import { toPublicUser } from "~/server/accounts/accounts.server";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/auth/me → the signed-in user with the unread notification count. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await toPublicUser(user), { headers: { "Cache-Control": "no-store" } });
  });
