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

/** Whether two JSON values say the same (key order aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The newer copy of one link (events and snapshots may cross). A copy that says the same as `a`
 * gives `a` itself: the dashboard's rows are memoised on their link, so a catch-up that brings
 * the same 50 links again redraws none of them (decision 061).
 */
export function newerLink<T extends Listed>(a: T, b: T): T {
  if (Date.parse(b.updatedAt) < Date.parse(a.updatedAt)) return a;
  return sameJson(a, b) ? a : b;
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

/** When a link became new to the list: its creation, or a later save (a re-save moves it to the top). */
export const newSince = (link: Pick<PublicLink, "createdAt" | "savedAt">) => Math.max(Date.parse(link.createdAt), Date.parse(link.savedAt));

/** What the event stream says about one link (several for one link in a burst fold into the last). */
export type LiveChange<T> = { type: "link" | "link-restored"; link: T } | { type: "link-deleted"; id: string };

/** Two changes to one link in a burst: the later wins, except an older copy arriving late. */
export function foldLiveChange<T extends Listed>(earlier: LiveChange<T> | undefined, later: LiveChange<T>): LiveChange<T> {
  if (earlier && earlier.type !== "link-deleted" && later.type !== "link-deleted") {
    return { type: later.type === "link-restored" || earlier.type === "link-restored" ? "link-restored" : "link", link: newerLink(earlier.link, later.link) };
  }
  return later;
}

export interface LiveBook {
  /**
   * Links new since the rows were loaded (saved or created after `since`) and not shown, with that
   * time (ms): the "N new links" count.
   */
  unseen: Map<string, number>;
  /** Rows a delete took away: the only links an event may put back (Undo, here or in another tab). */
  removed: Set<string>;
}

/**
 * A burst of events applied to the rows shown: a row shown is updated (or dropped when deleted, or
 * when it no longer passes `keep`, a filtered view's test); a deleted row comes back when restored;
 * anything else never becomes a row, whatever its number: a link new since `since` (a time in ms)
 * is counted in `book.unseen`, an older one changing elsewhere is none of this page's business.
 * So a live page never holds more rows than were loaded. `book` is updated in place.
 */
export function applyLiveChanges<T extends Listed & { createdAt: string }>(
  list: T[],
  changes: Iterable<LiveChange<T>>,
  book: LiveBook,
  { since, keep = () => true, counts = () => true, ordered = true }: {
    since: number;
    /** Whether a row shown may stay (a filtered view's test on the changed link). */
    keep?: (link: T) => boolean;
    /** Whether a new link not shown counts as one the view would show (a filtered view's test). */
    counts?: (link: T) => boolean;
    /** The rows are in saved order (not a search's relevance): a restored row goes back into its place. */
    ordered?: boolean;
  },
): T[] {
  const index = new Map(list.map((link, i) => [link.id, i]));
  const next: Array<T | null> = [...list];
  const added: T[] = [];
  for (const change of changes) {
    if (change.type === "link-deleted") {
      book.unseen.delete(change.id);
      const at = index.get(change.id);
      if (at !== undefined && next[at]) {
        next[at] = null;
        book.removed.add(change.id);
      }
      continue;
    }
    const { link } = change;
    const at = index.get(link.id);
    if (at !== undefined && next[at]) {
      // An older state than the row shows (an event that came after the user's later change, an
      // Undo's answer say) neither changes nor drops it.
      if (Date.parse(link.updatedAt) < Date.parse(next[at]!.updatedAt)) continue;
      next[at] = keep(link) ? newerLink(next[at]!, link) : null;
    } else if (change.type === "link-restored" && book.removed.has(link.id) && ordered && keep(link)) {
      book.removed.delete(link.id);
      added.push(link);
    } else if (newSince(link) > since && counts(link)) {
      book.unseen.set(link.id, newSince(link));
    }
  }
  const kept = next.filter((link): link is T => link !== null);
  const result = added.length ? [...kept, ...added] : kept;
  return ordered ? result.sort(compareLinks) : result;
}
