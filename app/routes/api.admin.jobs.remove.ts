import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { actorOf, removeJob } from "~/server/jobs-console/operations.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { jobRefSchema } from "~/lib/api-schemas";

/**
 * POST /api/admin/jobs/remove {id, queue?} → removes the job from Redis. A failed link or
 * result keeps its row (and stays listed, replayable): only the job is dismissed.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiAdmin(request);
    const { id, queue } = await readJson(request, jobRefSchema);
    return Response.json(await removeJob({ id, queue, actor: actorOf(user) }));
  });
