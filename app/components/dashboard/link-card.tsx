import { DASHBOARD_VIEWS, DASHBOARD_VIEW_LABELS, type DashboardView } from "~/lib/library";
import { STATUS_LABELS, type PublicLink } from "~/lib/links";
import { Favicon } from "../favicon";
import { TrashIcon } from "../icons";
import { cx } from "../ui";

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/**
 * A link as a card (the Cards view): the stored lead image (or the site's icon on a tint), the
 * site, the title (the one Tab stop that opens it), a line of description, up to three tags and
 * Delete. Failed and processing links say so on the image.
 */
export function LinkCard({ link, onDelete, onTag }: { link: PublicLink; onDelete: (link: PublicLink) => void; onTag: (tag: string) => void }) {
  const title = link.title || link.url;
  return (
    <li className="group relative flex min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900" data-testid="link-card">
      <div className="relative aspect-[16/9] bg-slate-100 dark:bg-slate-800">
        {link.leadImage ? (
          <img src={link.leadImage} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" data-testid="card-image" />
        ) : (
          <div className="flex h-full items-center justify-center">
            <Favicon src={link.favicon} url={link.url} className="h-10 w-10 rounded-lg" />
          </div>
        )}
        {link.status !== "enriched" ? (
          <span
            className={cx(
              "absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-medium",
              link.status === "error" ? "bg-red-700 text-white" : "bg-white/95 text-slate-800 dark:bg-slate-950/90 dark:text-slate-100",
            )}
          >
            {STATUS_LABELS[link.status]}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          <Favicon src={link.favicon} url={link.url} className="h-3.5 w-3.5" />
          <span className="truncate">{hostOf(link.url)}</span>
        </p>
        <h2 className="line-clamp-2 text-sm font-semibold leading-snug">
          <a href={link.url} target="_blank" rel="noreferrer noopener" className="hover:underline">
            {title}
          </a>
        </h2>
        {link.status === "error" && link.error ? (
          <p className="line-clamp-2 text-xs text-red-700 dark:text-red-300">{link.error}</p>
        ) : link.description ? (
          <p className="line-clamp-2 text-xs text-slate-600 dark:text-slate-300">{link.description}</p>
        ) : null}
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <ul className="flex min-w-0 flex-wrap gap-1" aria-label="Tags">
            {link.tags.slice(0, 3).map((tag) => (
              <li key={tag}>
                <button type="button" tabIndex={-1} onClick={() => onTag(tag)} className="max-w-[9rem] truncate rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700">
                  #{tag}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => onDelete(link)}
            data-delete-link={link.id}
            aria-label={`Delete ${title}`}
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-red-300"
          >
            <TrashIcon className="h-4 w-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

/** List or Cards: two pressed-state buttons; the choice is the user's, remembered by the server. */
export function ViewSwitch({ view, onChange }: { view: DashboardView; onChange: (view: DashboardView) => void }) {
  return (
    <div role="group" aria-label="View" className="flex h-10 shrink-0 rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900">
      {DASHBOARD_VIEWS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={cx(
            "flex items-center gap-1.5 rounded-md px-2 text-sm font-medium",
            view === option ? "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
          )}
        >
          <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {option === "list" ? <path d="M4 6h16M4 12h16M4 18h16" /> : <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />}
          </svg>
          <span className="sr-only sm:not-sr-only">{DASHBOARD_VIEW_LABELS[option]}</span>
        </button>
      ))}
    </div>
  );
}
