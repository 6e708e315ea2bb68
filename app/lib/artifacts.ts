import type { AdvancedSummary, Course, Difficulty, Quiz, Rephrase } from "./enrichment";
import type { FeatureKey } from "./entitlements";
import type { LinkDetail } from "./links";
import type { ArtifactKind } from "./vocabulary";

export type { ArtifactKind };

/** The feature each on-demand result needs (who has it is the entitlement table's answer) and its label. */
export const ARTIFACT_ACCESS: Record<ArtifactKind, { feature: FeatureKey; label: string }> = {
  advanced: { feature: "advancedSummary", label: "Advanced summary" },
  quiz: { feature: "quizGenerator", label: "Quiz" },
  rephrase: { feature: "summaryRephrasing", label: "Rephrase" },
  course: { feature: "miniCourse", label: "Mini-course" },
};

export interface PublicArtifact<T = AdvancedSummary | Quiz | Rephrase | Course> {
  id: string;
  kind: ArtifactKind;
  variant: Difficulty | "";
  status: "pending" | "ready" | "error";
  error: string | null;
  result: T | null;
  engine: string | null;
  updatedAt: string;
}

/** An artifact without its result: what a page of Enrichments cards is told (the result comes when opened). */
export type ArtifactSummary = Omit<PublicArtifact, "result">;

/** One card of the Enrichments tab: the link's enrichment and which results exist for it. */
export interface EnrichmentItem {
  link: LinkDetail;
  artifacts: ArtifactSummary[];
}
