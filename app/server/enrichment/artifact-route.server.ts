import * as z from "zod";
import type { ArtifactKind } from "~/lib/artifacts";
import { DIFFICULTY_LEVELS } from "~/lib/enrichment";
import { requestArtifact } from "./artifacts.server";
import { requireApiUser } from "../accounts/auth.server";
import { handleJson, readJson, requireMethod } from "../platform/http.server";

/** The body of every on-demand result request (`level` only means something to rephrase). */
export const artifactRequestSchema = z.object({
  regenerate: z.boolean().optional(),
  level: z.enum(DIFFICULTY_LEVELS, { error: "level must be beginner, intermediate or expert" }).optional(),
});

/**
 * POST /api/links/{id}/{quiz|rephrase|course|advanced}: 202 with the job's state when queued,
 * 200 with the stored result when there is one (unless `regenerate`).
 */
export function artifactAction(kind: ArtifactKind) {
  return ({ request, params }: { request: Request; params: { id?: string } }) =>
    handleJson(async () => {
      requireMethod(request, "POST");
      const { user } = await requireApiUser(request);
      const body = await readJson(request, artifactRequestSchema);
      const variant = kind === "rephrase" ? (body.level ?? "intermediate") : "";
      const { artifact, queued } = await requestArtifact(user, params.id!, kind, { variant, regenerate: body.regenerate });
      return Response.json(artifact, { status: queued || artifact.status === "pending" ? 202 : 200 });
    });
}
