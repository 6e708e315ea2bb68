import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { listWorkers } from "~/server/jobs-console/operations.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/admin/jobs/workers → {workers}: host, pid, queues, concurrency, beats, jobs done and failed, running now, live or lost. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    return Response.json({ workers: await listWorkers() }, { headers: { "Cache-Control": "no-store" } });
  });
