import { artifactAction } from "~/server/artifact-route.server";

/** POST /api/links/{id}/rephrase (see artifactAction). */
export const action = artifactAction("rephrase");
