import { isUuid } from "~/lib/ids";
import type { PublicNotification } from "~/lib/user";
import { db, type Database } from "../platform/db.server";
import type { Notification } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import {
  countUnreadNotifications,
  insertNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../repos/notifications.server";

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

/** A page of the user's notifications, newest first; `nextCursor` is null on the last page. */
export async function notificationsPage(
  userId: string,
  { limit, before }: { limit: number; before?: Date },
): Promise<{ notifications: PublicNotification[]; unreadCount: number; nextCursor: string | null }> {
  // One more than asked tells whether another page follows.
  const rows = await listNotifications(db(), { userId, limit: limit + 1, before });
  const page = rows.slice(0, limit);
  return {
    notifications: page.map(toPublicNotification),
    unreadCount: await countUnreadNotifications(db(), userId),
    nextCursor: rows.length > limit ? page.at(-1)!.created_at.toISOString() : null,
  };
}

/** Marks one of the user's notifications read; another user's id is a 404. */
export async function readNotification(userId: string, id: string): Promise<PublicNotification> {
  const notification = isUuid(id) ? await markNotificationRead(db(), { id, userId }) : undefined;
  if (!notification) throw new HttpError(404, "Notification not found");
  return toPublicNotification(notification);
}

/** Marks every unread notification of the user read; returns how many there were. */
export async function readAllNotifications(userId: string): Promise<number> {
  return markAllNotificationsRead(db(), userId);
}
