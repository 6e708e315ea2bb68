import { artifactAction } from "~/server/artifact-route.server";

/** POST /api/links/{id}/course (see artifactAction). */
export const action = artifactAction("course");
