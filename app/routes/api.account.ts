import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteAccountSchema } from "~/lib/account";
import { destroyWebSessionCookie, requireApiUser } from "~/server/accounts/auth.server";
import { deleteOwnAccount } from "~/server/accounts/settings.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** DELETE /api/account {password, confirm: "DELETE"} → the account and its data are gone (receipts kept); 409 while a subscription renews. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "DELETE");
    const auth = await requireApiUser(request);
    const input = await readJson(request, deleteAccountSchema);
    await deleteOwnAccount(auth.user.id, input);
    const headers = auth.via === "cookie" ? { "Set-Cookie": await destroyWebSessionCookie(request) } : undefined;
    return Response.json({ message: "Your account was deleted." }, { headers });
  });
