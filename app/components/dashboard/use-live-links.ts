import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, apiFetchPage } from "~/lib/api-client";
import type { PublicArtifact } from "~/lib/artifacts";
import type { PublicBulkOperation } from "~/lib/bulk";
import { appendPage, applyLiveChanges, compareLinks, foldLiveChange, mergeSnapshot, newerLink, sameJson, upsertLinkInList, type LiveBook, type LiveChange } from "~/lib/link-list";
import type { PublicImport } from "~/lib/imports";
import { FILTER_KEYS, keepsMatching, searchQuery, type SearchState } from "~/lib/link-search";
import { whenIdle } from "~/lib/when-idle";
import { LINKS_PAGE_SIZE, type LinkStats, type PublicLink } from "~/lib/links";

const POLL_OFFLINE_MS = 4_000;
const POLL_LIVE_MS = 15_000;
/** Events come in bursts (a batch enriched): one count for the burst, and one at least this often during a long one. */
const STATS_DEBOUNCE_MS = 400;
const STATS_MAX_WAIT_MS = 2_000;
/** Live events are applied together, at most this often: an import's thousands are a few renders, never one each. */
const LIVE_BATCH_MS = 250;
/** The filters the browser can judge on a link (keepsMatching): a new link is counted for such a view only. */
const BROWSER_FILTERS = new Set(["tag", "status", "state", "domain"]);

export type LinkEvent = { type: "link"; link: PublicLink } | { type: "link-deleted"; id: string };

const pageUrl = (before: string | null, query = "", limit = LINKS_PAGE_SIZE) => `/api/links?limit=${limit}${query ? `&${query}` : ""}${before ? `&before=${encodeURIComponent(before)}` : ""}`;
/** The API's largest page: what "show" reloads at most, so the pages loaded with Load more stay. */
const SHOW_NEW_MAX = 200;
/** How long typing pauses before the search is asked for. */
const SEARCH_DEBOUNCE_MS = 200;

/**
 * The user's links, a page at a time, kept current: server-sent events from /api/events push each
 * status change. Events sent before the stream (re)connected would be missed, so every
 * (re)connect resyncs the first links from the API (the pages loaded below them stay); and while
 * links are pending, a slow poll backs the stream up (a fast one when the stream is down). The
 * statistics are the database's count, asked again after changes.
 */
/**
 * An event never adds a row (decision 043): it updates a row shown, takes a deleted one away (and
 * puts it back when restored), and counts a link new since the rows were loaded in `unseen`, which
 * the page offers as "N new links — show" (`showNew` loads the list again from the top, as many
 * rows as are shown). Events are
 * applied in batches (LIVE_BATCH_MS), so an import heard live costs a few renders of the rows
 * shown, whatever its size. Links the user saves or restores on this page (`upsert`) appear at once.
 *
 * With a search or filters (`search`), the list is the server's answer for them: typing asks again
 * (debounced, the stale request aborted), Load more continues with the same filters, and a held
 * link is updated, or dropped once it no longer passes the filters the browser can check; a new
 * link is counted only when those are all the view's filters.
 */
