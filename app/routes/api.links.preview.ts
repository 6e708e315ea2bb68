import type { LoaderFunctionArgs } from "@remix-run/node";
import { INVALID_URL_MESSAGE, isValidLinkUrl } from "~/lib/links";
import { requireApiUser } from "~/server/accounts/auth.server";
import { HttpError, handleJson } from "~/server/platform/http.server";
import { previewLink } from "~/server/links/preview.server";
import { rateLimit } from "~/server/platform/rate-limit.server";

/** GET /api/links/preview?url= → {url, title, description, favicon} for the add form. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    await rateLimit("preview", user.id);
    const url = new URL(request.url).searchParams.get("url") ?? "";
    if (!isValidLinkUrl(url)) throw new HttpError(400, INVALID_URL_MESSAGE);
    return Response.json(await previewLink(url.trim()), { headers: { "Cache-Control": "private, max-age=60" } });
  });
