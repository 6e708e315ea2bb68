import type { PublicLink } from "./links";

/**
 * The dashboard's loaded links, kept in the server's order (newest save first, then id) while
 * pages, events and snapshots arrive in any order. Pure, so it is tested without a browser.
 */
type Listed = Pick<PublicLink, "id" | "savedAt" | "updatedAt">;

/** The server's order: saved_at desc, id desc (uuids in lower-case hex compare as Postgres does). */
export function compareLinks(a: Listed, b: Listed): number {
  const byTime = Date.parse(b.savedAt) - Date.parse(a.savedAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The newer copy of one link (events and snapshots may cross). */
export function newerLink<T extends Listed>(a: T, b: T): T {
  return Date.parse(b.updatedAt) >= Date.parse(a.updatedAt) ? b : a;
}

/**
 * A link from an event or an action. A link not loaded yet joins only if it falls within the
 * loaded range (or everything is loaded): an old link changing must not jump into the page.
 */
export function upsertLinkInList<T extends Listed>(list: T[], link: T, { hasMore }: { hasMore: boolean }): T[] {
  const index = list.findIndex((l) => l.id === link.id);
  if (index === -1) {
    const last = list[list.length - 1];
    if (hasMore && last && compareLinks(link, last) > 0) return list;
    return [...list, link].sort(compareLinks);
  }
  const next = [...list];
  next[index] = newerLink(list[index]!, link);
  return next.sort(compareLinks);
}

/** The next page (Load more): links already shown (moved by an event meanwhile) are not repeated. */
export function appendPage<T extends Listed>(list: T[], page: T[]): T[] {
  const known = new Map(list.map((l) => [l.id, l]));
  const added = page.filter((l) => !known.has(l.id));
  return [...list, ...added].sort(compareLinks);
}

/**
 * A fresh copy of the first links (after a reconnect or a poll) merged into what is loaded:
 * within the snapshot's range the server is right (links gone from it were deleted or moved);
 * below it the loaded pages stay. `complete` means the snapshot holds every link.
 */
export function mergeSnapshot<T extends Listed>(list: T[], fresh: T[], { complete }: { complete: boolean }): T[] {
  const known = new Map(list.map((l) => [l.id, l]));
  const merged = fresh.map((link) => (known.has(link.id) ? newerLink(known.get(link.id)!, link) : link));
  if (complete) return merged.sort(compareLinks);
  const bottom = fresh[fresh.length - 1];
  const freshIds = new Set(fresh.map((l) => l.id));
  const below = list.filter((l) => !freshIds.has(l.id) && (!bottom || compareLinks(l, bottom) > 0));
  return [...merged, ...below].sort(compareLinks);
}
