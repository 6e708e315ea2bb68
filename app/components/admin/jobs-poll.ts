import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "~/lib/api-client";

/** How often the jobs console asks again while its tab is visible. */
export const POLL_MS = 2_500;

/**
 * Reads a JSON endpoint now and every POLL_MS while the tab is visible, and at once when the tab
 * comes back. Polling rather than a stream: a missed answer is simply replaced by the next one.
 * `url` null pauses it. The last good answer stays on screen when one fails.
 */
export function usePolled<T>(url: string | null, initial: T | null = null) {
  const [data, setData] = useState<T | null>(initial);
  const [error, setError] = useState<string | null>(null);
  // Which url the data answers: after the url changes, the old answer stays until the new one comes.
  const [dataUrl, setDataUrl] = useState<string | null>(initial === null ? null : url);
  const generation = useRef(0);

  const load = useCallback(async () => {
    if (!url) return;
    const mine = ++generation.current;
    try {
      const answer = await apiFetch<T>(url);
      // An older, slower answer must not overwrite a newer one (the filter may have changed).
      if (mine === generation.current) {
        setData(answer);
        setDataUrl(url);
        setError(null);
      }
    } catch (caught) {
      if (mine === generation.current) setError(caught instanceof Error ? caught.message : "Could not load");
    }
  }, [url]);

  useEffect(() => {
    if (!url) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      if (document.visibilityState === "visible") await load();
      if (!stopped) timer = setTimeout(tick, POLL_MS);
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void load();
    };
    void tick();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [url, load]);

  return { data, error, refresh: load, stale: dataUrl !== url };
}

/** "3 s", "4 min", "2 h 5 min", "3 d". */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  return `${Math.floor(h / 24)} d`;
}

