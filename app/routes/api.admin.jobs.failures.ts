import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { failureFilterSchema } from "~/lib/jobs";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { failurePage } from "~/server/jobs/replay.server";
import { handleJson, readQuery } from "~/server/platform/http.server";

const querySchema = failureFilterSchema.extend({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").default(50),
  cursor: z.string().max(200).optional(),
});

/**
 * GET /api/admin/jobs/failures?queue=&reason=&user=&domain=&since=&until=&limit=&cursor=
 * → {total, groups (by reason), items (newest first), nextCursor}.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    const { limit, cursor, ...filter } = readQuery(request, querySchema);
    return Response.json(await failurePage(filter, { limit, cursor }), { headers: { "Cache-Control": "no-store" } });
  });
