import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { salesSetting, setSalesState } from "~/server/billing/sales.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { salesUpdateSchema } from "~/lib/api-schemas";

/** GET /api/admin/settings/sales → {state, source}; Admin only. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    return Response.json(await salesSetting(), { headers: { "Cache-Control": "no-store" } });
  });

/** PUT /api/admin/settings/sales {state} → {state, source: "admin"}; audited. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const { user } = await requireApiAdmin(request);
    const { state } = await readJson(request, salesUpdateSchema);
    return Response.json(await setSalesState(user, state));
  });
