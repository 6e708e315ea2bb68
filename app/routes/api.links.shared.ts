import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { handleJson } from "~/server/platform/http.server";
import { listSharedLinks } from "~/server/repos/sharing.server";

/** GET /api/links/shared → the user's public links with their share URL and view count. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const rows = await listSharedLinks(db(), user.id);
    return Response.json(
      rows.map((row) => ({ id: row.id, title: row.title, url: row.url, sharedAt: row.shared_at?.toISOString() ?? null, views: row.views, shareUrl: `${env().APP_URL}/share/${row.id}` })),
      { headers: { "Cache-Control": "no-store" } },
    );
  });
