import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Confirm your email · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Confirm your email" subtitle="We are checking your confirmation link." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Open the link from the confirmation email to confirm your address.</p>
      </Section>
    </>
  );
}
