import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Contact Us · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Contact Us" subtitle="We answer within 24-48 hours." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Send us a message about your account, billing, a bug or an idea.</p>
      </Section>
    </>
  );
}
