import { useFetcher, useLocation, useOutletContext } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { LinkEvent } from "./use-live-links";

/** What the dashboard gives its nested detail route: the list's own live events (use-live-links). */
export interface LiveDetailContext {
  onLinkEvent: (listener: (event: LinkEvent) => void) => () => void;
}

/**
 * The open link's detail kept current: when the dashboard's event stream says the link changed
 * (Processing → Enriched or Failed, a retry, a title saved elsewhere), the detail route's loader
 * is asked again (a fetcher: that loader alone, not the list's) and its answer shown — the new
 * status, summary, tags, results and attempts — without a reload or a second stream. A newer
 * loader answer (another link opened) replaces it.
 */
export function useLiveDetail<Data extends { detail: { id: string; status: string; updatedAt: string } }>(loaded: Data): Data {
  const live = useOutletContext<LiveDetailContext | undefined>();
  const fetcher = useFetcher();
  const location = useLocation();
  // The fetched answer, with the loader answer it is newer than.
  const [fresh, setFresh] = useState<{ over: Data; data: Data } | null>(null);
  const shown = fresh && fresh.over === loaded ? fresh.data : loaded;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;

  const { load } = fetcher;
  const path = location.pathname;
  const onLinkEvent = live?.onLinkEvent;
  useEffect(() => {
    if (!onLinkEvent) return;
    return onLinkEvent((event) => {
      if (event.type !== "link") return;
      const { detail } = shownRef.current;
      if (event.link.id !== detail.id || (event.link.status === detail.status && event.link.updatedAt === detail.updatedAt)) return;
      load(path);
    });
  }, [onLinkEvent, load, path]);

  useEffect(() => {
    // Same route, same loader: its answer has the loader's shape.
    const data = fetcher.data as Data | undefined;
    if (fetcher.state === "idle" && data?.detail?.id === loadedRef.current.detail.id) setFresh({ over: loadedRef.current, data });
  }, [fetcher.data, fetcher.state]);

  return shown;
}
