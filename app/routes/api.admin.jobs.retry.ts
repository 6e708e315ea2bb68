import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MAX_BULK, failureFilterSchema } from "~/lib/jobs";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { actorOf } from "~/server/jobs/operations.server";
import { retryFailures } from "~/server/jobs/replay.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const bodySchema = failureFilterSchema
  .extend({
    dryRun: z.boolean().default(false),
    limit: z.number().int().min(1).max(MAX_BULK, `limit is at most ${MAX_BULK}`).default(MAX_BULK),
  })
  .strict();

/**
 * POST /api/admin/jobs/retry {queue?, reason?, user?, domain?, since?, until?, dryRun?, limit?}
 * → {matched, queued, skipped, more, dryRun}: replays every failure matching the filter, once.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiAdmin(request);
    const { dryRun, limit, ...filter } = await readJson(request, bodySchema);
    return Response.json(await retryFailures({ filter, dryRun, limit, actor: actorOf(user) }));
  });
