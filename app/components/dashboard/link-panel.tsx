import { ExternalLinkIcon } from "../icons";
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef } from "react";
import type { EnrichmentItem } from "~/lib/artifacts";
import type { FeatureAccessMap } from "~/lib/entitlements";
import type { LinkDetail } from "~/lib/links";
import { Favicon, hostOf } from "../favicon";
import { LocalTime } from "../local-time";
import { useEscapeLayer } from "../use-escape-layer";
import { EnrichmentCard } from "./enrichment-card";
import { LinkDetails, StatusBadge } from "./link-row";

/** An attempt at the link's enrichment, as the server keeps it (linkAttempts). */
export interface PanelAttempt {
  number: number;
  startedAt: string | null;
  finishedAt: string | null;
  outcome: "failed" | "succeeded" | "running" | "postponed";
  error: string | null;
}

const OUTCOME_LABELS: Record<PanelAttempt["outcome"], string> = { failed: "Failed", succeeded: "Succeeded", running: "Running", postponed: "Postponed" };

/** The panel's width from this breakpoint (Tailwind's lg): below it the detail is its own page. */
const SIDE_PANEL_QUERY = "(min-width: 1024px)";

const noArtifacts = () => () => undefined;

/** Closes the detail: back to the list with its search, the focus on the link's row. */
export function useCloseLink(id: string) {
  const navigate = useNavigate();
  return useCallback(() => {
    navigate(`/dashboard${window.location.search}`, { preventScrollReset: true });
    // The row is drawn again (on a phone the list comes back): give it the focus once it is there.
    const started = performance.now();
    const focusRow = () => {
      const row = document.querySelector<HTMLElement>(`[data-row-link="${id}"]`);
      if (row && row.offsetParent !== null) row.focus();
      else if (performance.now() - started < 3_000) requestAnimationFrame(focusRow);
    };
    requestAnimationFrame(focusRow);
  }, [id, navigate]);
}

function History({ detail, attempts, kept }: { detail: LinkDetail; attempts: PanelAttempt[]; kept: boolean }) {
  return (
    <section aria-labelledby={`history-${detail.id}`} data-testid="link-history">
      <h3 id={`history-${detail.id}`} className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        History
      </h3>
      <ol className="mt-2 space-y-2 border-l border-slate-200 pl-4 text-sm dark:border-slate-700">
        <li>
          Saved <LocalTime when={detail.savedAt} />
        </li>
        {attempts.map((attempt) => (
          <li key={attempt.number} data-testid="link-attempt">
            <span className="font-medium">Attempt {attempt.number}</span>: {OUTCOME_LABELS[attempt.outcome]}
            {attempt.finishedAt || attempt.startedAt ? (
              <>
                {" "}
                <span className="text-slate-600 dark:text-slate-400">
                  <LocalTime when={attempt.finishedAt ?? attempt.startedAt} />
                </span>
              </>
            ) : null}
            {attempt.error ? <span className="block text-xs text-slate-600 dark:text-slate-300">{attempt.error}</span> : null}
          </li>
        ))}
        {detail.enrichedAt ? (
          <li>
            Enriched <LocalTime when={detail.enrichedAt} />
          </li>
        ) : null}
        {detail.status === "error" && detail.error && attempts.length === 0 ? (
          <li>
            Failed <LocalTime when={detail.updatedAt} />
            <span className="block text-xs text-slate-600 dark:text-slate-300">{detail.error}</span>
          </li>
        ) : null}
      </ol>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {kept
          ? "Attempts of the latest enrichment; they are kept an hour after it succeeds and a week after it fails."
          : "No attempt details are kept for this link now: they stay an hour after an enrichment succeeds and a week after it fails."}
      </p>
    </section>
  );
}

/**
 * A link's detail: beside the list on a desktop (≥ 1024 px, fixed to the right), the page itself
 * on a phone. Reading time, the title and tags form, notes, enrichment results and the history
 * of attempts. Escape (outside a field) closes it and gives the focus back to the link's row.
 */
