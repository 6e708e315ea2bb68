import type { Enricher } from "./enricher.server";
import { extractTags, extractiveSummary } from "./text-analysis.server";

/** Works with no API key: an extractive summary, keyword tags and the page's own code blocks. */
export const localEnricher: Enricher = {
  name: "local/extractive-v1",
  async enrich({ page, existingTags }) {
    const source = page.text || page.description || page.title || "";
    return {
      summary: extractiveSummary(source, { title: page.title ?? "" }),
      tags: extractTags({ text: source, title: page.title, headings: page.headings, existingTags }),
      codeSnippets: page.codeBlocks,
      engine: this.name,
    };
  },
};
