import type { Enricher } from "./enricher.server";
import { extractTags, extractiveSummary } from "./text-analysis.server";

/** Long pages are analysed on their first part: enough for a summary and tags, bounded in time. */
const ANALYSIS_CHARS = 30_000;

/** Works with no API key: an extractive summary, keyword tags and the page's own code blocks. */
export const localEnricher: Enricher = {
  name: "local/extractive-v1",
  async enrich({ page, existingTags }) {
    const source = (page.text || page.description || page.title || "").slice(0, ANALYSIS_CHARS);
    return {
      summary: extractiveSummary(source, { title: page.title ?? "" }),
      tags: extractTags({ text: source, title: page.title, headings: page.headings, existingTags }),
      codeSnippets: page.codeBlocks,
      engine: this.name,
    };
  },
};
