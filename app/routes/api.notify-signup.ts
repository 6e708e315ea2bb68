import type { ActionFunctionArgs } from "@remix-run/node";
import { getAuth } from "~/server/accounts/auth.server";
import { signUpForPlanNews } from "~/server/billing/notify-signups.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { notifySignupSchema } from "~/lib/api-schemas";

/** POST /api/notify-signup {email, plans} → 200; asking again updates the plans. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { email, plans } = await readJson(request, notifySignupSchema);
    const auth = await getAuth(request);
    await signUpForPlanNews({ email, plans, userId: auth?.user.id ?? null });
    return Response.json({ message: "Thanks! We'll notify you when Scout and Creator plans become available." });
  });
