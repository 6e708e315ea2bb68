import { artifactAction } from "~/server/enrichment/artifact-route.server";

/** POST /api/links/{id}/advanced (see artifactAction). */
export const action = artifactAction("advanced");
