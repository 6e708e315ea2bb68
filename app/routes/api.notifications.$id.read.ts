import type { ActionFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/lib/ids";
import { requireApiUser } from "~/server/accounts/auth.server";
import { db } from "~/server/platform/db.server";
import { HttpError, handleJson, requireMethod } from "~/server/platform/http.server";
import { toPublicNotification } from "~/server/notifications/notifications.server";
import { markNotificationRead } from "~/server/repos/notifications.server";

/** POST /api/notifications/{id}/read → the notification, now read; another user's id is a 404. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    const notification = isUuid(params.id) ? await markNotificationRead(db(), { id: params.id, userId: user.id }) : undefined;
    if (!notification) throw new HttpError(404, "Notification not found");
    return Response.json(toPublicNotification(notification));
  });
