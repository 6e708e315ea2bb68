import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Terms of Service · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Terms of Service" subtitle="Last updated January 15, 2024" />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">The rules for using the service.</p>
      </Section>
    </>
  );
}
