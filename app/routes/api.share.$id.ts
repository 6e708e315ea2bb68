import type { LoaderFunctionArgs } from "@remix-run/node";
import { clientIp } from "~/server/accounts/auth.server";
import { handleJson } from "~/server/platform/http.server";
import { publicLink, recordShareView } from "~/server/sharing/sharing.server";

/** GET /api/share/{id} → {title, description, url, tags, summary, watermark, highlights} of a public link; anything else 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const link = await publicLink(params.id!);
    await recordShareView(link.id, { ip: clientIp(request), userAgent: request.headers.get("user-agent") });
    return Response.json({ title: link.title, description: link.description, url: link.url, tags: link.tags, summary: link.summary, watermark: link.watermark, highlights: link.highlights.map(({ exact, note }) => ({ text: exact, note })) });
  });
