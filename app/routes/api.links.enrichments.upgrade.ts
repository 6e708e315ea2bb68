import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { upgradeEnrichmentSchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { earlierLinks, enrichEarlierLinks } from "~/server/links/earlier-links.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/links/enrichments/upgrade → {plan, features, behind, waiting}: the user's links enriched under a lesser plan. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await earlierLinks(user));
  });

/** POST /api/links/enrichments/upgrade {dryRun?} → 202 {queued, behind, waiting, …}: enriches them again with the plan now, not counted. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const { dryRun } = await readJson(request, upgradeEnrichmentSchema);
    return Response.json(await enrichEarlierLinks(user, { dryRun }), { status: dryRun ? 200 : 202 });
  });
