import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Features · ${PRODUCT_NAME}` }];

export default function Page() {
  return (
    <>
      <PageHeader title="Features" subtitle="Everything a saved link can become." />
      <Section>
        <p className="mx-auto max-w-2xl text-center text-slate-600 dark:text-slate-300">Save links, enrich them with summaries, tags and code snippets, learn with quizzes, rephrasing and mini-courses, and share or export the results.</p>
      </Section>
    </>
  );
}
