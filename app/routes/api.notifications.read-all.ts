import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { readAllNotifications } from "~/server/notifications/notifications.server";

/** POST /api/notifications/read-all → {updated, unreadCount: 0} */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const updated = await readAllNotifications(user.id);
    return Response.json({ updated, unreadCount: 0 });
  });
