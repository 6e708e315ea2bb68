import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";
import { PRODUCT_NAME } from "~/components/logo";
import { Card, PageHeader, Section } from "~/components/ui";
import { requireUser } from "~/server/accounts/auth.server";
import { env } from "~/server/platform/env.server";
import { readOutbox } from "~/server/mail/outbox.server";

export const meta: MetaFunction = () => [{ title: `Dev outbox · ${PRODUCT_NAME}`, robots: "noindex" }];

/** Mail that went nowhere because SMTP_URL is not set: all of it for admins, your own for you. */
export async function loader({ request }: LoaderFunctionArgs) {
  const config = env();
  // In production a visitor signs in first (and comes back here).
  const viewer = config.NODE_ENV === "production" ? await requireUser(request) : null;
  const outbox = await readOutbox(viewer, config);
  if (!outbox) throw new Response("Not found", { status: 404 });
  return outbox;
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part} className="break-all text-brand-700 underline dark:text-brand-300">
        {part}
      </a>
    ) : (
      <span key={i}>{part}</span>
    ),
  );
}

export default function Outbox() {
  const { to, mails } = useLoaderData<typeof loader>();
  const subtitle = to
    ? `Mail the app would have sent you (${to}). Configure SMTP_URL to send real mail.`
    : "Mail the app would have sent. Configure SMTP_URL to send real mail.";
  return (
    <>
      <PageHeader title="Dev outbox" subtitle={subtitle} />
      <Section className="max-w-3xl space-y-4">
        {mails.length === 0 ? <p className="text-center text-slate-600 dark:text-slate-400">No mail yet.</p> : null}
        {mails.map((mail) => (
          <Card key={mail.id} data-testid="outbox-mail">
            <p className="text-xs text-slate-600 wrap-anywhere dark:text-slate-400">
              <LocalTime when={mail.createdAt} /> · to <strong>{mail.to}</strong>
            </p>
            <h2 className="mt-1 text-lg font-semibold wrap-anywhere">{mail.subject}</h2>
            <p className="mt-3 whitespace-pre-wrap text-sm">{linkify(mail.text)}</p>
          </Card>
        ))}
      </Section>
    </>
  );
}
