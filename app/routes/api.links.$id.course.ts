import { artifactAction } from "~/server/enrichment/artifact-route.server";

/** POST /api/links/{id}/course (see artifactAction). */
export const action = artifactAction("course");
