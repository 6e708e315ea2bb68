import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, readQuery } from "~/server/platform/http.server";
import { notificationsPage } from "~/server/notifications/notifications.server";

const querySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(20),
  before: z.iso.datetime({ error: "before must be an ISO date from a previous page's nextCursor" }).optional(),
});

/** GET /api/notifications?limit=&before= → {notifications, unreadCount, nextCursor}, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    const { limit, before } = readQuery(request, querySchema);
    const page = await notificationsPage(user.id, { limit, before: before ? new Date(before) : undefined });
    return Response.json(page, { headers: { "Cache-Control": "no-store" } });
  });
