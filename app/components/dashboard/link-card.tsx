import { useRef } from "react";
import { DASHBOARD_VIEWS, DASHBOARD_VIEW_LABELS, type DashboardView } from "~/lib/library";
import { STATUS_LABELS } from "~/lib/links";
import { Favicon, hostOf } from "../favicon";
import { cx } from "../ui";
import { SelectBox, openOnPlainClick, useLinkActions, type LinkItemProps } from "./link-actions";
import { linkDetailPath } from "./link-row";
import { RowMenu } from "./row-menu";

/**
 * A link as a card (the Cards view): the stored lead image (or the site's icon on a tint), the
 * site, the title, a line of description and up to three tags. It is a row drawn otherwise: the
 * same list widget drives it (LinkList: one Tab stop, keys, selection), the title opens its
 * detail, and its actions are the row's ⋯ menu. Failed and processing links say so on the image.
 */
export function LinkCard({ link, onChange, onDelete, onOpen, selection, onTag, tabStop = true, current = false }: LinkItemProps) {
  const titleLink = useRef<HTMLAnchorElement>(null);
  const title = link.title || link.url;
  const actions = useLinkActions({ link, onChange, onDelete, onOpen }, titleLink);
  return (
    <li
      className={cx(
        "group relative flex min-w-0 flex-col rounded-2xl border bg-white shadow-sm dark:bg-slate-900",
        selection?.checked
          ? "border-brand-500 ring-2 ring-brand-500 dark:border-brand-400 dark:ring-brand-400"
          : current
            ? "border-slate-400 ring-2 ring-slate-400 dark:border-slate-500 dark:ring-slate-500"
            : "border-slate-200 dark:border-slate-800",
      )}
      data-testid="link-card"
      data-status={link.status}
      data-link-id={link.id}
      data-url={link.url}
    >
      {/* The image keeps the card's rounded top; the card itself does not clip, so its menu can open below it. */}
      <div className="relative aspect-[16/9] overflow-hidden rounded-t-2xl bg-slate-100 dark:bg-slate-800">
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
              "absolute right-2 top-2 rounded-full px-2 py-0.5 text-xs font-medium",
              link.status === "error" ? "bg-red-700 text-white" : "bg-white/95 text-slate-800 dark:bg-slate-950/90 dark:text-slate-100",
            )}
          >
            {STATUS_LABELS[link.status]}
          </span>
        ) : null}
      </div>
      {selection ? <SelectBox selection={selection} name={title} linkId={link.id} className="absolute left-1.5 top-1.5 rounded-md bg-white/95 dark:bg-slate-950/90" /> : null}
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          <Favicon src={link.favicon} url={link.url} className="h-3.5 w-3.5" />
          <span className="truncate">{hostOf(link.url)}</span>
        </p>
        <h2 className="line-clamp-2 text-sm font-semibold leading-snug">
          <a
            ref={titleLink}
            href={linkDetailPath(link.id)}
            tabIndex={tabStop ? 0 : -1}
            aria-current={current ? "true" : undefined}
            data-row-link={link.id}
            onClick={(event) => openOnPlainClick(event, () => onOpen(link))}
            className="rounded hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
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
                {onTag ? (
                  <button type="button" tabIndex={-1} onClick={() => onTag(tag)} aria-label={`Show links tagged ${tag}`} className="max-w-[9rem] truncate rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700">
                    #{tag}
                  </button>
                ) : (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">#{tag}</span>
                )}
              </li>
            ))}
          </ul>
          <RowMenu
            label={`Actions for ${title}`}
            items={actions}
            className="-mb-1 -mr-1 shrink-0 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within:opacity-100 [@media(hover:hover)]:group-hover:opacity-100"
          />
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
