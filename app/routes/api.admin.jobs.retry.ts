import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { actorOf } from "~/server/jobs-console/operations.server";
import { retryFailures } from "~/server/jobs-console/replay.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { bulkRetrySchema } from "~/lib/api-schemas";

/**
 * POST /api/admin/jobs/retry {queue?, reason?, user?, domain?, since?, until?, dryRun?, limit?}
 * → {matched, queued, skipped, more, dryRun}: replays every failure matching the filter, once.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiAdmin(request);
    const { dryRun, limit, ...filter } = await readJson(request, bulkRetrySchema);
    return Response.json(await retryFailures({ filter, dryRun, limit, actor: actorOf(user) }));
  });
