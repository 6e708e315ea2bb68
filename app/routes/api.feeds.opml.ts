import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { exportOpml, importOpml } from "~/server/feeds/feeds.server";
import { HttpError, handleJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/feeds/opml → the user's feeds as an OPML 2.0 file (a download). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return new Response(await exportOpml(user.id), {
      headers: { "Content-Type": "text/x-opml; charset=utf-8", "Content-Disposition": 'attachment; filename="linkwise-feeds.opml"', "Cache-Control": "no-store" },
    });
  });

/** POST /api/feeds/opml with the OPML file as the raw body (up to 1 MB) → {added, existing, skipped}. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    if (!request.body) throw new HttpError(400, "Send the OPML file as the request body.");
    return Response.json(await importOpml(user.id, request.body as unknown as AsyncIterable<Uint8Array>));
  });
