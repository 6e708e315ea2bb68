import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "~/lib/api-client";
import type { PublicArtifact } from "~/lib/artifacts";
import type { PublicLink } from "~/lib/links";

const POLL_OFFLINE_MS = 4_000;

function newer(a: PublicLink, b: PublicLink): PublicLink {
  return Date.parse(b.updatedAt) >= Date.parse(a.updatedAt) ? b : a;
}
const POLL_LIVE_MS = 15_000;

/**
 * The user's links, kept current: server-sent events from /api/events push each status
 * change. Events sent before the stream (re)connected would be missed, so every (re)connect
 * resyncs from the API; and while links are pending, a slow poll backs the stream up
 * (a fast one when the stream is down).
 */
export function useLiveLinks(initial: PublicLink[]) {
  const [links, setLinks] = useState(initial);
  const [live, setLive] = useState(false);
  const linksRef = useRef(links);
  linksRef.current = links;

  const upsert = useCallback((link: PublicLink, { toTop = false } = {}) => {
    setLinks((current) => {
      const index = current.findIndex((l) => l.id === link.id);
      if (index === -1) return [link, ...current];
      const newest = newer(current[index]!, link);
      if (toTop) return [newest, ...current.filter((l) => l.id !== link.id)];
      const next = [...current];
      next[index] = newest;
      return next;
    });
  }, []);
  const remove = useCallback((id: string) => setLinks((current) => current.filter((l) => l.id !== id)), []);

  // On-demand results (quiz, course...) arrive on the same stream; cards listen for their link.
  const artifactListeners = useRef(new Set<(linkId: string, artifact: PublicArtifact) => void>());
  const onArtifact = useCallback((listener: (linkId: string, artifact: PublicArtifact) => void) => {
    artifactListeners.current.add(listener);
    return () => void artifactListeners.current.delete(listener);
  }, []);

  const resync = useCallback(async () => {
    const fresh = await apiFetch<PublicLink[]>(`/api/links?limit=${Math.max(50, Math.min(200, linksRef.current.length))}`).catch(() => null);
    if (!fresh) return;
    // A snapshot can be older than an event that arrived while it was in flight.
    setLinks((current) => {
      const known = new Map(current.map((l) => [l.id, l]));
      return fresh.map((link) => (known.has(link.id) ? newer(known.get(link.id)!, link) : link));
    });
  }, []);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    source.addEventListener("open", () => {
      setLive(true);
      void resync();
    });
    source.addEventListener("error", () => setLive(false));
    source.addEventListener("link", (event) => upsert((JSON.parse((event as MessageEvent).data) as { link: PublicLink }).link));
    source.addEventListener("artifact", (event) => {
      const data = JSON.parse((event as MessageEvent).data) as { linkId: string; artifact: PublicArtifact };
      artifactListeners.current.forEach((listener) => listener(data.linkId, data.artifact));
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

  return { links, live, upsert, remove, onArtifact };
}
