import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { requireApiUser } from "~/server/accounts/auth.server";
import { listUserImports, startImport } from "~/server/imports/imports.server";
import { HttpError, handleJson, readQuery, requireMethod } from "~/server/platform/http.server";

const uploadQuery = z.object({ name: z.string().max(200, "name must be at most 200 characters").optional() });

/** GET /api/imports → the user's latest imports with their progress. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await listUserImports(user.id), { headers: { "Cache-Control": "no-store" } });
  });

/**
 * POST /api/imports?name= with the file as the raw body (up to 50 MB) → 202 with the import, read
 * (on a thread of its own) and staged, its saving queued; 422 `{message}` saying where a broken
 * file broke; 400 `{message}` saying which limit a file is over (docs/imports-search-api.md).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const { name } = readQuery(request, uploadQuery);
    if (!request.body) throw new HttpError(400, "Send the bookmark file as the request body.");
    const started = await startImport(user.id, request.body as unknown as AsyncIterable<Uint8Array>, name ?? null);
    return Response.json(started, { status: 202 });
  });
