import { CONTACT_SUBJECTS } from "~/lib/contact";
import { db } from "../platform/db.server";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { sendMail } from "../mail/mailer.server";
import { rateLimit } from "../platform/rate-limit.server";
import { insertContactMessage } from "../repos/contact-messages.server";

/**
 * Stores a contact message, then mails it to SUPPORT_EMAIL (a mail failure loses nothing).
 * Limited per address, as each message is a mail to the support inbox.
 */
export async function submitContactMessage(input: {
  name: string;
  email: string;
  subject: keyof typeof CONTACT_SUBJECTS;
  message: string;
  userId: string | null;
  ip: string;
}): Promise<{ id: string }> {
  await rateLimit("contact", input.ip);
  const row = await insertContactMessage(db(), input);
  await sendMail({
    to: env().SUPPORT_EMAIL,
    subject: `[Contact] ${CONTACT_SUBJECTS[input.subject]} from ${input.name}`,
    text: `From: ${input.name} <${input.email}>\nSubject: ${CONTACT_SUBJECTS[input.subject]}\nMessage id: ${row.id}\n\n${input.message}\n`,
  }).catch((error: unknown) => log.error("contact mail failed; the message is stored", { id: row.id, error }));
  return row;
}
