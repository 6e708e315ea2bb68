import type * as z from "zod";
import { advancedSummarySchema, basicEnrichmentSchema, chunkSummarySchema, courseSchema, quizSchema, rephraseSchema } from "~/lib/enrichment";
import { uniqueTags } from "~/lib/tags";
import { chunkText } from "./chunking.server";
import type { ContentPreferences, EngineRun, Enricher, EnrichmentSource } from "../engine.server";
import type { LlmClient, LlmUsage } from "./llm.server";
import { prompts } from "./prompts.server";
import { fitToVocabulary } from "../tag-vocabulary.server";
import { pageLanguage } from "../local/language.server";

/** The user's most used tags shown to the model, so it reuses them rather than coining near-twins. */
const USER_TAGS_IN_PROMPT = 60;

function addUsage(total: EngineRun, usage: LlmUsage): EngineRun {
  return {
    provider: "openai",
    model: usage.model,
    tokensIn: usage.tokensIn === null ? total.tokensIn : (total.tokensIn ?? 0) + usage.tokensIn,
    tokensOut: usage.tokensOut === null ? total.tokensOut : (total.tokensOut ?? 0) + usage.tokensOut,
    durationMs: total.durationMs + usage.durationMs,
  };
}

/** The page's small code blocks (the stored text leaves code out): the quiz may ask what one returns. */
function smallSnippets(source: EnrichmentSource): string[] {
  return (source.codeSnippets ?? [])
    .map((snippet) => snippet.code)
    .filter((code) => code.length <= 600)
    .slice(0, 3);
}

/** Enrichment by any OpenAI-compatible model. Long pages are map-reduced, never cut off. */
export function createOpenAiEnricher(client: LlmClient, { chunkTokens }: { chunkTokens: number }): Enricher {
  const emptyRun = (): EngineRun => ({ provider: "openai", model: client.model, tokensIn: null, tokensOut: null, durationMs: 0 });

  /** The page's text if it fits one call; otherwise the summaries of its chunks (the map step). */
  async function condense(source: EnrichmentSource, run: EngineRun): Promise<{ text: string; run: EngineRun }> {
    const chunks = chunkText(source.text || source.summary || source.title || "", chunkTokens);
    if (chunks.length === 1) return { text: chunks[0]!, run };
    let total = run;
    const summaries: string[] = [];
    for (const [index, chunk] of chunks.entries()) {
      const { data, usage } = await client.completeJson({
        ...prompts.chunkSummary({ title: source.title, chunk, index, total: chunks.length, language: source.language }),
        schema: chunkSummarySchema,
      });
      total = addUsage(total, usage);
      summaries.push(data.summary);
    }
    return { text: summaries.join("\n\n"), run: total };
  }

  async function task<S extends z.ZodType>(
    source: EnrichmentSource,
    build: (text: string) => { name: string; system: string; user: string },
    schema: S,
  ): Promise<{ data: z.infer<S>; run: EngineRun }> {
    const condensed = await condense(source, emptyRun());
    const { data, usage } = await client.completeJson({ ...build(condensed.text), schema });
    return { data, run: addUsage(condensed.run, usage) };
  }

  const prefs = (p?: ContentPreferences) => ({ preferredLanguage: p?.language ?? null });

  return {
    name: `openai/${client.model}`,
    async enrich({ page, preferences, existingTags }) {
      const source = { title: page.title, language: page.language, text: page.text, summary: null, headings: page.headings };
      const { data, run } = await task(
        source,
        (text) =>
          prompts.basic({ title: page.title, text, language: page.language, ...prefs(preferences), summaryLength: preferences?.summaryLength, existingTags: existingTags.slice(0, USER_TAGS_IN_PROMPT) }),
        basicEnrichmentSchema,
      );
      // The user's vocabulary: their spelling of a tag they have, and few new tags per link.
      const language = pageLanguage(page.language, page.text);
      const { tags, rest } = fitToVocabulary(data.tags, existingTags, { language, max: 6 });
      const taken = new Set(tags.map((tag) => tag.toLowerCase()));
      return {
        summary: data.summary,
        tags,
        tagSuggestions: uniqueTags([...rest, ...(data.suggestedTags ?? [])]).filter((tag) => !taken.has(tag.toLowerCase())).slice(0, 5),
        category: data.category,
        codeSnippets: page.codeBlocks,
        run,
      };
    },
    advancedSummary: (source, p) => task(source, (text) => prompts.advanced({ ...source, text, ...prefs(p) }), advancedSummarySchema),
    quiz: (source, p) =>
      task(source, (text) => prompts.quiz({ ...source, text, ...prefs(p), codeSnippets: smallSnippets(source) }), quizSchema),
    rephrase: (source, level, p) =>
      task({ ...source, text: source.summary ?? source.text }, (text) => prompts.rephrase({ ...source, text, level, ...prefs(p) }), rephraseSchema),
    course: (source, p) => task(source, (text) => prompts.course({ ...source, text, level: p?.difficulty, ...prefs(p), headings: source.headings.slice(0, 30) }), courseSchema),
  };
}
