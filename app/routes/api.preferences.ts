import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { preferencesSchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { requireFeature } from "~/server/billing/entitlements.server";
import { preferencesFor, savePreferences } from "~/server/enrichment/preferences.server";

/** GET /api/preferences → {summaryLength, language, difficulty} used by every later enrichment. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await preferencesFor(user.id, user.role));
  });

/** PUT /api/preferences (Creator) → the saved preferences. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const { user } = await requireApiUser(request);
    await requireFeature(user.role, "contentPreferences");
    return Response.json(await savePreferences(user.id, await readJson(request, preferencesSchema)));
  });
