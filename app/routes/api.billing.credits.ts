import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { creditHistory } from "~/server/billing/ledger.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/billing/credits?cursor= → {entries, nextCursor}: the credits ledger, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const cursor = new URL(request.url).searchParams.get("cursor");
    return Response.json(await creditHistory(user.id, cursor), { headers: { "Cache-Control": "no-store" } });
  });
