import { beforeAll, describe, expect, it } from "vitest";
import { quizForFreeUsers } from "../helpers/feature-flags";

// The local engine cannot build a quiz from a page with little text: that is the page's doing, and
// the user is told so, not "Generation failed on our side".
beforeAll(() => {
  Object.assign(process.env, { ENRICHMENT_PROVIDER: "local" });
});

describe("an on-demand result the page has too little text for", () => {
  it("fails at once with the engine's own reason", async () => {
    const { db } = await import("~/server/platform/db.server");
    const { generateArtifact } = await import("~/server/enrichment/artifacts.server");
    await quizForFreeUsers();
    const user = await db().insertInto("users").values({ email: `thin-${Date.now()}@example.com`, password_hash: "x", role: "FreeUser" }).returning("id").executeTakeFirstOrThrow();
    const link = await db()
      .insertInto("links")
      .values({ user_id: user.id, url: "https://example.com/thin", normalized_url: "https://example.com/thin", status: "enriched", title: "Thin", content_text: "A short recipe." })
      .returning("id")
      .executeTakeFirstOrThrow();
    const artifact = await db().insertInto("link_artifacts").values({ link_id: link.id, user_id: user.id, kind: "quiz", variant: "" }).returning("id").executeTakeFirstOrThrow();

    await expect(generateArtifact(artifact.id, { finalAttempt: false })).rejects.toThrow("The page has too little text for a quiz of 5 questions");
    const stored = await db().selectFrom("link_artifacts").select(["status", "error"]).where("id", "=", artifact.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "error", error: "The page has too little text for a quiz of 5 questions" });
  });
});
