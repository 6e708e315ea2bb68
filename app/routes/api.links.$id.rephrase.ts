import { artifactAction } from "~/server/enrichment/artifact-route.server";

/** POST /api/links/{id}/rephrase (see artifactAction). */
export const action = artifactAction("rephrase");
