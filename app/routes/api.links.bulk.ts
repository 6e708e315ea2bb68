import type { ActionFunctionArgs } from "@remix-run/node";
import { bulkRequestSchema } from "~/lib/bulk-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { startBulkOperation } from "~/server/links/bulk.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/links/bulk {action, ids | filter | undo, tag?, format?} → 202 the operation, queued (export: done, with its URL). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const body = await readJson(request, bulkRequestSchema);
    return Response.json(await startBulkOperation(user, body), { status: 202 });
  });
