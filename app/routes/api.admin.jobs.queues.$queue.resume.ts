import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { actorOf, setQueuePaused } from "~/server/jobs-console/operations.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/admin/jobs/queues/{queue}/resume → {queue, paused}: resumes the queue. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiAdmin(request);
    return Response.json(await setQueuePaused({ queue: params.queue!, paused: false, actor: actorOf(user) }));
  });
