import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/server/accounts/accounts.server";
import { clientIp, startSession } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { loginSchema } from "~/lib/api-schemas";

/** POST /api/auth/login {email, password} → 200 {token} */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const input = await readJson(request, loginSchema);
    const user = await authenticate({ ...input, ip: clientIp(request) });
    return Response.json({ token: await startSession(user.id, "api", request) });
  });
