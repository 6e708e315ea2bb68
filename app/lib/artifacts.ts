import type { AdvancedSummary, Course, Difficulty, Quiz, Rephrase } from "./enrichment";
import type { FeatureKey } from "./features";
import type { Role } from "./user";

export type ArtifactKind = "advanced" | "quiz" | "rephrase" | "course";

/** Who may ask for each on-demand result (spec section 9) and where the lock leads. */
export const ARTIFACT_ACCESS: Record<ArtifactKind, { roles: Role[]; feature: FeatureKey | "advancedSummary" | "miniCourse"; label: string }> = {
  advanced: { roles: ["LiteUser", "ProUser", "Admin"], feature: "advancedSummary", label: "Advanced summary" },
  quiz: { roles: ["ProUser", "Admin"], feature: "quizGenerator", label: "Quiz" },
  rephrase: { roles: ["ProUser", "Admin"], feature: "summaryRephrasing", label: "Rephrase" },
  course: { roles: ["ProUser", "Admin"], feature: "miniCourse", label: "Mini-course" },
};

export function canUseArtifact(role: Role, kind: ArtifactKind): boolean {
  return ARTIFACT_ACCESS[kind].roles.includes(role);
}

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
