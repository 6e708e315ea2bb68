import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Documentation · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Documentation" subtitle="Coming soon." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">The REST API, webhooks and a plugin SDK are on the way.</p>
      </Section>
    </>
  );
}
