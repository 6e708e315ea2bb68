import type { Database } from "../platform/db.server";
import type { OutboxMail } from "../platform/db-schema.server";

export async function insertOutboxMail(
  db: Database,
  mail: { to: string; subject: string; text: string; html?: string | null },
): Promise<OutboxMail> {
  return db
    .insertInto("mail_outbox")
    .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listOutboxMail(db: Database, { limit, to }: { limit: number; to?: string }): Promise<OutboxMail[]> {
  let query = db.selectFrom("mail_outbox").selectAll();
  if (to) query = query.where("to_address", "=", to);
  return query.orderBy("created_at", "desc").limit(limit).execute();
}
