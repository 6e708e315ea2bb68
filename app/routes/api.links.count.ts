import type { LoaderFunctionArgs } from "@remix-run/node";
import { linkFilterSchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { countSelection } from "~/server/links/bulk.server";

/** GET /api/links/count?q=&tag=&status=&category=&domain=&from=&to= → {count}: what "select all" acts on. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const filter = readQuery(request, linkFilterSchema, { omitEmpty: true });
    return Response.json({ count: await countSelection(user.id, filter) }, { headers: { "Cache-Control": "no-store" } });
  });
