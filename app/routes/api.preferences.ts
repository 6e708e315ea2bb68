import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { DIFFICULTY_LEVELS } from "~/lib/enrichment";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { requireFeature } from "~/server/billing/entitlements.server";
import { preferencesFor, savePreferences } from "~/server/enrichment/preferences.server";

const bodySchema = z.object({
  summaryLength: z.enum(["short", "medium", "long"], { error: "summaryLength must be short, medium or long" }),
  language: z
    .string()
    .regex(/^[a-z]{2}$/, "language must be a two-letter code such as en or fr, or null for the page's language")
    .nullable(),
  difficulty: z.enum(DIFFICULTY_LEVELS, { error: "difficulty must be beginner, intermediate or expert" }),
});

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
    return Response.json(await savePreferences(user.id, await readJson(request, bodySchema)));
  });
