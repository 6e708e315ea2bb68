import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getQueue, QUEUES } from "~/server/jobs/queue.server";
import { db } from "~/server/platform/db.server";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";

// A real worker process that keeps its copy of the flags for ten minutes: only the change
// announced on Redis can tell it that the quiz was switched off while its job waited.
let pipeline: Awaited<ReturnType<typeof startPipeline>>;

beforeAll(async () => {
  process.env.FEATURE_FLAGS_CACHE_MS = "600000";
  pipeline = await startPipeline({ "/postgres": html(fixture("postgres-indexes.html")) });
}, 120_000);
afterAll(async () => {
  await getQueue(QUEUES.enrichTask).resume();
  await pipeline?.stop();
});

type Artifact = { id: string; kind: string; status: string; error: string | null };

async function waitForQuiz(token: string, linkId: string): Promise<Artifact> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { body } = await pipeline.api<{ artifacts: Artifact[] }>("GET", `/api/links/${linkId}/enrichment`, { token });
    const quiz = body.artifacts.find((artifact) => artifact.kind === "quiz");
    if (quiz && quiz.status !== "pending") return quiz;
    if (Date.now() > deadline) throw new Error("the quiz never finished");
    await sleep(50);
  }
}

async function quizCharges(userId: string): Promise<number> {
  const row = await db().selectFrom("enrichment_usage").select(db().fn.countAll<number>().as("n")).where("user_id", "=", userId).where("kind", "=", "quiz").executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("the worker follows the flags when a job runs", () => {
  it("fails a quiz queued while the quiz was on and run after it was switched off, charging nothing", async () => {
    const { api, worker } = pipeline;
    const admin = await signUpAs(api, "FreeUser");
    await db().updateTable("users").set({ role: "Admin" }).where("id", "=", admin.id).execute();
    const creator = await signUpAs(api, "ProUser");
    const added = await api<LinkBody>("POST", "/api/links", { token: creator.token, body: { url: pipeline.pages.url("/postgres") } });
    // The worker read the flags (tag suggestions, code snippets) while enriching: its copy has the quiz on.
    expect((await waitForLink(api, creator.token, added.body.id)).status).toBe("enriched");

    // Queued while allowed; the queue holds it until the flag has changed.
    await getQueue(QUEUES.enrichTask).pause();
    expect((await api("POST", `/api/links/${added.body.id}/quiz`, { token: creator.token, body: {} })).status).toBe(202);
    const off = await api("PUT", "/api/admin/feature-flags", { token: admin.token, body: { flags: { quizGenerator: { ProUser: false } } } });
    expect(off.status).toBe(200);
    await worker.waitFor(/feature flags: change received/, 1_000);
    await getQueue(QUEUES.enrichTask).resume();

    const refused = await waitForQuiz(creator.token, added.body.id);
    expect(refused).toMatchObject({ status: "error", error: "Quiz generator is switched off for now by the operator." });
    expect(await quizCharges(creator.id)).toBe(0);

    // Switched on again, the same request makes the quiz and counts it once.
    await api("PUT", "/api/admin/feature-flags", { token: admin.token, body: { flags: { quizGenerator: { ProUser: true } } } });
    expect((await api("POST", `/api/links/${added.body.id}/quiz`, { token: creator.token, body: {} })).status).toBe(202);
    expect(await waitForQuiz(creator.token, added.body.id)).toMatchObject({ status: "ready", error: null });
    expect(await quizCharges(creator.id)).toBe(1);
  });
});