export function useLiveLinks(initial: { links: PublicLink[]; nextCursor: string | null; stats: LinkStats; asOf?: number }, search: SearchState = {}) {
  const query = searchQuery(search);
  const queryRef = useRef(query);
  queryRef.current = query;
  const searchRef = useRef(search);
  searchRef.current = search;
  const [links, setLinks] = useState(initial.links);
  const [searching, setSearching] = useState(false);
  // The server's cursor after the last page loaded: it holds that page's end, so links moved by
  // a re-save meanwhile neither restart the paging nor make it skip.
  const [nextCursor, setNextCursor] = useState(initial.nextCursor);
  const nextCursorRef = useRef(nextCursor);
  nextCursorRef.current = nextCursor;
  const hasMore = nextCursor !== null;
  const [stats, setStats] = useState(initial.stats);
  const [loadingMore, setLoadingMore] = useState(false);
  const [live, setLive] = useState(false);
  const linksRef = useRef(links);
  linksRef.current = links;
  const hasMoreRef = useRef(hasMore);
  hasMoreRef.current = hasMore;
  /** Every change of the rows goes through here, so the live batches always start from the latest. */
  const commit = useCallback((next: PublicLink[]) => {
    linksRef.current = next;
    setLinks(next);
  }, []);

  // The server's clock when the rows were loaded: links created or saved after it are new. The
  // browser's clock may differ from the server's; the loader's time gives the difference.
  const clockOffset = useRef(0);
  const loadedAt = useRef(initial.asOf);
  useEffect(() => {
    // On hydration, right after the page was loaded: the network's delay is in the difference.
    if (loadedAt.current !== undefined) clockOffset.current = loadedAt.current - Date.now();
  }, []);
  const serverNow = useCallback(() => Date.now() + clockOffset.current, []);
  const since = useRef<number | null>(initial.asOf ?? null);
  const book = useRef<LiveBook>({ unseen: new Map(), removed: new Set() });
  const [unseen, setUnseen] = useState(0);

  const statsTimer = useRef<ReturnType<typeof setTimeout>>();
  const statsFirstAsked = useRef(0);
  const refreshStats = useCallback(() => {
    // Debounced, but a long burst (an import) still gets a fresh count every STATS_MAX_WAIT_MS.
    if (statsTimer.current !== undefined && Date.now() - statsFirstAsked.current >= STATS_MAX_WAIT_MS) return;
    if (statsTimer.current === undefined) statsFirstAsked.current = Date.now();
    clearTimeout(statsTimer.current);
    statsTimer.current = setTimeout(() => {
      statsTimer.current = undefined;
      // The same counts keep the same object: nothing that follows the statistics redraws for them.
      apiFetch<LinkStats>("/api/links/stats").then((next) => setStats((current) => (sameJson(current, next) ? current : next)), () => undefined);
    }, STATS_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => clearTimeout(statsTimer.current), []);

  // Other views of the same links (the Enrichments tab) hear every change too.
  const linkListeners = useRef(new Set<(event: LinkEvent) => void>());
  const onLinkEvent = useCallback((listener: (event: LinkEvent) => void) => {
    linkListeners.current.add(listener);
    return () => void linkListeners.current.delete(listener);
  }, []);

  // Rows a change of the user's own took out of a filtered view, and where they were: Undo puts
  // them back there (the filter's order may be the server's alone: relevance, duplicate groups).
  const leftView = useRef(new Map<string, { query: string; index: number; row: PublicLink }>());

  /** A link the user saved, changed or restored on this page: shown at once. */
  const upsert = useCallback(
    (link: PublicLink) => {
      const current = linksRef.current;
      if (!queryRef.current) {
        // The library leaves archived links out (decision 056): archiving one here takes its row away.
        commit(keepsMatching(link, {}) ? upsertLinkInList(current, link, { hasMore: hasMoreRef.current }) : current.filter((l) => l.id !== link.id));
      } else {
        // A filtered view keeps the server's order (maybe by relevance) and only what it holds.
        const index = current.findIndex((l) => l.id === link.id);
        const left = leftView.current.get(link.id);
        leftView.current.delete(link.id);
        if (index !== -1 && !keepsMatching(link, searchRef.current)) {
          leftView.current.set(link.id, { query: queryRef.current, index, row: current[index]! });
          commit(current.filter((l) => l.id !== link.id));
        } else if (index !== -1) commit(current.map((l, i) => (i === index ? { ...newerLink(l, link), highlight: l.highlight } : l)));
        else if (left?.query === queryRef.current && keepsMatching(link, searchRef.current)) {
          // Undone (unarchived, say): it matched this view before the change, and does again.
          const at = Math.min(left.index, current.length);
          commit([...current.slice(0, at), { ...newerLink(left.row, link), highlight: left.row.highlight }, ...current.slice(at)]);
        }
      }
      book.current.removed.delete(link.id);
      if (book.current.unseen.delete(link.id)) setUnseen(book.current.unseen.size);
      linkListeners.current.forEach((listener) => listener({ type: "link", link }));
      refreshStats();
    },
    [commit, refreshStats],
  );
  /** A link the user deleted on this page: gone at once (and put back by its restore, here or elsewhere). */
  const remove = useCallback(
    (id: string) => {
      commit(linksRef.current.filter((l) => l.id !== id));
      book.current.removed.add(id);
      linkListeners.current.forEach((listener) => listener({ type: "link-deleted", id }));
      refreshStats();
    },
    [commit, refreshStats],
  );

  // The event stream's changes wait here, one per link, until the next batch.
  const queued = useRef(new Map<string, LiveChange<PublicLink>>());
  const batchTimer = useRef<ReturnType<typeof setTimeout>>();
  const flush = useCallback(() => {
    batchTimer.current = undefined;
    const changes = [...queued.current.values()];
    queued.current.clear();
    if (changes.length === 0) return;
    const state = searchRef.current;
    const filtered = Boolean(queryRef.current);
    const judged = FILTER_KEYS.every((key) => !state[key]?.trim() || BROWSER_FILTERS.has(key));
    const before = linksRef.current;
    const next = applyLiveChanges(before, changes, book.current, {
      since: since.current ?? serverNow(),
      // Unfiltered, the test is the library's: an archived link leaves it (decision 056).
      keep: (link) => keepsMatching(link, state),
      counts: filtered ? (link) => judged && keepsMatching(link, state) : (link) => keepsMatching(link, state),
      // A relevance search keeps the server's order.
      ordered: !(state.sort === "relevance" && state.q),
    });
    // A search's rows keep where the search matched.
    if (filtered) {
      const highlights = new Map(before.map((link) => [link.id, link.highlight]));
      next.forEach((link, i) => {
        if (highlights.get(link.id) && !link.highlight) next[i] = { ...link, highlight: highlights.get(link.id) };
      });
    }
    if (next.length !== before.length || next.some((link, i) => link !== before[i])) commit(next);
    setUnseen(book.current.unseen.size);
    changes.forEach((change) =>
      linkListeners.current.forEach((listener) => listener(change.type === "link-deleted" ? change : { type: "link", link: change.link })),
    );
    refreshStats();
  }, [commit, refreshStats, serverNow]);
  const enqueue = useCallback(
    (change: LiveChange<PublicLink>) => {
      const id = change.type === "link-deleted" ? change.id : change.link.id;
      queued.current.set(id, foldLiveChange(queued.current.get(id), change));
      batchTimer.current ??= setTimeout(flush, LIVE_BATCH_MS);
    },
    [flush],
  );
  useEffect(() => () => clearTimeout(batchTimer.current), []);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    try {
      const asked = queryRef.current;
      const page = await apiFetchPage<PublicLink>(pageUrl(nextCursorRef.current, asked));
      // Another search or filter was picked meanwhile: this page is of a view no longer shown.
      if (asked !== queryRef.current) return;
      const current = linksRef.current;
      if (!queryRef.current) commit(appendPage(current, page.items));
      else {
        const known = new Set(current.map((l) => l.id));
        commit([...current, ...page.items.filter((l) => !known.has(l.id))]);
      }
      setNextCursor(page.nextCursor);
    } finally {
      setLoadingMore(false);
    }
  }, [commit]);

  // On-demand results (quiz, course...) arrive on the same stream; cards listen for their link.
  const artifactListeners = useRef(new Set<(linkId: string, artifact: PublicArtifact) => void>());
  const onArtifact = useCallback((listener: (linkId: string, artifact: PublicArtifact) => void) => {
    artifactListeners.current.add(listener);
    return () => void artifactListeners.current.delete(listener);
  }, []);

  // The import panel hears an import's progress on the same stream.
  const importListeners = useRef(new Set<(progress: PublicImport) => void>());
  const onImport = useCallback((listener: (progress: PublicImport) => void) => {
    importListeners.current.add(listener);
    return () => void importListeners.current.delete(listener);
  }, []);

  // The bulk toolbar hears its operation's progress on the same stream.
  const bulkListeners = useRef(new Set<(progress: PublicBulkOperation) => void>());
  const onBulk = useCallback((listener: (progress: PublicBulkOperation) => void) => {
    bulkListeners.current.add(listener);
    return () => void bulkListeners.current.delete(listener);
  }, []);

  /** The links shown now are the user's to see: no longer counted as new. */
  const markShown = useCallback(() => {
    linksRef.current.forEach((link) => book.current.unseen.delete(link.id));
    setUnseen(book.current.unseen.size);
  }, []);

  /**
   * After an action of the user's own on many links (a bulk action): the first links again,
   * merged into what is loaded (at most 200 of them, whatever happened meanwhile).
   */
  const resync = useCallback(async () => {
    if (queryRef.current) {
      // Filtered: the server's first page again, in its order.
      const asked = queryRef.current;
      const page = await apiFetchPage<PublicLink>(pageUrl(null, asked)).catch(() => null);
      if (!page || asked !== queryRef.current) return;
      commit(page.items);
      setNextCursor(page.nextCursor);
      markShown();
      refreshStats();
      return;
    }
    const limit = Math.max(LINKS_PAGE_SIZE, Math.min(200, linksRef.current.length));
    const fresh = await apiFetch<PublicLink[]>(`/api/links?limit=${limit}`).catch(() => null);
    // The library's links, not those of a filter picked while they came.
    if (!fresh || queryRef.current) return;
    const complete = fresh.length < limit;
    // A snapshot can be older than an event that arrived while it was in flight.
    commit(mergeSnapshot(linksRef.current, fresh, { complete }));
    if (complete) setNextCursor(null);
    markShown();
    refreshStats();
  }, [commit, markShown, refreshStats]);

  /**
   * "N new links — show", and the end of an import: the first page again, from now on the
   * reference for what is new. Pages loaded below it go (Load more brings them again).
   */
  const showNew = useCallback(async () => {
    const asked = queryRef.current;
    const from = serverNow();
    // As many rows as are shown (up to the API's page limit): Load more's pages are not dropped.
    const shown = Math.max(LINKS_PAGE_SIZE, Math.min(SHOW_NEW_MAX, linksRef.current.length));
    const page = await apiFetchPage<PublicLink>(pageUrl(null, asked, shown));
    if (asked !== queryRef.current) return;
    since.current = from;
    for (const [id, at] of book.current.unseen) if (at <= from) book.current.unseen.delete(id);
    commit(page.items);
    setNextCursor(page.nextCursor);
    markShown();
    refreshStats();
  }, [commit, markShown, refreshStats, serverNow]);

  /** The same, for an import's end: nothing to say when it fails (the list stays as it was). */
  const reload = useCallback(() => void showNew().catch(() => undefined), [showNew]);

  /**
   * After the stream (re)connects, and while rows shown are pending: what the events may have
   * missed, applied as events are (rows shown updated or dropped, new links counted).
   */
  const catchUp = useCallback(async () => {
    const asked = queryRef.current;
    const limit = Math.max(LINKS_PAGE_SIZE, Math.min(200, linksRef.current.length));
    const fresh = await apiFetch<PublicLink[]>(`/api/links?limit=${limit}${asked ? `&${asked}` : ""}`).catch(() => null);
    if (!fresh || asked !== queryRef.current) return;
    fresh.forEach((link) => enqueue({ type: "link", link }));
    if (!asked) {
      // Within the snapshot's range the server is right: a row missing from it was deleted.
      const complete = fresh.length < limit;
      const bottom = fresh[fresh.length - 1];
      const ids = new Set(fresh.map((link) => link.id));
      for (const link of linksRef.current) {
        if (!ids.has(link.id) && (complete || (bottom && compareLinks(link, bottom) <= 0))) enqueue({ type: "link-deleted", id: link.id });
      }
    }
  }, [enqueue]);

  // A new search or filter: its first page, once typing pauses; a newer one aborts this one.
  const firstQuery = useRef(query);
  useEffect(() => {
    if (firstQuery.current === query) return;
    firstQuery.current = "\u0000";
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      const asked = serverNow();
      apiFetchPage<PublicLink>(pageUrl(null, query), { signal: controller.signal }).then(
        (page) => {
          commit(page.items);
          setNextCursor(page.nextCursor);
          // Another view: what is new is counted for it afresh.
          since.current = asked;
          book.current.unseen.clear();
          setUnseen(0);
          setSearchError(null);
          setSearching(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setSearchError(error instanceof Error ? error.message : "Search failed");
          setSearching(false);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, commit, serverNow]);
  const [searchError, setSearchError] = useState<string | null>(null);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    // Connected once the page is loaded and idle (decision 072): the catch-up on opening covers
    // what was sent before, as it does after a reconnect.
    let source: EventSource | null = null;
    const cancel = whenIdle(() => {
      const stream = new EventSource("/api/events");
      source = stream;
      stream.addEventListener("open", () => {
        // The page's other state does not wait for this redraw (a transition, drawn in slices).
        startTransition(() => setLive(true));
        void catchUp();
      });
      stream.addEventListener("error", () => setLive(false));
      stream.addEventListener("link", (event) => enqueue({ type: "link", link: (JSON.parse((event as MessageEvent).data) as { link: PublicLink }).link }));
      // Undo in another tab: a row deleted here comes back where it was.
      stream.addEventListener("link-restored", (event) => enqueue({ type: "link-restored", link: (JSON.parse((event as MessageEvent).data) as { link: PublicLink }).link }));
      stream.addEventListener("artifact", (event) => {
        const data = JSON.parse((event as MessageEvent).data) as { linkId: string; artifact: PublicArtifact };
        artifactListeners.current.forEach((listener) => listener(data.linkId, data.artifact));
      });
      stream.addEventListener("import", (event) => {
        const progress = (JSON.parse((event as MessageEvent).data) as { import: PublicImport }).import;
        importListeners.current.forEach((listener) => listener(progress));
      });
      stream.addEventListener("bulk", (event) => {
        const progress = (JSON.parse((event as MessageEvent).data) as { bulk: PublicBulkOperation }).bulk;
        bulkListeners.current.forEach((listener) => listener(progress));
      });
      stream.addEventListener("link-deleted", (event) => enqueue({ type: "link-deleted", id: (JSON.parse((event as MessageEvent).data) as { id: string }).id }));
    });
    return () => {
      cancel();
      source?.close();
    };
  }, [enqueue, catchUp]);

  useEffect(() => {
    const timer = setInterval(
      () => {
        if (linksRef.current.some((l) => l.status === "pending")) void catchUp();
      },
      live ? POLL_LIVE_MS : POLL_OFFLINE_MS,
    );
    return () => clearInterval(timer);
  }, [live, catchUp]);

  return { links, hasMore, loadingMore, loadMore, stats, live, upsert, remove, onArtifact, onLinkEvent, onImport, onBulk, resync, unseen, showNew, reload, serverNow, searching, searchError };
}
