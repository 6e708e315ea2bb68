import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Pricing · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Pricing" subtitle="Start free. Upgrade when you need more enrichments." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Free, Scout and Creator plans, plus enrichment packs whose credits never expire.</p>
      </Section>
    </>
  );
}
