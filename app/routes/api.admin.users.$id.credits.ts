import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/server/accounts/auth.server";
import { adjustUserCredits } from "~/server/admin/users.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { creditAdjustmentSchema } from "~/lib/api-schemas";

/** POST /api/admin/users/{id}/credits {delta, note} → {credits}: an audited ledger adjustment; Admin only. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user: actor } = await requireApiAdmin(request);
    const input = await readJson(request, creditAdjustmentSchema);
    return Response.json(await adjustUserCredits(actor, params.id, input));
  });
