import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { enrichNotEnriched } from "~/server/imports/imports.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";

/** POST /api/imports/enrich → `{queued}`: links shown "Not enriched" queued as far as the allowance reaches (batch processing). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await enrichNotEnriched(user), { status: 202 });
  });
