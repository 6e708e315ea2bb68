import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { actorOf } from "~/server/jobs-console/operations.server";
import { retryFailure } from "~/server/jobs-console/replay.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/admin/jobs/failures/{id}/retry → replays one failure; 409 when it is not failed (or already queued). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiAdmin(request);
    return Response.json(await retryFailure({ id: params.id!, actor: actorOf(user) }));
  });
