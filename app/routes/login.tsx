import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Sign in to your account · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Sign in to your account" subtitle="Welcome back." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Sign-in arrives with accounts.</p>
      </Section>
    </>
  );
}
