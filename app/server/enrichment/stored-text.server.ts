/**
 * The page text as stored (links.content_text) read back for the learning features: which blocks
 * are headings. The parser keeps each heading and each list item as a block of its own; a text
 * stored before structure was kept has no marks, and its headings are guessed from short blocks
 * without a final stop.
 */

/** The headings of a stored text, in page order. */
export function headingsOfStoredText(text: string): string[] {
  return text.split(/\n{2,}/).filter((block) => block.length < 120 && !/[.!?]$/.test(block));
}
