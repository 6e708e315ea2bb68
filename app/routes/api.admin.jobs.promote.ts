import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { actorOf, promoteJob } from "~/server/jobs-console/operations.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { jobRefSchema } from "~/lib/api-schemas";

/** POST /api/admin/jobs/promote {id, queue?} → runs a delayed job now; 409 unless it is delayed. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiAdmin(request);
    const { id, queue } = await readJson(request, jobRefSchema);
    return Response.json(await promoteJob({ id, queue, actor: actorOf(user) }));
  });
