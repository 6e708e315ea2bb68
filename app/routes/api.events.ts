import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/server/accounts/auth.server";
import { userEventStream } from "~/server/notifications/events.server";
import { handleJson } from "~/server/platform/http.server";

/** GET /api/events → server-sent events for the signed-in user (link status changes). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return userEventStream(user.id, context.connectionClosed);
  });
