import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Cookie Policy · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Cookie Policy" subtitle="Last updated January 15, 2024" />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Which cookies we use and how to manage them.</p>
      </Section>
    </>
  );
}
