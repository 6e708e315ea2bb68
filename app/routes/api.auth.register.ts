import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { emailSchema, newPasswordSchema } from "~/lib/validation";
import { registerUser, toPublicUser } from "~/server/accounts/accounts.server";
import { clientIp, startSession } from "~/server/accounts/auth.server";
import { ROLES } from "~/server/platform/db-schema.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const bodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` }).optional(),
});

/** POST /api/auth/register {email, password, role} → 201 {token, user} */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const input = await readJson(request, bodySchema);
    const user = await registerUser({ ...input, ip: clientIp(request) });
    const token = await startSession(user.id, "api", request);
    return Response.json({ token, user: await toPublicUser(user) }, { status: 201 });
  });
