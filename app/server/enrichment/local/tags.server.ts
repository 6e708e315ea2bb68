/**
 * Tags from keyphrases, with a small vocabulary in mind: the user's existing tags come first
 * whenever the page mentions them (by stems, so "index" matches a page about "indexes"), a new
 * phrase whose head word is already one of the user's tags becomes that tag, and only a few new
 * tags are added per link once the user has tags that fit. Tags are short (at most two words)
 * and never a stop word of the page's language.
 */
import { LONG_PAGE_KEYPHRASE_CHARS, VAGUE_NOUNS, newsLike, rankKeyphrases } from "./keyphrases.server";
import { headFirst, headWord, pageLanguage, stemmerOf, stopWordsOf } from "./language.server";
import { dedupeByKey, newTagsAllowed, tagWords } from "../tag-vocabulary.server";

export interface TagInput {
  text: string;
  title?: string | null;
  headings?: string[];
  language?: string | null;
  existingTags?: string[];
}

/** How often a phrase occurs in the text, whole words, any case. */
function countOf(text: string, phrase: string): number {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
  return (text.slice(0, 20_000).match(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "giu")) ?? []).length;
}

/**
 * Tags for the page (best first) and further suggestions; `max` tags at most. Tags keep the case
 * the page writes them in for identifiers and acronyms ("useState hook", "GIN indexes") and the
 * user's own spelling for the user's tags; two tags are the same tag when they stem to the same
 * words whatever their case.
 */
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
  const keyOf = (phrase: string) => tagWords(phrase).map(stem).join(" ");
  const headOf = (words: string[]) => headWord(words, lang);
  // Keyphrases read the title, headings and the page's first KEYPHRASE_CHARS only (a long English
  // page's first LONG_PAGE_KEYPHRASE_CHARS): no need to join more.
  const headed = [input.title ?? "", ...(input.headings ?? []).slice(0, 20), input.text.slice(0, LONG_PAGE_KEYPHRASE_CHARS)].join("\n\n");
  // Tags users see on a long page that is not news (a guide, a README, a recipe) are noun phrases, not any
  // recurring word ("binary", "items", "minutes"): read as an abstract is, over its first part (issue 36).
  const nounPhrases = lang === "en" && !newsLike(input.text.slice(0, LONG_PAGE_KEYPHRASE_CHARS)) && input.text.split(/\s+/, 302).length > 300;
  const ranked = rankKeyphrases({ text: headed, title: input.title, language: lang, nounPhrases }).slice(0, 60);

  const existing = new Map<string, string>();
  for (const tag of input.existingTags ?? []) {
    const key = keyOf(tag);
    if (key && !existing.has(key)) existing.set(key, tag);
  }

  // The user's tags found on the page, in one pass over its stems: tags indexed by their first stem.
  const byFirst = new Map<string, string[][]>();
  for (const key of existing.keys()) {
    const stems = key.split(" ");
    if (stems.length <= 3) byFirst.set(stems[0]!, [...(byFirst.get(stems[0]!) ?? []), stems]);
  }
  const found = new Set<string>();
  if (byFirst.size > 0) {
    const stems = tagWords([input.title ?? "", ...(input.headings ?? []), input.text.slice(0, 6_000)].join("\n\n")).map(stem);
    for (let i = 0; i < stems.length; i++) {
      for (const tag of byFirst.get(stems[i]!) ?? []) if (tag.every((s, k) => stems[i + k] === s)) found.add(tag.join(" "));
    }
  }
  const rankOf = new Map<string, number>();
  ranked.forEach((k, i) => {
    const key = keyOf(k.phrase);
    if (!rankOf.has(key)) rankOf.set(key, i);
  });
  const reused = [...found].sort((a, b) => (rankOf.get(a) ?? 1e9) - (rankOf.get(b) ?? 1e9)).map((key) => existing.get(key)!);

  // A head word shared by several top phrases is a tag in itself ("indexes" for "GIN indexes" and
  // "BRIN indexes"): general tags keep the vocabulary small and group links.
  const heads = new Map<string, { count: number; form: string }>();
  for (const { phrase } of ranked.slice(0, 15)) {
    const words = phrase.split(" ");
    if (words.length < 2) continue;
    const head = headOf(words);
    const key = stem(head.toLowerCase());
    const entry = heads.get(key) ?? { count: 0, form: head };
    entry.count++;
    heads.set(key, entry);
  }
  const fresh: string[] = [];
  for (const { phrase } of ranked) {
    const words = phrase.split(" ");
    const lower = words.map((w) => w.toLowerCase());
    const head = words.length > 1 ? heads.get(stem(headOf(lower))) : undefined;
    if (head && head.count >= 2 && !stop.has(head.form.toLowerCase()) && !VAGUE_NOUNS.has(head.form.toLowerCase())) fresh.push(head.form);
    // Three words only for a phrase the page repeats: an English noun phrase ("question mark operator") with no
    // linking word inside, or in a language that puts the head first, a noun, a linking word and its complement
    // ("mémoire de traduction", "campo de fuerza"; F1@10 dev, tags shown, French 16.0 → 16.7, Spanish 14.7 → 17.5).
    // A phrase said once is too often a slip ("repeated lookups return").
    const linked = words.length === 3 && headFirst(lang) && stop.has(lower[1]!) && !stop.has(lower[2]!);
    if (words.length === 3 && ((lang !== "en" && !linked) || (lang === "en" && lower.some((w) => stop.has(w))) || countOf(input.text, phrase) < 2)) continue;
    if (words.length === 0 || words.length > 3 || phrase.length > 40 || lower.every((w) => stop.has(w)) || !/\p{L}/u.test(phrase)) continue;
    if (stop.has(lower[0]!) || stop.has(lower.at(-1)!)) continue;
    // One or two letters ("St" of "St. Petersburg") are no tag, unless an acronym ("AI", "Go" is not).
    if (words.length === 1 && phrase.length < 3 && !/^\p{Lu}+$/u.test(phrase)) continue;
    // "gin indexes" for a user who tags "indexes": the user's tag.
    const tag = existing.get(stem(headOf(lower))) ?? phrase;
    fresh.push(tag);
    if (fresh.length >= max + suggestions + 10) break;
  }
  const all = dedupeByKey([...reused, ...fresh], keyOf);
  // New tags per link: a new user's first links get up to `max`; after that, up to three when none
  // of the user's tags fit the page and one when some do. A vocabulary that grows by six words a
  // link is one nobody can browse (tag-vocabulary.server.test.ts: 500 varied links, about 600 tags).
  const newAllowed = newTagsAllowed(existing.size, reused.length, max);
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
