import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, apiFetchPage } from "~/lib/api-client";
import type { PublicArtifact } from "~/lib/artifacts";
import type { PublicBulkOperation } from "~/lib/bulk";
import { appendPage, mergeSnapshot, newerLink, upsertLinkInList } from "~/lib/link-list";
import type { PublicImport } from "~/lib/imports";
import { keepsMatching, searchQuery, type SearchState } from "~/lib/link-search";
import { LINKS_PAGE_SIZE, type LinkStats, type PublicLink } from "~/lib/links";

const POLL_OFFLINE_MS = 4_000;
const POLL_LIVE_MS = 15_000;
/** Events come in bursts (a batch enriched): one count for the burst. */
const STATS_DEBOUNCE_MS = 400;

export type LinkEvent = { type: "link"; link: PublicLink } | { type: "link-deleted"; id: string };

const pageUrl = (before: string | null, query = "") => `/api/links?limit=${LINKS_PAGE_SIZE}${query ? `&${query}` : ""}${before ? `&before=${encodeURIComponent(before)}` : ""}`;
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
 * With a search or filters (`search`), the list is the server's answer for them: typing asks again
 * (debounced, the stale request aborted), Load more continues with the same filters, and an event
 * never adds a link the view does not hold (only the server can say it matches); a held link is
 * updated, or dropped once it no longer passes the filters the browser can check.
 */
export function useLiveLinks(initial: { links: PublicLink[]; nextCursor: string | null; stats: LinkStats }, search: SearchState = {}) {
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

  const statsTimer = useRef<ReturnType<typeof setTimeout>>();
  const refreshStats = useCallback(() => {
    clearTimeout(statsTimer.current);
    statsTimer.current = setTimeout(() => {
      apiFetch<LinkStats>("/api/links/stats").then(setStats, () => undefined);
    }, STATS_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => clearTimeout(statsTimer.current), []);

  // Other views of the same links (the Enrichments tab) hear every change too.
  const linkListeners = useRef(new Set<(event: LinkEvent) => void>());
  const onLinkEvent = useCallback((listener: (event: LinkEvent) => void) => {
    linkListeners.current.add(listener);
    return () => void linkListeners.current.delete(listener);
  }, []);

  const upsert = useCallback(
    (link: PublicLink) => {
      setLinks((current) => {
        if (!queryRef.current) return upsertLinkInList(current, link, { hasMore: hasMoreRef.current });
        // A filtered view keeps the server's order (maybe by relevance) and only what it holds.
        const index = current.findIndex((l) => l.id === link.id);
        if (index === -1) return current;
        if (!keepsMatching(link, searchRef.current)) return current.filter((l) => l.id !== link.id);
        const next = [...current];
        next[index] = { ...newerLink(current[index]!, link), highlight: current[index]!.highlight };
        return next;
      });
      linkListeners.current.forEach((listener) => listener({ type: "link", link }));
      refreshStats();
    },
    [refreshStats],
  );
  const remove = useCallback(
    (id: string) => {
      setLinks((current) => current.filter((l) => l.id !== id));
      linkListeners.current.forEach((listener) => listener({ type: "link-deleted", id }));
      refreshStats();
    },
    [refreshStats],
  );

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    try {
      const page = await apiFetchPage<PublicLink>(pageUrl(nextCursorRef.current, queryRef.current));
      setLinks((current) => {
        if (!queryRef.current) return appendPage(current, page.items);
        const known = new Set(current.map((l) => l.id));
        return [...current, ...page.items.filter((l) => !known.has(l.id))];
      });
      setNextCursor(page.nextCursor);
    } finally {
      setLoadingMore(false);
    }
  }, []);

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

  const resync = useCallback(async () => {
    if (queryRef.current) {
      // Filtered: the server's first page again, in its order.
      const asked = queryRef.current;
      const page = await apiFetchPage<PublicLink>(pageUrl(null, asked)).catch(() => null);
      if (!page || asked !== queryRef.current) return;
      setLinks(page.items);
      setNextCursor(page.nextCursor);
      refreshStats();
      return;
    }
    const limit = Math.max(LINKS_PAGE_SIZE, Math.min(200, linksRef.current.length));
    const fresh = await apiFetch<PublicLink[]>(`/api/links?limit=${limit}`).catch(() => null);
    if (!fresh) return;
    const complete = fresh.length < limit;
    // A snapshot can be older than an event that arrived while it was in flight.
    setLinks((current) => mergeSnapshot(current, fresh, { complete }));
    if (complete) setNextCursor(null);
    refreshStats();
  }, [refreshStats]);

  // A new search or filter: its first page, once typing pauses; a newer one aborts this one.
  const firstQuery = useRef(query);
  useEffect(() => {
    if (firstQuery.current === query) return;
    firstQuery.current = "\u0000";
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      apiFetchPage<PublicLink>(pageUrl(null, query), { signal: controller.signal }).then(
        (page) => {
          setLinks(page.items);
          setNextCursor(page.nextCursor);
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
  }, [query]);
  const [searchError, setSearchError] = useState<string | null>(null);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    source.addEventListener("open", () => {
      setLive(true);
      void resync();
    });
    source.addEventListener("error", () => setLive(false));
    source.addEventListener("link", (event) => upsert((JSON.parse((event as MessageEvent).data) as { link: PublicLink }).link));
    // Undo in another tab: the link comes back where it was.
    source.addEventListener("link-restored", (event) => upsert((JSON.parse((event as MessageEvent).data) as { link: PublicLink }).link));
    source.addEventListener("artifact", (event) => {
      const data = JSON.parse((event as MessageEvent).data) as { linkId: string; artifact: PublicArtifact };
      artifactListeners.current.forEach((listener) => listener(data.linkId, data.artifact));
    });
    source.addEventListener("import", (event) => {
      const progress = (JSON.parse((event as MessageEvent).data) as { import: PublicImport }).import;
      importListeners.current.forEach((listener) => listener(progress));
    });
    source.addEventListener("bulk", (event) => {
      const progress = (JSON.parse((event as MessageEvent).data) as { bulk: PublicBulkOperation }).bulk;
      bulkListeners.current.forEach((listener) => listener(progress));
    });
    source.addEventListener("link-deleted", (event) => remove((JSON.parse((event as MessageEvent).data) as { id: string }).id));
    return () => source.close();
  }, [upsert, remove, resync]);

  useEffect(() => {
    const timer = setInterval(
      () => {
        if (linksRef.current.some((l) => l.status === "pending")) void resync();
      },
      live ? POLL_LIVE_MS : POLL_OFFLINE_MS,
    );
    return () => clearInterval(timer);
  }, [live, resync]);

  return { links, hasMore, loadingMore, loadMore, stats, live, upsert, remove, onArtifact, onLinkEvent, onImport, onBulk, resync, searching, searchError };
}
