import { env } from "../platform/env.server";
import type { Enricher } from "./engine.server";
import { llmClient } from "./openai/llm.server";
import { localEnricher } from "./local/local-enricher.server";
import { createOpenAiEnricher } from "./openai/openai-enricher.server";

let openAi: Enricher | undefined;

/** The engine in use (see `engine.server.ts` for the interface): an OpenAI-compatible model when configured, else the local engine. */
export function enricher(): Enricher {
  const client = llmClient();
  if (!client) return localEnricher;
  openAi ??= createOpenAiEnricher(client, { chunkTokens: env().LLM_CHUNK_TOKENS });
  return openAi;
}

/** Whether enrichment calls a model (so its queues take the model's rate limit). */
export function enrichesWithModel(): boolean {
  return llmClient() !== null;
}
