import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { failureDetail } from "~/server/jobs-console/replay.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/admin/jobs/failures/{id} → the link or result, its owner, payload, and the job's attempts, stacks and log lines. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    return Response.json(await failureDetail(params.id!), { headers: { "Cache-Control": "no-store" } });
  });
