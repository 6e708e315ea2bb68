import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MAX_BULK, REENRICH_TARGET, reenrichFilterObject } from "~/lib/jobs";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { actorOf } from "~/server/jobs/operations.server";
import { reenrichLinks } from "~/server/jobs/replay.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const bodySchema = reenrichFilterObject
  .extend({
    dryRun: z.boolean().default(false),
    limit: z.number().int().min(1).max(MAX_BULK, `limit is at most ${MAX_BULK}`).default(MAX_BULK),
  })
  .strict()
  .refine(REENRICH_TARGET.check, { message: REENRICH_TARGET.message });

/**
 * POST /api/admin/jobs/reenrich {user?, engine?, before?, dryRun?, limit?} → {matched, queued,
 * more, dryRun}: enriches those enriched links again at the lowest priority, without charging.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiAdmin(request);
    const { dryRun, limit, ...filter } = await readJson(request, bodySchema);
    return Response.json(await reenrichLinks({ filter, dryRun, limit, actor: actorOf(user) }));
  });
