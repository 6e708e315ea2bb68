import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { emailSchema } from "~/lib/validation";
import { getAuth } from "~/server/accounts/auth.server";
import { signUpForPlanNews } from "~/server/billing/notify-signups.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

const bodySchema = z.object({
  email: emailSchema,
  plans: z.array(z.enum(["scout", "creator"], { error: "plans may hold scout and creator" })).min(1, "Choose at least one plan").max(2),
});

/** POST /api/notify-signup {email, plans} → 200; asking again updates the plans. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { email, plans } = await readJson(request, bodySchema);
    const auth = await getAuth(request);
    await signUpForPlanNews({ email, plans, userId: auth?.user.id ?? null });
    return Response.json({ message: "Thanks! We'll notify you when Scout and Creator plans become available." });
  });
