import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { confirmEmail, toPublicUser } from "~/server/accounts/accounts.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const INVALID = "Invalid confirmation link. Please check your email and try again.";
const bodySchema = z.object({
  userId: z.string({ error: INVALID }).uuid(INVALID),
  token: z.string({ error: INVALID }).min(1, INVALID).max(200, INVALID),
});

/** POST /api/auth/confirm-email {userId, token} → {message, user}; 400 for a bad, used or expired link. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const input = await readJson(request, bodySchema);
    const user = await confirmEmail(input);
    return Response.json({ message: "Your email address is confirmed.", user: await toPublicUser(user) });
  });
