import type { CodeSnippet } from "./db-schema.server";
import { localEnricher } from "./local-enricher.server";
import type { ParsedPage } from "./page-parser.server";

/** What every enrichment engine is given and must return. Model-backed engines implement the same. */
export interface EnrichmentInput {
  url: string;
  page: ParsedPage;
  /** The user's tags so far, reused when they fit the page. */
  existingTags: string[];
}

export interface EnrichmentResult {
  summary: string;
  tags: string[];
  codeSnippets: CodeSnippet[];
  /** Which engine produced it, shown in the UI: "local/extractive-v1", "openai/gpt-4o-mini", ... */
  engine: string;
}

export interface Enricher {
  readonly name: string;
  enrich(input: EnrichmentInput): Promise<EnrichmentResult>;
}

/** The engine in use. Only the local one exists so far; a model-backed one joins behind this. */
export function enricher(): Enricher {
  return localEnricher;
}
