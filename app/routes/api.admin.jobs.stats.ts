import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { jobsStats } from "~/server/jobs-console/operations.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/admin/jobs/stats → every queue's counts, throughput, oldest waiting job and pause state; failures; workers. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    return Response.json(await jobsStats(), { headers: { "Cache-Control": "no-store" } });
  });
