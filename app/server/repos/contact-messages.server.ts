import type { Database } from "../platform/db.server";

export async function insertContactMessage(
  db: Database,
  message: { name: string; email: string; subject: string; message: string; userId: string | null },
): Promise<{ id: string }> {
  return db
    .insertInto("contact_messages")
    .values({ name: message.name, email: message.email, subject: message.subject, message: message.message, user_id: message.userId })
    .returning("id")
    .executeTakeFirstOrThrow();
}
