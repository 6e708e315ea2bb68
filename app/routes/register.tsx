import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Create your account · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Create your account" subtitle="Start with the Free plan: basic URL gathering." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Registration arrives with accounts.</p>
      </Section>
    </>
  );
}
