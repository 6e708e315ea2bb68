import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, apiFetchPage } from "~/lib/api-client";
import type { EnrichmentItem, PublicArtifact } from "~/lib/artifacts";
import type { FeatureAccessMap } from "~/lib/entitlements";
import { compareLinks } from "~/lib/link-list";
import { ENRICHMENTS_PAGE_SIZE, type LinkDetail } from "~/lib/links";
import { EnrichmentCard } from "./enrichment-card";
import { LoadMore } from "./load-more";
import type { LinkEvent } from "./use-live-links";

type Listener<T extends unknown[]> = (listener: (...args: T) => void) => () => void;

const pageUrl = (before: string | null) => `/api/links/enrichments?limit=${ENRICHMENTS_PAGE_SIZE}${before ? `&before=${encodeURIComponent(before)}` : ""}`;

/**
 * The Enrichments tab: enriched links a page at a time, one request per page (each card is told
 * which results exist; it fetches one only when opened). Live: a link enriched meanwhile joins at
 * its place, a re-enriched one is fetched again, a deleted one leaves.
 */
export function EnrichmentsTab({
  access,
  total,
  onArtifact,
  onLinkEvent,
}: {
  access: FeatureAccessMap;
  total: number;
  onArtifact: Listener<[string, PublicArtifact]>;
  onLinkEvent: Listener<[LinkEvent]>;
}) {
  const [items, setItems] = useState<EnrichmentItem[] | null>(null);
  // The server's cursor after the last page loaded (null: no more).
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const hasMore = nextCursor !== null;
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const state = useRef({ items, hasMore });
  state.current = { items, hasMore };

  const loadPage = useCallback(async (before: string | null) => {
    setLoading(true);
    try {
      const { items: page, nextCursor: next } = await apiFetchPage<EnrichmentItem>(pageUrl(before));
      setItems((current) => {
        const known = new Set((current ?? []).map((i) => i.link.id));
        return [...(current ?? []), ...page.filter((i) => !known.has(i.link.id))].sort((a, b) => compareLinks(a.link, b.link));
      });
      setNextCursor(next);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void loadPage(null);
  }, [loadPage]);

  useEffect(
    () =>
      onLinkEvent((event) => {
        if (event.type === "link-deleted") {
          setItems((current) => current && current.filter((i) => i.link.id !== event.id));
          return;
        }
        const { link } = event;
        const { items: current, hasMore: more } = state.current;
        if (!current) return;
        const existing = current.find((i) => i.link.id === link.id);
        const last = current[current.length - 1];
        const inRange = !more || !last || compareLinks(link, last.link) <= 0;
        if (link.status !== "enriched" || (!existing && !inRange)) return;
        if (existing && existing.link.enrichedAt === link.enrichedAt) {
          // Tags or a re-save: the enrichment itself is the same.
          if (Date.parse(link.updatedAt) >= Date.parse(existing.link.updatedAt)) {
            setItems((items) => items && items.map((i) => (i.link.id === link.id ? { ...i, link: { ...i.link, ...link } } : i)).sort((a, b) => compareLinks(a.link, b.link)));
          }
          return;
        }
        apiFetch<{ link: LinkDetail; artifacts: PublicArtifact[] }>(`/api/links/${link.id}/enrichment`).then(
          (fresh) =>
            setItems((items) =>
              items && [...items.filter((i) => i.link.id !== link.id), { link: fresh.link, artifacts: fresh.artifacts }].sort((a, b) => compareLinks(a.link, b.link)),
            ),
          () => undefined,
        );
      }),
    [onLinkEvent],
  );

  if (items === null) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300" role="status">
        {failed ? "Could not load your enrichments. Please reload the page." : "Loading enrichments…"}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">No enriched links yet.</p>
    );
  }
  return (
    <>
      <ul className="space-y-3" aria-label="Enriched links">
        {items.map((item) => (
          <EnrichmentCard key={item.link.id} item={item} access={access} onArtifact={onArtifact} />
        ))}
      </ul>
      <LoadMore
        shown={items.length}
        total={total}
        noun="enriched links"
        hasMore={hasMore}
        loading={loading}
        onLoadMore={() => void loadPage(nextCursor)}
      />
    </>
  );
}
