import type { ActionFunctionArgs } from "@remix-run/node";
import { revokeUserApiToken } from "~/server/accounts/api-tokens.server";
import { requireRecentSignIn } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** DELETE /api/tokens/{id} → 200; the token stops working at once. 404 when it is not yours. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "DELETE");
    const { user } = await requireRecentSignIn(request);
    await revokeUserApiToken(user.id, params.id!);
    return Response.json({ message: "Token revoked." });
  });
