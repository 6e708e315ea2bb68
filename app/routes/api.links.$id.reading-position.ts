import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readingPositionSchema } from "~/lib/reader";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { readingPositionOf, saveReadingPosition } from "~/server/reader/reader.server";

/** GET /api/links/{id}/reading-position → {progress}: how far the owner has read the link in the reader (0..1). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await readingPositionOf(user.id, params.id!));
  });

/** PUT /api/links/{id}/reading-position {progress} → {progress}: the reader saves it as the owner scrolls. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const { user } = await requireApiUser(request);
    const { progress } = await readJson(request, readingPositionSchema);
    return Response.json(await saveReadingPosition(user.id, params.id!, progress));
  });
