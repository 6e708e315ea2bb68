import { setTimeout as sleep } from "node:timers/promises";
import { db } from "~/server/platform/db.server";
import { listOutboxMail } from "~/server/repos/mail-outbox.server";

/** Waits for the newest dev-outbox mail to `to` whose subject matches, and returns its first link. */
export async function waitForMail(to: string, subject: RegExp, { after = new Date(0), timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [mail] = (await listOutboxMail(db(), { limit: 20, to })).filter((m) => subject.test(m.subject) && m.created_at > after);
    if (mail) {
      const link = /https?:\/\/\S+/.exec(mail.text_body)?.[0];
      return { mail, link: link ? new URL(link) : null };
    }
    await sleep(50);
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

export async function countMail(to: string): Promise<number> {
  return (await listOutboxMail(db(), { limit: 100, to })).length;
}
