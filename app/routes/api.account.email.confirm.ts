import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { confirmEmailChange } from "~/server/accounts/settings.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const bodySchema = z.object({ token: z.string({ error: "The link has no token." }).min(1, "The link has no token.").max(200) });

/** POST /api/account/email/confirm {token} → {email}: the mailed link proves the new address (no session needed). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { token } = await readJson(request, bodySchema);
    return Response.json(await confirmEmailChange(token));
  });
