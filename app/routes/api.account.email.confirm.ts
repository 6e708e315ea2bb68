import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmEmailChange } from "~/server/accounts/settings.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { emailChangeConfirmSchema } from "~/lib/api-schemas";

/** POST /api/account/email/confirm {token} → {email}: the mailed link proves the new address (no session needed). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { token } = await readJson(request, emailChangeConfirmSchema);
    return Response.json(await confirmEmailChange(token));
  });
