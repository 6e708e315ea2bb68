import type { ReactNode } from "react";
import { PageHeader, Section } from "./ui";

/**
 * When the legal pages' text last changed: change it in the same commit as their text
 * (issue 33: billing terms without annual billing, cookies opt-in).
 */
export const LEGAL_UPDATED = "November 28, 2026";

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} subtitle={`Last updated ${LEGAL_UPDATED}`} />
      <Section className="prose-legal max-w-3xl">{children}</Section>
    </>
  );
}
