import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Privacy Policy · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Privacy Policy" subtitle="Last updated January 15, 2024" />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">How we collect, use and protect your information.</p>
      </Section>
    </>
  );
}
