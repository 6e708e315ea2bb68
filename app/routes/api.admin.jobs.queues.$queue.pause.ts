import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { actorOf, setQueuePaused } from "~/server/jobs-console/operations.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/admin/jobs/queues/{queue}/pause → {queue, paused}: pauses the queue for every worker (running jobs finish; new ones wait). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiAdmin(request);
    return Response.json(await setQueuePaused({ queue: params.queue!, paused: true, actor: actorOf(user) }));
  });
