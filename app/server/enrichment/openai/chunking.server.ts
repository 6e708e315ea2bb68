/**
 * Splits text into chunks of at most `maxTokens`, on paragraph boundaries where possible,
 * so long pages are summarised piece by piece instead of being cut off.
 */
export function chunkText(text: string, maxTokens: number): string[] {
  // About four characters a token: good enough to stay within a model's budget.
  const maxChars = maxTokens * 4;
  if (text.length <= maxChars) return [text];
  const chunks: string[] = [];
  let current = "";
  for (const paragraph of text.split(/\n{2,}/)) {
    const pieces = paragraph.length > maxChars ? paragraph.match(new RegExp(`[\\s\\S]{1,${maxChars}}`, "g"))! : [paragraph];
    for (const piece of pieces) {
      if (current && current.length + piece.length + 2 > maxChars) {
        chunks.push(current);
        current = "";
      }
      current = current ? `${current}\n\n${piece}` : piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
