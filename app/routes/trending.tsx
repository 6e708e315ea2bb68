import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `All Trending Resources · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="All Trending Resources" subtitle="The links the community shares most, by category and time range." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Trending resources will be listed here as people share links publicly.</p>
      </Section>
    </>
  );
}
