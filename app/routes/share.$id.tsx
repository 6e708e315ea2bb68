import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/components/logo";
import { ButtonLink, PageHeader, Section } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: `Shared link · ${PRODUCT_NAME}` }];

export default function SharedLink() {
  return (
    <>
      <PageHeader title="This link is not available." />
      <Section className="text-center">
        <p className="text-slate-600 dark:text-slate-300">Save and share your own links with {PRODUCT_NAME}.</p>
        <ButtonLink to="/register" className="mt-6">
          Try it free
        </ButtonLink>
      </Section>
    </>
  );
}
