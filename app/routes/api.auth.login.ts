import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { emailSchema } from "~/lib/validation";
import { authenticate } from "~/server/accounts/accounts.server";
import { clientIp, startSession } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const bodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
});

/** POST /api/auth/login {email, password} → 200 {token} */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const input = await readJson(request, bodySchema);
    const user = await authenticate({ ...input, ip: clientIp(request) });
    return Response.json({ token: await startSession(user.id, "api", request) });
  });
