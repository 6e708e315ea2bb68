import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/server/accounts/auth.server";
import { db } from "~/server/platform/db.server";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { toPublicNotification } from "~/server/notifications/notifications.server";
import { countUnreadNotifications, listNotifications } from "~/server/repos/notifications.server";

const querySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(20),
  before: z.iso.datetime({ error: "before must be an ISO date from a previous page's nextCursor" }).optional(),
});

/** GET /api/notifications?limit=&before= → {notifications, unreadCount, nextCursor}, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before } = readQuery(request, querySchema);
    const rows = await listNotifications(db(), { userId: user.id, limit: limit + 1, before: before ? new Date(before) : undefined });
    const page = rows.slice(0, limit);
    return Response.json(
      {
        notifications: page.map(toPublicNotification),
        unreadCount: await countUnreadNotifications(db(), user.id),
        nextCursor: rows.length > limit ? page.at(-1)!.created_at.toISOString() : null,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
