import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { flagTableUpdateSchema } from "~/lib/feature-flags";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { featureFlagsForAdmin, saveFeatureFlags } from "~/server/admin/feature-flags.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/admin/feature-flags (Admin) → the Scout and Creator table, defaults, who and when per cell. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    await requireApiAdmin(request);
    return Response.json(await featureFlagsForAdmin(), { headers: { "Cache-Control": "no-store" } });
  });

/** PUT /api/admin/feature-flags {flags: {<key>: {LiteUser?, ProUser?}}} (Admin) → the new table. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const { user } = await requireApiAdmin(request);
    const { flags } = await readJson(request, flagTableUpdateSchema);
    return Response.json(await saveFeatureFlags({ id: user.id, email: user.email }, flags), { headers: { "Cache-Control": "no-store" } });
  });
