import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { savedSearchInputSchema } from "~/lib/api-schemas";
import { requireApiUser } from "~/server/accounts/auth.server";
import { saveSearch, savedSearchesOf } from "~/server/links/library.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/saved-searches → the user's saved searches, by name. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await savedSearchesOf(user.id), { headers: { "Cache-Control": "no-store" } });
  });

/** POST /api/saved-searches {name, query} → 201 the saved search (the same name again replaces it). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await saveSearch(user.id, await readJson(request, savedSearchInputSchema)), { status: 201 });
  });
