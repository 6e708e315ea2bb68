import type { AdvancedSummary, Course, Difficulty, Quiz, Rephrase } from "./enrichment";
import type { FeatureKey } from "./entitlements";

export type ArtifactKind = "advanced" | "quiz" | "rephrase" | "course";

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
