import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { confirmationMail } from "~/server/mail/mail-templates.server";
import { createOutboxMailer, createSmtpMailer } from "~/server/mail/mailer.server";
import { listOutboxMail } from "~/server/repos/mail-outbox.server";

// A real SMTP server on loopback: the production adapter (nodemailer) runs unchanged.
const received: Array<{ from: string; to: string[]; data: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let data = "";
    stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        data,
      });
      callback();
    });
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe("the mailer", () => {
  it("sends through SMTP when SMTP_URL is set", async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, "Linkwise <no-reply@linkwise.test>");
    await mailer.send(confirmationMail("reader@example.com", "https://app.example/confirm-email?userId=u&token=t"));
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("no-reply@linkwise.test");
    expect(received[0]!.to).toEqual(["reader@example.com"]);
    expect(received[0]!.data).toMatch(/Subject: Confirm your email for Linkwise/);
    expect(received[0]!.data).toContain("https://app.example/confirm-email?userId=u&token=t");
  });

  it("fails loudly when the SMTP server is unreachable, so callers can report it", async () => {
    const mailer = createSmtpMailer("smtp://127.0.0.1:1", "x@linkwise.test");
    await expect(mailer.send(confirmationMail("a@example.com", "https://x"))).rejects.toThrow();
  });

  it("keeps mail in the dev outbox when no SMTP server is configured", async () => {
    await createOutboxMailer().send(confirmationMail("outbox@example.com", "https://app.example/confirm"));
    const [mail] = await listOutboxMail(db(), { limit: 1, to: "outbox@example.com" });
    expect(mail?.subject).toBe("Confirm your email for Linkwise");
    expect(mail?.text_body).toContain("https://app.example/confirm");
    expect(mail?.html_body).toContain('href="https://app.example/confirm"');
  });
});
