import { getSystemStatus } from "~/server/ops/health.server";

/** Availability check: 200 when Postgres and Redis answer, 503 naming what is down. */
export async function loader() {
  const status = await getSystemStatus();
  return Response.json(status, {
    status: status.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
