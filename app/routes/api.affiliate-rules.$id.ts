import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { removeAffiliateRule } from "~/server/sharing/affiliate.server";

/** DELETE /api/affiliate-rules/{id} → 200; 404 when it is not yours. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "DELETE");
    const { user } = await requireApiUser(request);
    await removeAffiliateRule(user.id, params.id!);
    return Response.json({ message: "Rule removed." });
  });
