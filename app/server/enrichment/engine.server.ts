/**
 * The engine interface: what every enrichment engine is given and returns. The engines in
 * `local/` and `openai/` implement it; `enricher.server.ts` picks one. Types only, so the
 * engines and the factory never import each other in a circle.
 */
import type { AdvancedSummary, CategorySlug, Course, Difficulty, Quiz, Rephrase } from "~/lib/enrichment";
import type { CodeSnippet } from "../platform/db-schema.server";
import type { EnrichmentProvider } from "~/lib/vocabulary";
import type { ParsedPage } from "../fetching/page-parser.server";

/** What every enrichment engine is given. */
export interface EnrichmentInput {
  url: string;
  page: ParsedPage;
  /** The user's tags so far, reused when they fit the page. */
  existingTags: string[];
  preferences?: ContentPreferences;
}

/** Creator's content preferences, used by every later enrichment of that user. */
export interface ContentPreferences {
  summaryLength: "short" | "medium" | "long";
  /** ISO 639-1 code, or null for the page's own language. */
  language: string | null;
  difficulty: Difficulty;
}

/** Which engine produced a result, and what it cost. */
export interface EngineRun {
  provider: EnrichmentProvider;
  model: string;
  tokensIn: number | null;
  tokensOut: number | null;
  durationMs: number;
}

export interface EnrichmentResult {
  summary: string;
  tags: string[];
  /** Further tags the user may accept or dismiss. */
  tagSuggestions: string[];
  category: CategorySlug;
  codeSnippets: CodeSnippet[];
  run: EngineRun;
}

export interface TaskResult<T> {
  data: T;
  run: EngineRun;
}

/** A page as the on-demand tasks see it: the stored text, not a new fetch. */
export interface EnrichmentSource {
  title: string | null;
  language: string | null;
  text: string;
  summary: string | null;
  headings: string[];
  /** The page's code blocks: the quiz asks what a small one returns when the page shows its result. */
  codeSnippets?: CodeSnippet[];
}

export interface Enricher {
  readonly name: string;
  enrich(input: EnrichmentInput): Promise<EnrichmentResult>;
  advancedSummary(source: EnrichmentSource, preferences?: ContentPreferences): Promise<TaskResult<AdvancedSummary>>;
  quiz(source: EnrichmentSource, preferences?: ContentPreferences): Promise<TaskResult<Quiz>>;
  rephrase(source: EnrichmentSource, level: Difficulty, preferences?: ContentPreferences): Promise<TaskResult<Rephrase>>;
  course(source: EnrichmentSource, preferences?: ContentPreferences): Promise<TaskResult<Course>>;
}

export function engineLabel(run: EngineRun): string {
  return `${run.provider}/${run.model}`;
}
