import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readerSettingsSchema } from "~/lib/reader";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";
import { readerSettingsOf, saveReaderSettings } from "~/server/reader/reader.server";

/** GET /api/preferences/reader → {fontSize, width}: the reader view's settings (any plan). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json(await readerSettingsOf(user.id));
  });

/** PUT /api/preferences/reader {fontSize, width} → {fontSize, width}, remembered on every device. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "PUT");
    const { user } = await requireApiUser(request);
    return Response.json(await saveReaderSettings(user.id, await readJson(request, readerSettingsSchema)));
  });
