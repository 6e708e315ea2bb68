import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { affiliateRuleInputSchema } from "~/lib/affiliate";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { listUserAffiliateRules, saveAffiliateRule } from "~/server/sharing/affiliate.server";

/** GET /api/affiliate-rules → {rules}. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json({ rules: await listUserAffiliateRules(user.id) }, { headers: { "Cache-Control": "no-store" } });
  });

/** POST /api/affiliate-rules {domain, param, value} → 201 the rule (the same domain and parameter again replaces its value). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await saveAffiliateRule(user, await readJson(request, affiliateRuleInputSchema)), { status: 201 });
  });
