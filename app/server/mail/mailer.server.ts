import type { Transporter } from "nodemailer";
import { db } from "../platform/db.server";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { singleton } from "../platform/singleton.server";
import { insertOutboxMail } from "../repos/mail-outbox.server";
import { OUTBOX_PATH } from "./outbox.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where mail goes: an SMTP server when SMTP_URL is set, else the dev outbox in Postgres. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is loaded with the first mail: a process that sends none (most tests) never loads it.
  let transport: Promise<Transporter> | undefined;
  const smtp = () => (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl, { from })));
  return {
    kind: "smtp",
    async send(mail) {
      const info = await (await smtp()).sendMail(mail);
      log.info("mail sent", { to: mail.to, subject: mail.subject, messageId: info.messageId });
    },
  };
}

export function createOutboxMailer(): Mailer {
  return {
    kind: "outbox",
    async send(mail) {
      const stored = await insertOutboxMail(db(), mail);
      // Printed too, so a person running `npm start` can follow links straight from the log.
      log.info(`mail to outbox (read it at ${OUTBOX_PATH})\n--- To: ${mail.to}\n--- Subject: ${mail.subject}\n${mail.text}\n---`, {
        id: stored.id,
      });
    },
  };
}

export function mailer(): Mailer {
  return singleton("mailer", () => {
    const config = env();
    return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer();
  });
}

export function sendMail(mail: Mail): Promise<void> {
  return mailer().send(mail);
}
