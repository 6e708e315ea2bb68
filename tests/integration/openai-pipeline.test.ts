import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { startFakeOpenAi } from "../helpers/fake-openai";
import { fixture, html } from "../helpers/page-server";
import { signUpAs, startPipeline, waitForLink, type LinkBody } from "../helpers/pipeline";

// A real worker configured for an OpenAI-compatible server (on loopback): enrichment and an
// on-demand quiz go through the model, and what they cost is recorded.
let model: Awaited<ReturnType<typeof startFakeOpenAi>>;
let pipeline: Awaited<ReturnType<typeof startPipeline>>;
let api: typeof pipeline.api;

const quiz = {
  questions: Array.from({ length: 5 }, (_, i) => ({ question: `Which index fits case ${i}?`, options: ["B-tree", "GIN", "BRIN", "Hash"], answerIndex: i % 4, explanation: "See the page." })),
};

beforeAll(async () => {
  model = await startFakeOpenAi((request) => {
    const name = request.response_format?.json_schema?.name;
    if (name === "quiz") return { json: quiz };
    if (request.messages[1]!.content.includes("React hooks")) return { text: "I cannot help with that." };
    return { json: { summary: "Postgres indexes explained by a model.", tags: ["postgres", "indexes"], suggestedTags: ["sql"], category: "programming" } };
  });
  pipeline = await startPipeline(
    { "/postgres": html(fixture("postgres-indexes.html")), "/broken": html(fixture("react-hooks.html")) },
    { workerEnv: { ENRICHMENT_PROVIDER: "openai", OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: "test-key", OPENAI_MODEL: "test-model", OPENAI_MAX_RETRIES: "0" } },
  );
  api = pipeline.api;
}, 120_000);

afterAll(async () => {
  await pipeline?.stop();
  await model?.close();
});

async function creator() {
  const { token, id } = await signUpAs(api, "ProUser");
  return { token, userId: id };
}

describe("enrichment through an OpenAI-compatible model", () => {
  it("stores the model's summary, tags and category, names the engine, and records tokens and time", async () => {
    const { token, userId } = await creator();
    const added = await api<LinkBody>("POST", "/api/links", { token, body: { url: pipeline.pages.url("/postgres") } });
    const link = await waitForLink(api, token, added.body.id);
    expect(link).toMatchObject({ status: "enriched", title: "How Postgres Indexes Work", tags: ["postgres", "indexes"] });
    const detail = (await api<{ summary: string; engine: string; category: string; tagSuggestions: string[] }>("GET", `/api/links/${link.id}`, { token })).body;
    expect(detail).toMatchObject({ summary: "Postgres indexes explained by a model.", engine: "openai/test-model", category: "programming", tagSuggestions: ["sql"] });
    const [usage] = await db().selectFrom("enrichment_usage").selectAll().where("user_id", "=", userId).execute();
    expect(usage).toMatchObject({ kind: "link", provider: "openai", model: "test-model", tokens_in: expect.any(Number), tokens_out: 20 });
    expect(usage!.duration_ms).toBeGreaterThanOrEqual(0);

    await api("POST", `/api/links/${link.id}/quiz`, { token, body: {} });
    for (let i = 0; i < 100; i++) {
      const { body } = await api<{ artifacts: Array<{ kind: string; status: string; engine: string; result: typeof quiz }> }>("GET", `/api/links/${link.id}/enrichment`, { token });
      const made = body.artifacts.find((a) => a.kind === "quiz" && a.status !== "pending");
      if (made) {
        expect(made).toMatchObject({ status: "ready", engine: "openai/test-model", result: quiz });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the quiz never finished");
  });

  it("fails a link with a reason when the model's answers stay unusable", async () => {
    const { token } = await creator();
    const added = await api<LinkBody>("POST", "/api/links", { token, body: { url: pipeline.pages.url("/broken") } });
    const link = await waitForLink(api, token, added.body.id, 20_000);
    expect(link.status).toBe("error");
    expect(link.error).toMatch(/^The model's answer was not usable/);
  });
});
