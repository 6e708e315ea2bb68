import type { ActionFunctionArgs } from "@remix-run/node";
import { registerUser, toPublicUser } from "~/server/accounts/accounts.server";
import { clientIp, startSession } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { registerSchema } from "~/lib/api-schemas";

/** POST /api/auth/register {email, password, role} → 201 {token, user} */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const input = await readJson(request, registerSchema);
    const user = await registerUser({ ...input, ip: clientIp(request) });
    const token = await startSession(user.id, "api", request);
    return Response.json({ token, user: await toPublicUser(user) }, { status: 201 });
  });
