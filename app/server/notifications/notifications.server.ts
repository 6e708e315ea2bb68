import type { PublicNotification } from "~/lib/user";
import type { Database } from "../platform/db.server";
import type { Notification } from "../platform/db-schema.server";
import { insertNotification } from "../repos/notifications.server";

/** Every feature that tells a user something goes through here. */
export async function createNotification(
  db: Database,
  input: { userId: string; type: string; title: string; body?: string; link?: string | null },
): Promise<Notification> {
  return insertNotification(db, {
    user_id: input.userId,
    type: input.type,
    title: input.title,
    body: input.body ?? "",
    link: input.link ?? null,
  });
}

export function toPublicNotification(notification: Notification): PublicNotification {
  return {
    id: notification.id,
    type: notification.type,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    read: notification.read_at !== null,
    createdAt: notification.created_at.toISOString(),
  };
}
