import { sendMail } from "../mail/mailer.server";
import type { Mail } from "../mail/mailer.server";
import { log } from "../platform/logger.server";

/**
 * Mails decided inside a billing transaction, sent once it has committed: a rolled-back
 * fulfilment must not have mailed anyone, and a slow mail server must not hold row locks.
 */
export class AfterCommit {
  private readonly mails: Mail[] = [];

  mail(mail: Mail): void {
    this.mails.push(mail);
  }

  async run(): Promise<void> {
    for (const mail of this.mails.splice(0)) {
      await sendMail(mail).catch((error: unknown) => log.warn("billing mail failed", { to: mail.to, subject: mail.subject, error }));
    }
  }
}
