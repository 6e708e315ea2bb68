import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, apiFetchPage } from "~/lib/api-client";
import type { EnrichmentItem, PublicArtifact } from "~/lib/artifacts";
import type { FeatureAccessMap } from "~/lib/entitlements";
import { compareLinks } from "~/lib/link-list";
import { ENRICHMENTS_PAGE_SIZE, type LinkDetail } from "~/lib/links";
import { EnrichmentCard } from "./enrichment-card";
import { LoadMore } from "./load-more";
import { NewLinksButton } from "./new-links-button";
import type { LinkEvent } from "./use-live-links";

type Listener<T extends unknown[]> = (listener: (...args: T) => void) => () => void;

const pageUrl = (before: string | null) => `/api/links/enrichments?limit=${ENRICHMENTS_PAGE_SIZE}${before ? `&before=${encodeURIComponent(before)}` : ""}`;

/**
 * The Enrichments tab: enriched links a page at a time, one request per page (each card is told
 * which results exist; it fetches one only when opened). Live, as the Saved Links list (decision
 * 043): a card shown is updated (fetched again when re-enriched) or leaves when deleted; a link
 * enriched since the first page was loaded is counted on one "N newly enriched links — show"
 * button, never drawn (nor fetched) as it is heard.
 */
export function EnrichmentsTab({
  access,
  total,
  onArtifact,
  onLinkEvent,
  serverNow = Date.now,
  onError,
}: {
  access: FeatureAccessMap;
  total: number;
  onArtifact: Listener<[string, PublicArtifact]>;
  onLinkEvent: Listener<[LinkEvent]>;
  /** The server's clock as the browser reckons it (use-live-links). */
  serverNow?: () => number;
  onError: () => void;
}) {
  const [items, setItems] = useState<EnrichmentItem[] | null>(null);
  // The server's cursor after the last page loaded (null: no more).
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const hasMore = nextCursor !== null;
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const state = useRef({ items, hasMore });
  state.current = { items, hasMore };
  // Links enriched since the first page was asked for (server time), not shown: the button's count.
  const since = useRef(Number.POSITIVE_INFINITY);
  const unseen = useRef(new Set<string>());
  const [unseenCount, setUnseenCount] = useState(0);

  const loadPage = useCallback(async (before: string | null) => {
    setLoading(true);
    try {
      const asked = serverNow();
      const { items: page, nextCursor: next } = await apiFetchPage<EnrichmentItem>(pageUrl(before));
      if (before === null) since.current = asked;
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
  }, [serverNow]);

  /** The button: the first page again (pages loaded below it go), from now on the reference. */
  const showNew = useCallback(async () => {
    const asked = serverNow();
    const { items: page, nextCursor: next } = await apiFetchPage<EnrichmentItem>(pageUrl(null));
    since.current = asked;
    unseen.current.clear();
    setUnseenCount(0);
    setItems([...page].sort((a, b) => compareLinks(a.link, b.link)));
    setNextCursor(next);
  }, [serverNow]);

  useEffect(() => {
    void loadPage(null);
  }, [loadPage]);

  useEffect(
    () =>
      onLinkEvent((event) => {
        if (event.type === "link-deleted") {
          setItems((current) => current && current.filter((i) => i.link.id !== event.id));
          if (unseen.current.delete(event.id)) setUnseenCount(unseen.current.size);
          return;
        }
        const { link } = event;
        const { items: current } = state.current;
        if (!current) return;
        const existing = current.find((i) => i.link.id === link.id);
        if (link.status !== "enriched") return;
        if (!existing) {
          if (link.enrichedAt && Date.parse(link.enrichedAt) > since.current && !unseen.current.has(link.id)) {
            unseen.current.add(link.id);
            setUnseenCount(unseen.current.size);
          }
          return;
        }
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
  const fresh = (
    <NewLinksButton count={unseenCount} onShow={showNew} onError={onError} noun={["newly enriched link", "newly enriched links"]} focus='[data-testid="enrichment-card"] a' />
  );
  if (items.length === 0) {
    return (
      <>
        {fresh}
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">No enriched links yet.</p>
      </>
    );
  }
  return (
    <>
      {fresh}
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
