import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Get Started · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Get Started" subtitle="From first link to first summary in four steps." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Create a free account, save a link, watch it get enriched, then share or export it.</p>
      </Section>
    </>
  );
}
