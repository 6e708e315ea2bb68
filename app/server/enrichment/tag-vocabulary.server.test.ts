import { describe, expect, it } from "vitest";
import type * as z from "zod";
import type { ParsedPage } from "../fetching/page-parser.server";
import { createOpenAiEnricher } from "./openai/openai-enricher.server";
import type { LlmClient } from "./openai/llm.server";
import { prompts } from "./openai/prompts.server";
import { fitToVocabulary, inUsersSpelling, newTagsAllowed } from "./tag-vocabulary.server";

const USER_TAGS = ["postgres", "index", "React", "hooks", "css", "rust", "testing", "docker", "linux", "security", "performance"];

describe("the tag vocabulary", () => {
  it("lets a new user's first links add every tag, then few: three when none fit, one when some do", () => {
    expect(newTagsAllowed(0, 0, 6)).toBe(6);
    expect(newTagsAllowed(9, 2, 6)).toBe(6);
    expect(newTagsAllowed(10, 0, 6)).toBe(3);
    expect(newTagsAllowed(200, 1, 6)).toBe(1);
  });

  it("gives a model's near-twins the user's spelling and keeps one new tag when some of the user's fit", () => {
    const { tags, rest } = fitToVocabulary(["Postgres", "indexes", "GIN index", "b-tree", "query planning", "vacuum"], USER_TAGS, { language: "en", max: 6 });
    // "indexes" and "GIN index" are the user's "index", once; "Postgres" is their "postgres".
    expect(tags).toEqual(["postgres", "index", "b-tree"]);
    expect(rest).toEqual(["query planning", "vacuum"]);
  });

  it("spells a tag as the user already does, whatever the engine's case, once", () => {
    const spellings = new Map([["b-tree indexes", "b-tree indexes"], ["lisbon", "LISBON"]]);
    expect(inUsersSpelling(["B-tree indexes", "Lisbon", "lisbon", "Porto"], spellings)).toEqual(["b-tree indexes", "LISBON", "Porto"]);
  });

  it("reads stems in the page's language", () => {
    const { tags } = fitToVocabulary(["bases de données", "index"], ["base de donnée", ...USER_TAGS], { language: "fr", max: 6 });
    expect(tags).toEqual(["base de donnée", "index"]);
  });

  it("takes a French or Spanish phrase's head noun from its front ('analyse morphologique' is the user's 'analyse')", () => {
    const fr = fitToVocabulary(["analyse morphologique", "traduction automatique"], ["analyse", "automatique", ...USER_TAGS], { language: "fr", max: 6 });
    expect(fr.tags).toEqual(["analyse", "traduction automatique"]);
    const es = fitToVocabulary(["sistemas hamiltonianos"], ["sistema", ...USER_TAGS], { language: "es", max: 6 });
    expect(es.tags).toEqual(["sistema"]);
  });
});

describe("the model's tags", () => {
  const page = { title: "GIN indexes in Postgres", language: "en", text: "GIN indexes speed up full-text search in Postgres.", headings: [], codeBlocks: [] } as unknown as ParsedPage;
  function clientAnswering(tags: string[]): { client: LlmClient; systems: string[] } {
    const systems: string[] = [];
    const client: LlmClient = {
      model: "test-model",
      completeJson<S extends z.ZodType>(task: { system: string; schema: S }) {
        systems.push(task.system);
        const data = task.schema.parse({ summary: "GIN indexes speed up search.", tags, category: "programming", suggestedTags: ["full-text search"] }) as z.infer<S>;
        return Promise.resolve({ data, usage: { provider: "openai", model: "test-model", tokensIn: 10, tokensOut: 5, durationMs: 1, calls: 1 } });
      },
    };
    return { client, systems };
  }

  it("shows the model the user's tags and keeps its answer within the vocabulary rule", async () => {
    const { client, systems } = clientAnswering(["gin indexes", "Postgres", "search", "fts", "databases", "sql"]);
    const result = await createOpenAiEnricher(client, { chunkTokens: 2_000 }).enrich({ url: "https://example.test/gin", page, existingTags: USER_TAGS });
    expect(systems[0]).toContain('"postgres", "index", "React"');
    expect(systems[0]).toMatch(/Use these, spelled exactly so/);
    expect(result.tags).toEqual(["index", "postgres", "search"]);
    expect(result.tagSuggestions).toEqual(["fts", "databases", "sql", "full-text search"]);
  });

  it("leaves a new user's tags as the model gave them", async () => {
    const { client, systems } = clientAnswering(["gin indexes", "postgres"]);
    const result = await createOpenAiEnricher(client, { chunkTokens: 2_000 }).enrich({ url: "https://example.test/gin", page, existingTags: [] });
    expect(systems[0]).not.toMatch(/already tags links/);
    expect(result.tags).toEqual(["gin indexes", "postgres"]);
  });

  it("asks for short tags in the prompt", () => {
    expect(prompts.basic({ title: null, text: "x", language: "en" }).system).toMatch(/one or two words each/);
  });
});
