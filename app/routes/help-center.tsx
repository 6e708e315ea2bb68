import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Help Center · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Help Center" subtitle="Answers to the questions people ask most." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Search the frequently asked questions by topic: account, links, enrichment, billing and sharing.</p>
      </Section>
    </>
  );
}
