import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { emailSchema } from "~/lib/validation";
import { RESET_REQUESTED, requestPasswordReset } from "~/server/accounts.server";
import { handleJson, readJson, requireMethod } from "~/server/http.server";
import { log } from "~/server/logger.server";

const bodySchema = z.object({ email: emailSchema });

/** POST /api/auth/request-password-reset {email} → always the same 200, account or not. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { email } = await readJson(request, bodySchema);
    // Not awaited: the answer's timing must not tell whether the account exists.
    requestPasswordReset(email).catch((error: unknown) => log.error("password reset mail failed", { error }));
    return Response.json({ message: RESET_REQUESTED });
  });
