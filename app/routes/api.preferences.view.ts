import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { dashboardViewSchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { dashboardViewOf, saveDashboardView } from "~/server/links/library.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/preferences/view → {view}: how the dashboard draws the list (any plan). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json({ view: await dashboardViewOf(user.id) });
  });

/** PUT /api/preferences/view {view} → {view}, remembered for the user's next visit on any device. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const { user } = await requireApiUser(request);
    const { view } = await readJson(request, dashboardViewSchema);
    return Response.json(await saveDashboardView(user.id, view));
  });
