import { artifactAction } from "~/server/enrichment/artifact-route.server";

/** POST /api/links/{id}/quiz (see artifactAction). */
export const action = artifactAction("quiz");
