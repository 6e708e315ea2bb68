import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Alert, TextField } from "~/components/form";
import { PRODUCT_NAME } from "~/components/logo";
import { Button, Card, PageHeader, Section } from "~/components/ui";
import { CONTACT_SUBJECTS, contactSchema } from "~/lib/contact";
import { staticPageMeta } from "~/lib/meta";
import { clientIp, getAuth } from "~/server/accounts/auth.server";
import { submitContactMessage } from "~/server/support/contact.server";
import { HttpError, retryAfterHeaders } from "~/server/platform/http.server";

export const meta = staticPageMeta(`Contact · ${PRODUCT_NAME}`, "Write to the Linkwise team; we answer within 24-48 hours.");
export const headers = retryAfterHeaders;

export async function action({ request }: ActionFunctionArgs) {
  const parsed = contactSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ sent: false, error: parsed.error.issues[0]!.message }, 400);
  const auth = await getAuth(request);
  try {
    await submitContactMessage({ ...parsed.data, userId: auth?.user.id ?? null, ip: clientIp(request) });
  } catch (error) {
    if (error instanceof HttpError) return data({ sent: false, error: error.message }, { status: error.status, headers: error.headers });
    throw error;
  }
  return { sent: true, error: null };
}

export default function Contact() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <>
      <PageHeader title="Contact Us" subtitle="We answer within 24-48 hours." />
      <Section className="max-w-2xl">
        <Card>
          {result?.sent ? (
            <Alert tone="success">Message sent! Thank you — we will reply within 24-48 hours.</Alert>
          ) : (
            <Form method="post" className="space-y-4">
              {result?.error ? <Alert tone="error">{result.error}</Alert> : null}
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Name" name="name" required autoComplete="name" />
                <TextField label="Email" name="email" type="email" required autoComplete="email" />
              </div>
              <div>
                <label htmlFor="contact-subject" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
                  Subject
                </label>
                <select id="contact-subject" name="subject" required defaultValue="" className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
                  <option value="" disabled>
                    Choose a subject
                  </option>
                  {Object.entries(CONTACT_SUBJECTS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="contact-message" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
                  Message
                </label>
                <textarea id="contact-message" name="message" required rows={6} className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900" />
              </div>
              <Button type="submit" busy={sending}>
                {sending ? "Sending..." : "Send Message"}
              </Button>
            </Form>
          )}
        </Card>
      </Section>
    </>
  );
}
