import { artifactAction } from "~/server/artifact-route.server";

/** POST /api/links/{id}/quiz (see artifactAction). */
export const action = artifactAction("quiz");
