/**
 * The page text as stored (links.content_text): one block per paragraph, with the page's structure
 * kept in it since issue 36 — a heading is a block "## Heading" (as many # as its level), a list
 * is a block of lines "- item" or "1. item". Text stored earlier has no heading marks (and lists
 * only when Readability read the page); readers of the text fall back for it. Shared by the
 * engine, the learning features, search snippets and the text-only reader view.
 */

const HEADING_BLOCK = /^(#{1,6}) (.+)$/;

/** Whether the text was stored with its headings marked. */
export function hasStructure(text: string): boolean {
  return /(?:^|\n\n)#{1,6} \S/.test(text);
}

/** The heading a block is ("## Method" → "Method"), or null. */
export function headingOf(block: string): { level: number; text: string } | null {
  const match = HEADING_BLOCK.exec(block.trim());
  return match && !match[2]!.includes("\n") ? { level: match[1]!.length, text: match[2]!.trim() } : null;
}

const LIST_LINE = /^\s*(?:[-•*]|\d+[.)])\s/;

/**
 * The headings of a stored text, in page order. A text stored before structure was kept: its short
 * blocks without a final stop that are not list items (a guess; captions and table cells pass too).
 */
export function headingsOfStoredText(text: string): string[] {
  const blocks = text.split(/\n{2,}/);
  if (hasStructure(text)) return blocks.map(headingOf).filter((h): h is { level: number; text: string } => h !== null).map((h) => h.text);
  return blocks.filter((block) => block.length < 120 && !/[.!?]$/.test(block) && !LIST_LINE.test(block));
}

/** The text with its heading marks taken off (each heading stays a block of its own); lists keep their markers. */
export function withoutHeadingMarks(text: string): string {
  return hasStructure(text) ? text.replace(/(^|\n\n)#{1,6} (?=\S)/g, "$1") : text;
}
