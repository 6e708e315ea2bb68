import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { NewNotification, Notification } from "../platform/db-schema.server";

export async function insertNotification(db: Database, notification: NewNotification): Promise<Notification> {
  return db.insertInto("notifications").values(notification).returningAll().executeTakeFirstOrThrow();
}

/** Newest first; `before` is the created_at of the last item of the previous page. */
export async function listNotifications(
  db: Database,
  { userId, limit, before }: { userId: string; limit: number; before?: Date },
): Promise<Notification[]> {
  let query = db.selectFrom("notifications").selectAll().where("user_id", "=", userId);
  if (before) query = query.where("created_at", "<", before);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Marks one of the user's notifications read; undefined when it is not theirs or does not exist. */
export async function markNotificationRead(
  db: Database,
  { id, userId }: { id: string; userId: string },
): Promise<Notification | undefined> {
  return db
    .updateTable("notifications")
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

export async function markAllNotificationsRead(db: Database, userId: string): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: new Date() })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
