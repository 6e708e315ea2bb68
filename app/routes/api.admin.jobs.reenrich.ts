import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { actorOf } from "~/server/jobs-console/operations.server";
import { reenrichLinks } from "~/server/jobs-console/replay.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { reenrichSchema } from "~/lib/api-schemas";

/**
 * POST /api/admin/jobs/reenrich {user?, engine?, before?, dryRun?, limit?} → {matched, queued,
 * more, dryRun}: enriches those enriched links again at the lowest priority, without charging.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiAdmin(request);
    const { dryRun, limit, ...filter } = await readJson(request, reenrichSchema);
    return Response.json(await reenrichLinks({ filter, dryRun, limit, actor: actorOf(user) }));
  });
