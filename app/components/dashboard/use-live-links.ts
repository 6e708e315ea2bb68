import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, apiFetchPage } from "~/lib/api-client";
import type { PublicArtifact } from "~/lib/artifacts";
import type { PublicBulkOperation } from "~/lib/bulk";
import { appendPage, mergeSnapshot, upsertLinkInList } from "~/lib/link-list";
import type { PublicImport } from "~/lib/imports";
import { LINKS_PAGE_SIZE, type LinkStats, type PublicLink } from "~/lib/links";

const POLL_OFFLINE_MS = 4_000;
const POLL_LIVE_MS = 15_000;
/** Events come in bursts (a batch enriched): one count for the burst. */
const STATS_DEBOUNCE_MS = 400;

export type LinkEvent = { type: "link"; link: PublicLink } | { type: "link-deleted"; id: string };

const pageUrl = (before: string | null) => `/api/links?limit=${LINKS_PAGE_SIZE}${before ? `&before=${encodeURIComponent(before)}` : ""}`;

/**
 * The user's links, a page at a time, kept current: server-sent events from /api/events push each
 * status change. Events sent before the stream (re)connected would be missed, so every
 * (re)connect resyncs the first links from the API (the pages loaded below them stay); and while
 * links are pending, a slow poll backs the stream up (a fast one when the stream is down). The
 * statistics are the database's count, asked again after changes.
 */
export function useLiveLinks(initial: { links: PublicLink[]; nextCursor: string | null; stats: LinkStats }) {
  const [links, setLinks] = useState(initial.links);
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
      setLinks((current) => upsertLinkInList(current, link, { hasMore: hasMoreRef.current }));
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
      const page = await apiFetchPage<PublicLink>(pageUrl(nextCursorRef.current));
      setLinks((current) => appendPage(current, page.items));
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
    const limit = Math.max(LINKS_PAGE_SIZE, Math.min(200, linksRef.current.length));
    const fresh = await apiFetch<PublicLink[]>(`/api/links?limit=${limit}`).catch(() => null);
    if (!fresh) return;
    const complete = fresh.length < limit;
    // A snapshot can be older than an event that arrived while it was in flight.
    setLinks((current) => mergeSnapshot(current, fresh, { complete }));
    if (complete) setNextCursor(null);
    refreshStats();
  }, [refreshStats]);

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

  return { links, hasMore, loadingMore, loadMore, stats, live, upsert, remove, onArtifact, onLinkEvent, onImport, onBulk, resync };
}
