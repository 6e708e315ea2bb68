import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { handleJson, requireMethod } from "~/server/platform/http.server";
import { readNotification } from "~/server/notifications/notifications.server";

/** POST /api/notifications/{id}/read → the notification, now read; another user's id is a 404. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireApiUser(request);
    return Response.json(await readNotification(user.id, params.id!));
  });
