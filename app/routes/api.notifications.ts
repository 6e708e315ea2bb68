import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { notificationsPage } from "~/server/notifications/notifications.server";
import { notificationListQuerySchema } from "~/lib/api-schemas";

/** GET /api/notifications?limit=&before= → {notifications, unreadCount, nextCursor}, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before } = readQuery(request, notificationListQuerySchema);
    const page = await notificationsPage(user.id, { limit, before: before ? new Date(before) : undefined });
    return Response.json(page, { headers: { "Cache-Control": "no-store" } });
  });
