import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { requestEmailChange } from "~/server/accounts/settings.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { emailChangeSchema } from "~/lib/api-schemas";

/** POST /api/account/email {newEmail, password} → 202: a link goes to the new address; the email changes when it is followed. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const input = await readJson(request, emailChangeSchema);
    await requestEmailChange(user.id, input);
    return Response.json({ message: `We sent a link to ${input.newEmail}. Your email changes when you follow it.` }, { status: 202 });
  });
