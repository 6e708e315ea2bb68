import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createLlmClient, LlmError } from "~/server/enrichment/openai/llm.server";
import { createOpenAiEnricher } from "~/server/enrichment/openai/openai-enricher.server";
import { parsePage } from "~/server/fetching/page-parser.server";
import { startFakeOpenAi, type Reply } from "../helpers/fake-openai";

// The real openai SDK against an OpenAI-compatible server on loopback.
let servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(answer: Parameters<typeof startFakeOpenAi>[0], options?: { jsonSchema?: boolean }) {
  const server = await startFakeOpenAi(answer, options);
  servers.push(server);
  return server;
}

const client = (baseURL: string, timeoutMs = 5_000) => createLlmClient({ baseURL, apiKey: "test-key", model: "test-model", timeoutMs, maxRetries: 0 });
const page = parsePage(readFileSync("tests/fixtures/pages/postgres-indexes.html", "utf8"), "https://example.test/");
const chunkTokens = 6000;
const basic: Reply = { json: { summary: "Indexes make Postgres queries fast.", tags: ["Postgres", "indexes", "SQL", "postgres"], suggestedTags: ["sql", "B-tree"], category: "programming" } };

describe("the OpenAI-compatible provider", () => {
  it("asks for structured output with the task's JSON schema and records tokens", async () => {
    const server = await serve(() => basic);
    const result = await createOpenAiEnricher(client(server.baseURL), { chunkTokens }).enrich({ url: "x", page, existingTags: ["Indexes"] });
    expect(result).toMatchObject({ summary: "Indexes make Postgres queries fast.", tags: ["Postgres", "Indexes", "SQL"], tagSuggestions: ["B-tree"], category: "programming" });
    expect(result.run).toMatchObject({ provider: "openai", model: "test-model", tokensIn: 100, tokensOut: 20 });
    expect(result.codeSnippets).toHaveLength(2);
    const request = server.requests[0]!;
    expect(request.response_format?.type).toBe("json_schema");
    expect(request.response_format?.json_schema?.name).toBe("basic_enrichment");
    expect(JSON.stringify(request.response_format?.json_schema?.schema)).toContain('"category"');
    expect(request.messages[1]!.content).toContain("The default index type in PostgreSQL is the B-tree.");
  });

  it("falls back to JSON mode when the server has no JSON-schema support", async () => {
    const server = await serve(() => basic, { jsonSchema: false });
    const result = await createOpenAiEnricher(client(server.baseURL), { chunkTokens }).enrich({ url: "x", page, existingTags: [] });
    expect(result.category).toBe("programming");
    expect(server.requests.map((r) => r.response_format?.type)).toEqual(["json_schema", "json_object"]);
    expect(server.requests[1]!.messages[0]!.content).toContain("matching this JSON schema");
  });

  it("asks again once after a malformed answer, and then fails with a reason", async () => {
    const once = await serve((_r, i) => (i === 0 ? { text: "Sure! Here is your summary: indexes are great." } : basic));
    expect((await createOpenAiEnricher(client(once.baseURL), { chunkTokens }).enrich({ url: "x", page, existingTags: [] })).category).toBe("programming");
    expect(once.requests).toHaveLength(2);

    const always = await serve(() => ({ json: { summary: "", tags: [], category: "cooking" } }));
    const error = await createOpenAiEnricher(client(always.baseURL), { chunkTokens })
      .enrich({ url: "x", page, existingTags: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).message).toMatch(/The model's answer was not usable/);
    expect(always.requests).toHaveLength(2);
  });

  it("gives up on an answer slower than the timeout", async () => {
    const server = await serve(() => ({ delayMs: 2_000, json: basic }));
    const error = await createOpenAiEnricher(client(server.baseURL, 300), { chunkTokens })
      .enrich({ url: "x", page, existingTags: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).message).toBe("The model took longer than 300 ms");
  });

  it("map-reduces a long page: one call per chunk, then one on the chunk summaries", async () => {
    const long = { ...page, text: Array.from({ length: 40 }, (_, i) => `Paragraph ${i}. ${page.text.slice(0, 900)}`).join("\n\n") };
    const server = await serve((request) =>
      request.response_format?.json_schema?.name === "chunk_summary"
        ? { json: { summary: `Part summary ${request.messages[0]!.content.match(/part (\d+)/)![1]}.`, keyTerms: ["index"] } }
        : basic,
    );
    const result = await createOpenAiEnricher(client(server.baseURL), { chunkTokens: 2000 }).enrich({ url: "x", page: long, existingTags: [] });
    const names = server.requests.map((r) => r.response_format?.json_schema?.name);
    const chunks = names.filter((n) => n === "chunk_summary").length;
    expect(chunks).toBeGreaterThanOrEqual(4);
    expect(names.at(-1)).toBe("basic_enrichment");
    expect(server.requests.at(-1)!.messages[1]!.content).toContain("Part summary 1.");
    for (const request of server.requests.slice(0, chunks)) expect(request.messages[1]!.content.length).toBeLessThanOrEqual(2000 * 4 + 200);
    expect(result.run.tokensIn).toBe(server.requests.reduce((sum, _r, i) => sum + 100 + i, 0));
  });

  it("produces a quiz, a rephrasing and a course through the same schemas", async () => {
    const quiz = {
      questions: Array.from({ length: 5 }, (_, i) => ({ question: `Q${i}?`, options: ["a", "b", "c", "d"], answerIndex: i % 4, explanation: "Because." })),
    };
    const course = { title: "Indexes", lessons: Array.from({ length: 3 }, (_, i) => ({ title: `L${i}`, objective: "o", content: "c", checkQuestion: "q?" })) };
    const server = await serve((request) => {
      const name = request.response_format?.json_schema?.name;
      return name === "quiz" ? { json: quiz } : name === "course" ? { json: course } : { json: { text: "Simple words." } };
    });
    const engine = createOpenAiEnricher(client(server.baseURL), { chunkTokens });
    const source = { title: page.title, language: "en", text: page.text, summary: "Indexes help.", headings: page.headings };
    expect((await engine.quiz(source)).data.questions).toHaveLength(5);
    expect((await engine.rephrase(source, "beginner")).data.text).toBe("Simple words.");
    expect(server.requests.at(-1)!.messages[0]!.content).toMatch(/beginner/);
    expect((await engine.course(source)).data.lessons).toHaveLength(3);
  });
});
