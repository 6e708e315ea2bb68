import { db } from "../platform/db.server";
import { env, type Env } from "../platform/env.server";
import type { User } from "../platform/db-schema.server";
import { listOutboxMail } from "../repos/mail-outbox.server";

/** The page that shows the dev outbox (app/routes/dev.outbox.tsx). */
export const OUTBOX_PATH = "/dev/outbox";

/**
 * Where a person reads the mail the app sends: the dev outbox's page while no SMTP server is
 * configured, null when mail really goes out (it is in their inbox). Pages that say a mail was
 * sent name it, so a newcomer on a local install is told where the confirmation link went.
 */
export function outboxPathFor(config: Pick<Env, "SMTP_URL"> = env()): string | null {
  return config.SMTP_URL ? null : OUTBOX_PATH;
}

/**
 * Whose mail the dev outbox shows: `{ to: undefined }` everyone's, `{ to }` one address's,
 * null nothing. It holds other people's links, so in production an Admin reads it all and a
 * signed-in user only their own, and only while there is no SMTP server (else their mail
 * went out for real). Outside production it is a developer's tool, open to anyone.
 * In production the route sends visitors to sign in before asking.
 */
export function outboxScope(
  viewer: Pick<User, "email" | "role"> | null,
  config: Pick<Env, "NODE_ENV" | "SMTP_URL">,
): { to: string | undefined } | null {
  if (config.NODE_ENV !== "production" || viewer?.role === "Admin") return { to: undefined };
  if (!viewer || config.SMTP_URL) return null;
  return { to: viewer.email };
}

/** The newest outbox mail `viewer` may read (see outboxScope); null when they may read none. */
export async function readOutbox(viewer: Pick<User, "email" | "role"> | null, config: Pick<Env, "NODE_ENV" | "SMTP_URL"> = env()) {
  const scope = outboxScope(viewer, config);
  if (!scope) return null;
  const mails = await listOutboxMail(db(), { limit: 100, to: scope.to });
  return {
    to: scope.to ?? null,
    mails: mails.map((m) => ({ id: m.id, to: m.to_address, subject: m.subject, text: m.text_body, createdAt: m.created_at.toISOString() })),
  };
}
