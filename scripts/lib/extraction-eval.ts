import { readFileSync } from "node:fs";
import path from "node:path";
import * as z from "zod";
import { parsePage, type ParsedPage } from "../../app/server/fetching/page-parser.server";
import { parsePdf } from "../../app/server/fetching/pdf-parser.server";

/**
 * The extraction corpus (tests/fixtures/pages/corpus): pages modelled on the kinds of pages
 * people save, each with what a reader must get from it. `npm run eval:extraction` prints the
 * share right per kind; the unit suite fails on any page that is wrong.
 */
export const CORPUS_DIR = "tests/fixtures/pages/corpus";

const Expectation = z.object({
  file: z.string(),
  kind: z.string(),
  url: z.string().url(),
  contentType: z.string(),
  title: z.string(),
  /** Sentences (or parts of them) the text must hold, and ones it must not. */
  must: z.array(z.string()).min(1),
  mustNot: z.array(z.string()),
  language: z.string().optional(),
  byline: z.string().optional(),
  publishedAt: z.string().optional(),
  siteName: z.string().optional(),
  leadImage: z.string().optional(),
  /** Languages that must be among the code blocks. */
  code: z.array(z.string()).optional(),
});
export type Expectation = z.infer<typeof Expectation>;

export interface FixtureResult {
  expectation: Expectation;
  extractor: ParsedPage["extractor"] | null;
  /** What is wrong with the page's extraction; empty when it is right. */
  problems: string[];
}

export function loadCorpus(dir = CORPUS_DIR): Expectation[] {
  return z.array(Expectation).parse(JSON.parse(readFileSync(path.join(dir, "corpus.json"), "utf8")));
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Checks one parsed page against what it should say. */
export function checkPage(expectation: Expectation, page: ParsedPage): string[] {
  const problems: string[] = [];
  const text = squash(page.text);
  if (page.title !== expectation.title) problems.push(`title ${JSON.stringify(page.title)}, expected ${JSON.stringify(expectation.title)}`);
  for (const sentence of expectation.must) if (!text.includes(squash(sentence))) problems.push(`missing: ${JSON.stringify(sentence)}`);
  for (const sentence of expectation.mustNot) if (text.includes(squash(sentence))) problems.push(`should not hold: ${JSON.stringify(sentence)}`);
  const fields = ["language", "byline", "publishedAt", "siteName", "leadImage"] as const;
  for (const field of fields) {
    const wanted = expectation[field];
    if (wanted !== undefined && page[field] !== wanted) problems.push(`${field} ${JSON.stringify(page[field])}, expected ${JSON.stringify(wanted)}`);
  }
  const languages = new Set(page.codeBlocks.map((block) => block.language));
  for (const language of expectation.code ?? []) if (!languages.has(language)) problems.push(`no ${language} code block (found ${[...languages].join(", ") || "none"})`);
  return problems;
}

/** Parses every page of the corpus as the worker would (by its address and content type). */
export async function evaluateCorpus(dir = CORPUS_DIR): Promise<FixtureResult[]> {
  const results: FixtureResult[] = [];
  for (const expectation of loadCorpus(dir)) {
    const file = path.join(dir, expectation.file);
    const contentType = expectation.contentType.split(";")[0]!.trim();
    try {
      const page = contentType === "application/pdf" ? await parsePdf(new Uint8Array(readFileSync(file)), expectation.url) : parsePage(readFileSync(file, "utf8"), expectation.url, contentType);
      results.push({ expectation, extractor: page.extractor, problems: checkPage(expectation, page) });
    } catch (error) {
      results.push({ expectation, extractor: null, problems: [`not read: ${error instanceof Error ? error.message : String(error)}`] });
    }
  }
  return results;
}

/** Per kind and in all: pages right out of pages. */
export function summarise(results: FixtureResult[]): Array<{ kind: string; right: number; total: number }> {
  const kinds = new Map<string, { right: number; total: number }>();
  for (const result of results) {
    const entry = kinds.get(result.expectation.kind) ?? { right: 0, total: 0 };
    entry.total++;
    if (result.problems.length === 0) entry.right++;
    kinds.set(result.expectation.kind, entry);
  }
  const rows = [...kinds].map(([kind, counts]) => ({ kind, ...counts }));
  rows.push({ kind: "all", right: results.filter((r) => r.problems.length === 0).length, total: results.length });
  return rows;
}
