import type { ReactNode } from "react";
import { PageHeader, Section } from "./ui";

export const LEGAL_UPDATED = "January 15, 2024";

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} subtitle={`Last updated ${LEGAL_UPDATED}`} />
      <Section className="prose-legal max-w-3xl">{children}</Section>
    </>
  );
}
