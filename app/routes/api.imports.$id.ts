import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { getUserImport } from "~/server/imports/imports.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/imports/{id} → one import's progress: parsed, saved, duplicates, enriched, failed. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await getUserImport(user.id, params.id!), { headers: { "Cache-Control": "no-store" } });
  });