export function LinkPanel({
  detail,
  item,
  access,
  attempts,
  kept,
}: {
  detail: LinkDetail;
  /** The enrichment and its on-demand results, when the link is enriched. */
  item: EnrichmentItem | null;
  access: FeatureAccessMap;
  attempts: PanelAttempt[];
  kept: boolean;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  const close = useCloseLink(detail.id);
  const location = useLocation();
  const focus = (location.state as { focus?: string } | null)?.focus;

  // Opening (or another link) puts the focus in the panel: its title, or the tags for "Edit tags".
  useEffect(() => {
    if (!window.matchMedia(SIDE_PANEL_QUERY).matches) window.scrollTo({ top: 0 });
    const tags = focus === "tags" ? panel.current?.querySelector<HTMLInputElement>('form[aria-label="Title and tags"] input[aria-describedby]') : null;
    (tags ?? heading.current)?.focus();
  }, [detail.id, focus]);

  // Escape (outside a field) closes the detail, unless a menu or popover is open over it.
  useEscapeLayer(true, "panel", close);

  const host = hostOf(detail.url);
  return (
    <aside
      ref={panel}
      aria-labelledby={`${id}-title`}
      data-testid="link-panel"
      // What sits beside it makes room for it (app/tailwind.css, data-beside-detail-panel).
      data-detail-panel
      className="bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100 max-lg:-mx-4 max-lg:min-h-screen max-lg:px-4 max-lg:py-4 sm:max-lg:-mx-6 sm:max-lg:px-6 lg:detail-panel lg:fixed lg:bottom-0 lg:right-0 lg:top-[var(--app-header-height,4rem)] lg:z-30 lg:overflow-y-auto lg:border-l lg:border-slate-200 lg:shadow-2xl lg:dark:border-slate-700"
    >
      <div className="sticky top-[var(--app-header-height,4rem)] z-10 flex lg:top-0 items-center justify-between gap-2 border-b border-slate-200 bg-white/95 py-2 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95 lg:px-5">
        <button type="button" onClick={close} className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
          <span aria-hidden>←</span>
          <span>
            Back to links<span className="sr-only"> (Escape)</span>
          </span>
        </button>
        <a
          href={detail.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 min-w-0 items-center gap-1.5 truncate rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-slate-100 dark:text-brand-300 dark:hover:bg-slate-800"
        >
          <span className="truncate">Open {host || "page"}</span>
          <ExternalLinkIcon />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      <div className="space-y-5 py-4 lg:px-5">
        <header className="flex items-start gap-3">
          <Favicon src={detail.favicon} url={detail.url} className="mt-1 h-6 w-6 shrink-0 rounded" />
          <div className="min-w-0">
            <h2 ref={heading} id={`${id}-title`} tabIndex={-1} className="break-words text-xl font-semibold leading-snug outline-none">
              {detail.title ?? detail.url}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-300" data-testid="link-facts">
              {detail.status !== "enriched" ? <StatusBadge status={detail.status} /> : null}
              {detail.readingMinutes ? <span>{detail.readingMinutes} min read</span> : null}
              <span>
                Saved <LocalTime when={detail.savedAt} style="date" />
              </span>
            </p>
            {detail.status === "enriched" ? (
              <Link to={`/links/${detail.id}/read`} className="mt-2 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800" data-testid="read-link">
                Read
              </Link>
            ) : null}
            {detail.status === "error" && detail.error ? (
              <p className="mt-1 text-sm text-red-700 dark:text-red-300" data-testid="link-error">
                {detail.error}
              </p>
            ) : null}
          </div>
        </header>
        <LinkDetails detail={detail} showReadingTime={false} headingLevel="h3" />
        {item ? (
          <section aria-labelledby={`${id}-results`}>
            <h3 id={`${id}-results`} className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
              Enrichment results
            </h3>
            <ul>
              <EnrichmentCard item={item} access={access} onArtifact={noArtifacts} embedded />
            </ul>
          </section>
        ) : null}
        <History detail={detail} attempts={attempts} kept={kept} />
      </div>
    </aside>
  );
}
