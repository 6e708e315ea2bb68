import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Reset your password · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Reset your password" subtitle="Choose a new password for your account." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Open the link from the reset email to set a new password.</p>
      </Section>
    </>
  );
}
