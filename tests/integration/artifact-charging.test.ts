import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "../helpers/fake-openai";
import { quizForFreeUsers } from "../helpers/feature-flags";

// The on-demand path in this process, with a model that answers slowly enough for the test to
// change the artifact underneath it.
let model: Awaited<ReturnType<typeof startFakeOpenAi>>;

const quiz = {
  questions: Array.from({ length: 5 }, (_, i) => ({ question: `Question ${i}?`, options: ["a", "b", "c", "d"], answerIndex: 0, explanation: "Because." })),
};

beforeAll(async () => {
  model = await startFakeOpenAi(() => ({ delayMs: 300, json: quiz }));
  Object.assign(process.env, { ENRICHMENT_PROVIDER: "openai", OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: "test-key", OPENAI_MAX_RETRIES: "0" });
});
afterAll(() => model?.close());

describe("an on-demand result", () => {
  it("charges nothing and spends no credit when the artifact stopped being pending while it was made", async () => {
    const { db } = await import("~/server/platform/db.server");
    const { generateArtifact } = await import("~/server/enrichment/artifacts.server");
    // The job asks the plan again when it runs: this Free user must have the quiz to reach the model.
    await quizForFreeUsers();
    // A Free user with one pack credit and the month's allowance used up: the charge would spend the credit.
    const user = await db().insertInto("users").values({ email: `charge-${Date.now()}@example.com`, password_hash: "x", role: "FreeUser", pack_credits: 1 }).returning("id").executeTakeFirstOrThrow();
    const link = await db()
      .insertInto("links")
      .values({ user_id: user.id, url: "https://example.com/a", normalized_url: "https://example.com/a", status: "enriched", title: "A", content_text: "Some text about indexes. ".repeat(40) })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i++) {
      await db().insertInto("enrichment_usage").values({ user_id: user.id, link_id: link.id, kind: "link", source: "allowance" }).execute();
    }
    const artifact = await db().insertInto("link_artifacts").values({ link_id: link.id, user_id: user.id, kind: "quiz", variant: "" }).returning("id").executeTakeFirstOrThrow();

    // While the model thinks, another run finishes the artifact.
    const finishedElsewhere = (async () => {
      while (model.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await db().updateTable("link_artifacts").set({ status: "ready", payload: JSON.stringify(quiz) }).where("id", "=", artifact.id).execute();
    })();
    const outcome = await generateArtifact(artifact.id, { finalAttempt: true });
    await finishedElsewhere;

    expect(outcome).toBe("skipped");
    const usage = await db().selectFrom("enrichment_usage").select(db().fn.countAll<number>().as("n")).where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(Number(usage.n)).toBe(5);
    const after = await db().selectFrom("users").select("pack_credits").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(after.pack_credits).toBe(1);
    const stored = await db().selectFrom("link_artifacts").select(["status", "error"]).where("id", "=", artifact.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "ready", error: null });
  });
});
