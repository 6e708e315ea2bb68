import { uniqueTags } from "~/lib/tags";
import { headWord, stemmerOf } from "./local/language.server";

/**
 * A user's tag vocabulary stays small whichever engine tags the link (issue 18: 500 links should
 * not make 1,500 tags). The local engine (local/tags.server.ts) and the model's answer
 * (openai/openai-enricher.server.ts) follow the same rule for how many new tags one link may add.
 */

/**
 * New tags one link may add: a new user's first links (fewer than 10 tags so far) up to `max`;
 * after that up to three when none of the user's tags fit the page, and one when some do.
 */
export function newTagsAllowed(existingCount: number, reusedCount: number, max: number): number {
  return existingCount < 10 ? max : reusedCount === 0 ? 3 : 1;
}

/** A tag's (or a page's) words, lower-cased, identifiers kept whole ("c++", "node.js", "c#"). */
export const tagWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#'’.-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu) ?? [];

/** The tags in order, each key (its stemmed words) once: the first spelling wins. */
export function dedupeByKey(tags: readonly string[], keyOf: (tag: string) => string): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = keyOf(tag);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Tags in the spelling the user already has for them (lower-cased tag → spelling, from
 * userTagSpellings over all their links), once each: the engines see only the user's recent tags.
 */
export function inUsersSpelling(tags: readonly string[], spellings: ReadonlyMap<string, string>): string[] {
  return uniqueTags(tags.map((tag) => spellings.get(tag.toLowerCase()) ?? tag));
}

/**
 * A model's tags fitted to the user's vocabulary, best first: a tag that stems like one of the
 * user's is the user's tag in the user's spelling ("Indexes" for a user who has "index"), a
 * two-word tag whose head word is one of the user's tags becomes that tag ("GIN index" → "index",
 * "analyse morphologique" → "analyse"),
 * and of the tags still new only `newTagsAllowed` are kept; the rest are returned as suggestions.
 */
export function fitToVocabulary(
  candidates: readonly string[],
  existingTags: readonly string[],
  { language, max }: { language: string; max: number },
): { tags: string[]; rest: string[] } {
  const stem = stemmerOf(language);
  const keyOf = (tag: string) => tagWords(tag).map(stem).join(" ");
  const existing = new Map<string, string>();
  for (const tag of existingTags) {
    const key = keyOf(tag);
    if (key && !existing.has(key)) existing.set(key, tag);
  }
  const mapped = candidates.map((tag) => {
    const key = keyOf(tag);
    const words = key.split(" ");
    return existing.get(key) ?? (words.length > 1 ? existing.get(headWord(words, language)) : undefined) ?? tag;
  });
  const all = dedupeByKey(uniqueTags(mapped), keyOf);
  const isNew = (tag: string) => !existing.has(keyOf(tag));
  const allowed = newTagsAllowed(existing.size, all.filter((tag) => !isNew(tag)).length, max);
  const tags: string[] = [];
  let added = 0;
  for (const tag of all) {
    if (tags.length === max) break;
    if (isNew(tag) && added >= allowed) continue;
    tags.push(tag);
    if (isNew(tag)) added++;
  }
  return { tags, rest: all.filter((tag) => !tags.includes(tag)) };
}
