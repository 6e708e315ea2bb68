import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmEmail, toPublicUser } from "~/server/accounts/accounts.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { confirmEmailSchema } from "~/lib/api-schemas";

/** POST /api/auth/confirm-email {userId, token} → {message, user}; 400 for a bad, used or expired link. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const input = await readJson(request, confirmEmailSchema);
    const user = await confirmEmail(input);
    return Response.json({ message: "Your email address is confirmed.", user: await toPublicUser(user) });
  });
