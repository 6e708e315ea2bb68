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

/**
 * A link's tags as three lists (decision 040): `tags` is what every page, filter, search and
 * export shows (the user's own first, then the engine's); `userTags` are the user's own, which
 * enrichment never removes or renames; `dismissedTags` are those the user took off, which
 * enrichment never adds or suggests again.
 */
export interface OwnTags {
  tags: string[];
  userTags: string[];
  dismissedTags: string[];
}

const keysOf = (tags: Iterable<string>) => new Set([...tags].map((tag) => tag.toLowerCase()));

/** The user's first, then the engine's they do not already have. */
function shown(userTags: string[], tags: string[]): string[] {
  const own = keysOf(userTags);
  return uniqueTags([...userTags, ...tags.filter((tag) => !own.has(tag.toLowerCase()))]);
}

/** The user sets the whole set (the tag editor): all of it is theirs, and what they took off stays off. */
export function setOwnTags(current: OwnTags, next: string[]): OwnTags {
  const tags = uniqueTags(next);
  const kept = keysOf(tags);
  const removed = [...current.tags, ...current.userTags].filter((tag) => !kept.has(tag.toLowerCase()));
  return { tags, userTags: tags, dismissedTags: uniqueTags([...current.dismissedTags.filter((tag) => !kept.has(tag.toLowerCase())), ...removed]) };
}

/** The user adds tags (bulk tag, an accepted suggestion): theirs now, even one the engine gave. */
export function addOwnTags(current: OwnTags, add: string[]): OwnTags {
  const added = keysOf(add);
  const userTags = uniqueTags([...current.userTags, ...add]);
  return { tags: shown(userTags, current.tags), userTags, dismissedTags: current.dismissedTags.filter((tag) => !added.has(tag.toLowerCase())) };
}

/** The user takes tags off, theirs or the engine's: gone, and never added back by enrichment. */
export function removeOwnTags(current: OwnTags, remove: string[]): OwnTags {
  const removed = keysOf(remove);
  const keep = (tag: string) => !removed.has(tag.toLowerCase());
  return { tags: current.tags.filter(keep), userTags: current.userTags.filter(keep), dismissedTags: uniqueTags([...current.dismissedTags, ...remove]) };
}

/**
 * The user renames a tag on one link (the sidebar's rename, decision 051): `from` (any case)
 * becomes `to` wherever it is, and a link that already had `to` keeps one (a merge). The renamed
 * tag is the user's own from now on (so enrichment keeps it), and `from` is dismissed (so a
 * re-enrichment does not bring the old name back) unless only its case changed.
 */
export function renameOwnTag(current: OwnTags, from: string, to: string): OwnTags {
  const fromKey = from.toLowerCase();
  const toKey = to.toLowerCase();
  const replace = (list: string[]) => uniqueTags(list.map((tag) => (tag.toLowerCase() === fromKey ? to : tag)));
  const hadIt = [...current.tags, ...current.userTags].some((tag) => tag.toLowerCase() === fromKey);
  if (!hadIt) return current;
  const userTags = uniqueTags([...replace(current.userTags), to]);
  const tags = shown(userTags, replace(current.tags));
  const dismissedTags = uniqueTags([...current.dismissedTags.filter((tag) => tag.toLowerCase() !== toKey), ...(fromKey === toKey ? [] : [from])]);
  return { tags, userTags, dismissedTags };
}
