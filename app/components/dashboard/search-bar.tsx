import { useEffect, useId, useRef, useState } from "react";
import { CATEGORIES, CATEGORY_SLUGS } from "~/lib/categories";
import { FILTER_KEYS, STATUS_FILTER_LABELS, filterLabel, type FilterKey, type SearchState } from "~/lib/link-search";
import { RANKED_MATCHES } from "~/lib/link-filter";
import type { LinkStatus } from "~/lib/links";
import { cx } from "../ui";

const fieldClass = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-950";

/** Whether a key press is typing into a field (where `/` is a character, not our shortcut). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The search box above the list, with its sort and filters. `/` focuses the box (unless typing
 * in a field), Escape clears it; each active filter is a chip with a button that removes it.
 */
export function SearchBar({ state, onChange, busy }: { state: SearchState; onChange: (state: SearchState) => void; busy: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey || typingIn(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const set = (key: FilterKey | "sort", value: string) => onChange({ ...state, [key]: value || undefined });
  const chips = FILTER_KEYS.filter((key): key is Exclude<FilterKey, "q"> => key !== "q" && Boolean(state[key]));

  return (
    <div className="min-w-0 flex-1" role="search" aria-label="Search your links">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search links
          </label>
          <svg aria-hidden viewBox="0 0 24 24" className="pointer-events-none absolute left-2.5 top-3 h-4 w-4 text-slate-500 dark:text-slate-400" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <input
            ref={input}
            id={`${id}-q`}
            type="search"
            value={state.q ?? ""}
            onChange={(event) => set("q", event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape" && state.q) {
                event.preventDefault();
                set("q", "");
              }
            }}
            placeholder="Search links"
            aria-describedby={`${id}-hint`}
            maxLength={500}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white pl-8 pr-8 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-950"
          />
          <kbd aria-hidden className="pointer-events-none absolute right-2 top-2.5 hidden rounded border border-slate-300 px-1 text-xs text-slate-600 sm:block dark:border-slate-600 dark:text-slate-300">
            /
          </kbd>
        </div>
        {state.q ? (
          <label className="sr-only" htmlFor={`${id}-sort`}>
            Sort
          </label>
        ) : null}
        {state.q ? (
          <select id={`${id}-sort`} className="h-10 shrink-0 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-950" value={state.sort === "relevance" ? "relevance" : "date"} onChange={(event) => set("sort", event.target.value)}>
            <option value="date">Newest first</option>
            <option value="relevance">Best match</option>
          </select>
        ) : null}
        <button
          type="button"
          onClick={() => setFiltersOpen(!filtersOpen)}
          aria-expanded={filtersOpen}
          aria-controls={`${id}-filters`}
          className="flex h-10 shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 6h16M7 12h10M10 18h4" />
          </svg>
          <span className="sr-only sm:not-sr-only">Filters</span>
        </button>
      </div>
      {state.q && state.sort === "relevance" ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Best match ranks your newest {RANKED_MATCHES.toLocaleString("en-US")} matches; older matches follow, newest first.
        </p>
      ) : null}
      <p id={`${id}-hint`} className="sr-only">
        Press slash to search from anywhere on the page and Escape to clear the search.
      </p>
      {filtersOpen ? (
        <div id={`${id}-filters`} className="mt-2 grid gap-2 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-900">
          <label className="text-sm">
            Status
            <select className={fieldClass} value={state.status ?? ""} onChange={(event) => set("status", event.target.value)}>
              <option value="">Any</option>
              {(Object.keys(STATUS_FILTER_LABELS) as LinkStatus[]).map((status) => (
                <option key={status} value={status}>
                  {STATUS_FILTER_LABELS[status]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Category
            <select className={fieldClass} value={state.category ?? ""} onChange={(event) => set("category", event.target.value)}>
              <option value="">Any</option>
              {CATEGORY_SLUGS.map((slug) => (
                <option key={slug} value={slug}>
                  {CATEGORIES[slug]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Site
            <input className={fieldClass} value={state.domain ?? ""} onChange={(event) => set("domain", event.target.value.trim())} placeholder="example.com" />
          </label>
          <label className="text-sm">
            Tag
            <input className={fieldClass} value={state.tag ?? ""} onChange={(event) => set("tag", event.target.value)} placeholder="Click a tag on a link, or type one" />
          </label>
          <label className="text-sm">
            Saved from
            <input type="date" className={fieldClass} value={state.from ?? ""} onChange={(event) => set("from", event.target.value)} />
          </label>
          <label className="text-sm">
            Saved until
            <input type="date" className={fieldClass} value={state.to ?? ""} onChange={(event) => set("to", event.target.value)} />
          </label>
        </div>
      ) : null}
      {chips.length > 0 || busy ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {chips.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Active filters">
              {chips.map((key) => (
                <li key={key} className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-3 pr-1 text-sm text-brand-800 dark:bg-brand-900/40 dark:text-brand-100" data-testid="filter-chip">
                  {filterLabel(key, state[key]!)}
                  <button
                    type="button"
                    onClick={() => {
                      set(key, "");
                      // The chip goes with its filter: the focus waits in the search box, not at the page's start.
                      input.current?.focus();
                    }}
                    aria-label={`Remove filter ${filterLabel(key, state[key]!)}`}
                    className="rounded-full px-1.5 hover:bg-brand-100 dark:hover:bg-brand-800/60"
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <span className={cx("text-xs text-slate-600 dark:text-slate-300", busy ? "" : "sr-only")} role="status" aria-live="polite">
            {busy ? "Searching…" : ""}
          </span>
        </div>
      ) : null}
    </div>
  );
}
