/**
 * Tags from keyphrases, with a small vocabulary in mind: the user's existing tags come first
 * whenever the page mentions them (by stems, so "index" matches a page about "indexes"), a new
 * phrase whose head word is already one of the user's tags becomes that tag, and only a few new
 * tags are added per link once the user has tags that fit. Tags are short (at most two words)
 * and never a stop word of the page's language.
 */
import { VAGUE_NOUNS, rankKeyphrases } from "./keyphrases.server";
import { pageLanguage, stemmerOf, stopWordsOf } from "./language.server";

export interface TagInput {
  text: string;
  title?: string | null;
  headings?: string[];
  language?: string | null;
  existingTags?: string[];
}

const tokensOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#'’.-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu) ?? [];

/** Tags for the page (best first) and further suggestions; `max` tags at most. */
export function chooseTags(input: TagInput, { max = 6, suggestions = 5 } = {}): { tags: string[]; suggestions: string[] } {
  const lang = pageLanguage(input.language, input.text);
  // Pages repeat their words: stem each distinct word once (the stemmer was most of this step's time).
  const stemWord = stemmerOf(lang);
  const stemmed = new Map<string, string>();
  const stem = (word: string) => {
    let result = stemmed.get(word);
    if (result === undefined) stemmed.set(word, (result = stemWord(word)));
    return result;
  };
  const stop = stopWordsOf(lang);
  const keyOf = (phrase: string) => tokensOf(phrase).map(stem).join(" ");
  const headed = [input.title ?? "", ...(input.headings ?? []), input.text].join("\n\n");
  const ranked = rankKeyphrases({ text: headed, title: input.title, language: lang });

  const existing = new Map<string, string>();
  for (const tag of input.existingTags ?? []) existing.set(keyOf(tag), tag.toLowerCase());

  // The page's stem sequences as long as the user's tags (1–3 words), so an existing tag is found
  // in one lookup; none at all for a user without tags.
  const pageGrams = new Set<string>();
  const lengths = new Set([...existing.keys()].map((key) => key.split(" ").length).filter((n) => n <= 3));
  if (lengths.size > 0) {
    const stems = tokensOf(headed.slice(0, 10_000)).map(stem);
    for (const n of lengths) for (let i = 0; i + n <= stems.length; i++) pageGrams.add(n === 1 ? stems[i]! : stems.slice(i, i + n).join(" "));
  }
  const rankOf = new Map<string, number>();
  ranked.forEach((k, i) => rankOf.set(keyOf(k.phrase), rankOf.get(keyOf(k.phrase)) ?? i));
  const reused = [...existing.entries()]
    .filter(([key]) => key && pageGrams.has(key))
    .sort((a, b) => (rankOf.get(a[0]) ?? 1e9) - (rankOf.get(b[0]) ?? 1e9))
    .map(([, tag]) => tag);

  // A head word shared by several top phrases is a tag in itself ("indexes" for "GIN indexes" and
  // "BRIN indexes"): general tags keep the vocabulary small and group links.
  const heads = new Map<string, { count: number; form: string }>();
  for (const { phrase } of ranked.slice(0, 15)) {
    const words = tokensOf(phrase);
    if (words.length < 2) continue;
    const head = words.at(-1)!;
    const entry = heads.get(stem(head)) ?? { count: 0, form: head };
    entry.count++;
    heads.set(stem(head), entry);
  }
  const fresh: string[] = [];
  for (const { phrase } of ranked) {
    const words = tokensOf(phrase);
    const head = words.length > 1 ? heads.get(stem(words.at(-1)!)) : undefined;
    if (head && head.count >= 2 && !stop.has(head.form) && !VAGUE_NOUNS.has(head.form)) fresh.push(head.form);
    if (words.length === 0 || words.length > 2 || phrase.length > 30 || words.every((w) => stop.has(w)) || !/\p{L}/u.test(phrase)) continue;
    if (stop.has(words[0]!) || stop.has(words.at(-1)!)) continue;
    // "gin indexes" for a user who tags "indexes": the user's tag.
    const tag = existing.get(stem(words.at(-1)!)) ?? phrase.toLowerCase();
    fresh.push(tag);
    if (fresh.length >= max + suggestions + 10) break;
  }
  const all = dedupe([...reused, ...fresh], keyOf);
  // Once the user's own tags describe the page, add at most two new ones: a vocabulary that grows by
  // six words a link is one nobody can browse.
  const newAllowed = reused.length >= 2 ? 2 : max;
  const tags: string[] = [];
  let added = 0;
  for (const tag of all) {
    if (tags.length === max) break;
    const isNew = !existing.has(keyOf(tag));
    if (isNew && added >= newAllowed) continue;
    tags.push(tag);
    if (isNew) added++;
  }
  return { tags, suggestions: all.filter((t) => !tags.includes(t)).slice(0, suggestions) };
}

function dedupe(tags: string[], keyOf: (t: string) => string): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = keyOf(tag);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
