/**
 * Tags keep the spelling they were given ("GIN indexes", "useState", a bookmark folder "Reading"):
 * the engine keeps identifiers' and acronyms' case, and an export imported again must come back
 * as it left. Two tags that differ only in case are one tag; the first spelling wins.
 */
export function uniqueTags(raw: Iterable<string>, { max = Infinity, maxLength = Infinity }: { max?: number; maxLength?: number } = {}): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of raw) {
    const tag = item.replace(/\s+/g, " ").trim().slice(0, maxLength).trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length >= max) break;
  }
  return tags;
}
