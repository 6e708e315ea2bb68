import { Link } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { SAVED_SEARCH_NAME_MAX, formatCount, type NumberLocale, type SavedSearch, type TagCount } from "~/lib/library";
import { isFiltered, searchQuery, searchStateFrom, type SearchState } from "~/lib/link-search";
import { READ_STATE_LABELS, type LinkStats, type LinkStatus, type ReadState } from "~/lib/links";
import { TrashIcon } from "../icons";
import { useToast } from "../toast";
import { Button, cx } from "../ui";

/** The dashboard's sections besides the list: the sidebar switches between them (?tab=). */
export const SECTIONS = [
  ["saved", "Library"],
  ["enrichments", "Enrichments"],
  ["share", "Shared links"],
] as const;
export type Section = (typeof SECTIONS)[number][0];

/** The status filters; the read-state ones (decision 056) follow them. */
const STATUS_FILTERS: Array<{ status: LinkStatus | null; label: string; count: (stats: LinkStats) => number }> = [
  { status: null, label: "All links", count: (stats) => stats.total + stats.unenriched },
  { status: "pending", label: "Processing", count: (stats) => stats.pending },
  { status: "error", label: "Failed", count: (stats) => stats.failed },
  { status: "unenriched", label: "Not enriched", count: (stats) => stats.unenriched },
];

const READ_FILTERS: Array<{ state: Exclude<ReadState, "all">; count: (stats: LinkStats) => number }> = [
  { state: "unread", count: (stats) => stats.unread },
  { state: "read", count: (stats) => stats.read },
  { state: "archived", count: (stats) => stats.archived },
];

const itemClass = (current: boolean) =>
  cx(
    "flex min-h-10 w-full items-center justify-between gap-2 rounded-lg px-2.5 py-1.5 text-left text-sm",
    current
      ? "bg-brand-50 font-semibold text-brand-800 dark:bg-brand-900/50 dark:text-brand-100"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white",
  );
const countClass = "shrink-0 text-xs font-normal tabular-nums text-slate-600 dark:text-slate-300";

function Group({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-1">
      <div className="flex min-h-8 items-center justify-between gap-2 px-2.5">
        <h2 id={id} className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export interface LibrarySidebarProps {
  section: Section;
  onSection: (section: Section) => void;
  search: SearchState;
  onSearch: (next: SearchState) => void;
  stats: LinkStats;
  /** null until asked for (after the page is up). */
  tags: TagCount[] | null;
  savedSearches: SavedSearch[];
  onTagsChanged: () => void;
  onSavedSearchesChanged: (next: SavedSearch[]) => void;
  locale: NumberLocale;
}

/**
 * The library's sidebar (a drawer on phones): sections, status filters with counts, saved
 * searches (save the current search with a name, apply, delete) and tags with counts (select to
 * filter; the selected tag can be renamed or merged into another across every link).
 */
export function LibrarySidebar(props: LibrarySidebarProps) {
  const { section, onSection, search, onSearch, stats, tags, locale } = props;
  const inLibrary = section === "saved";
  const activeQuery = searchQuery(search);
  const pick = (next: SearchState) => {
    onSection("saved");
    onSearch(next);
  };
  return (
    <div className="space-y-5" data-testid="library-sidebar">
      <nav aria-label="Dashboard sections">
        <ul className="space-y-0.5">
          {SECTIONS.map(([key, label]) => (
            <li key={key}>
              <Link
                to={key === "saved" ? "/dashboard" : `/dashboard?tab=${key}`}
                aria-current={section === key ? "page" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onSection(key);
                }}
                className={itemClass(section === key)}
              >
                {label}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/dashboard/deleted" className={itemClass(false)}>
              <span className="flex items-center gap-2">
                <TrashIcon className="h-4 w-4" />
                Recently deleted
              </span>
            </Link>
          </li>
        </ul>
      </nav>
      <Group title="Status">
        <ul className="space-y-0.5">
          {STATUS_FILTERS.filter((filter) => filter.status !== "unenriched" || stats.unenriched > 0).map((filter) => {
            const current = inLibrary && (search.status ?? null) === filter.status && (filter.status !== null || !isFiltered(search));
            return (
              <li key={filter.label}>
                <button
                  type="button"
                  aria-pressed={current}
                  className={itemClass(current)}
                  onClick={() => pick(filter.status === null ? {} : { ...search, status: filter.status })}
                  data-testid={`status-filter-${filter.status ?? "all"}`}
                >
                  <span>{filter.label}</span>
                  <span className={countClass}>{formatCount(filter.count(stats), locale)}</span>
                </button>
              </li>
            );
          })}
          {READ_FILTERS.map((filter) => {
            const current = inLibrary && search.state === filter.state;
            return (
              <li key={filter.state}>
                <button type="button" aria-pressed={current} className={itemClass(current)} onClick={() => pick({ ...search, state: filter.state })} data-testid={`state-filter-${filter.state}`}>
                  <span>{READ_STATE_LABELS[filter.state]}</span>
                  <span className={countClass}>{formatCount(filter.count(stats), locale)}</span>
                </button>
              </li>
            );
          })}
          <li>
            {/* Links that share an address or a title with another of yours (decision 053). */}
            <button
              type="button"
              aria-pressed={inLibrary && search.duplicates === "true"}
              className={itemClass(inLibrary && search.duplicates === "true")}
              onClick={() => pick(search.duplicates === "true" ? { ...search, duplicates: undefined } : { ...search, duplicates: "true" })}
              data-testid="status-filter-duplicates"
            >
              <span>Possible duplicates</span>
            </button>
          </li>
        </ul>
      </Group>
      <SavedSearches {...props} current={inLibrary ? activeQuery : ""} pick={(query) => pick(searchStateFrom(new URLSearchParams(query)))} />
      <Group title="Tags">
        {tags === null ? (
          <p className="px-2.5 text-sm text-slate-600 dark:text-slate-300" role="status">
            Loading tags…
          </p>
        ) : tags.length === 0 ? (
          <p className="px-2.5 text-sm text-slate-600 dark:text-slate-300">Tags you or the enrichment give links appear here.</p>
        ) : (
          <>
            {inLibrary && search.tag ? <TagRename key={search.tag} tag={search.tag} tags={tags} onRenamed={(to) => { props.onTagsChanged(); onSearch({ ...search, tag: to }); }} /> : null}
            <ul className="max-h-[50vh] space-y-0.5 overflow-y-auto lg:max-h-none" aria-label="Tags">
              {tags.map(({ tag, count }) => {
                const current = inLibrary && search.tag === tag;
                return (
                  <li key={tag}>
                    <button type="button" aria-pressed={current} className={itemClass(current)} onClick={() => pick(current ? { ...search, tag: undefined } : { ...search, tag })}>
                      <span className="min-w-0 truncate">#{tag}</span>
                      <span className={countClass}>{formatCount(count, locale)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </Group>
    </div>
  );
}

/** The selected tag's rename: a new name, or an existing tag's (a merge, said so before it is done). */
function TagRename({ tag, tags, onRenamed }: { tag: string; tags: TagCount[]; onRenamed: (to: string) => void }) {
  const id = useId();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState(tag);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const target = to.replace(/\s+/g, " ").trim();
  const merging = tags.find((other) => other.tag !== tag && other.tag.toLowerCase() === target.toLowerCase());
  const close = () => {
    setOpen(false);
    setError(null);
    setTo(tag);
    requestAnimationFrame(() => opener.current?.focus());
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || target === tag || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { links } = await apiFetch<{ links: number }>("/api/tags/rename", { body: { from: tag, to: target } });
      toast.show(`${merging ? `Merged #${tag} into #${merging.tag}` : `Renamed #${tag} to #${target}`} on ${links} ${links === 1 ? "link" : "links"}.`, "success");
      onRenamed(merging?.tag ?? target);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Could not rename the tag. Please try again");
      setBusy(false);
    }
  }
  if (!open) {
    return (
      <div className="px-2.5 pb-1">
        <button ref={opener} type="button" onClick={() => setOpen(true)} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          Rename or merge #{tag}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="mx-1 space-y-2 rounded-lg border border-slate-200 p-2.5 dark:border-slate-700" onKeyDown={(event) => event.key === "Escape" && (event.preventDefault(), close())}>
      <label htmlFor={`${id}-to`} className="block text-sm font-medium">
        New name for #{tag}
      </label>
      <input
        id={`${id}-to`}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        maxLength={50}
        autoFocus
        list={`${id}-tags`}
        aria-describedby={`${id}-hint`}
        className="block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-950"
      />
      <datalist id={`${id}-tags`}>
        {tags.filter((other) => other.tag !== tag).slice(0, 100).map((other) => (
          <option key={other.tag} value={other.tag} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className={cx("text-xs", error ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300")} role={error ? "alert" : undefined}>
        {error ?? (merging ? `#${merging.tag} exists: the links with #${tag} join it (no other tag changes).` : "Every link with this tag gets the new name.")}
      </p>
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={busy} disabled={!target || target === tag}>
          {merging ? "Merge" : "Rename"}
        </Button>
        <Button size="sm" variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Saved searches: apply one, delete one, or save the search on screen under a name. */
function SavedSearches({ savedSearches, onSavedSearchesChanged, search, current, pick }: LibrarySidebarProps & { current: string; pick: (query: string) => void }) {
  const id = useId();
  const toast = useToast();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const query = searchQuery(search);
  const canSave = current !== "" && !savedSearches.some((saved) => saved.query === current);
  const stopNaming = () => {
    setNaming(false);
    setError(null);
    setName("");
  };
  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await apiFetch<SavedSearch>("/api/saved-searches", { body: { name: name.trim(), query } });
      onSavedSearchesChanged([...savedSearches.filter((other) => other.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name)));
      toast.show(`Saved “${saved.name}”.`, "success");
      stopNaming();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Could not save the search. Please try again");
    } finally {
      setBusy(false);
    }
  }
  async function remove(saved: SavedSearch, index: number) {
    try {
      await apiFetch(`/api/saved-searches/${saved.id}`, { method: "DELETE" });
    } catch (failure) {
      toast.show(failure instanceof ApiError && failure.status !== 404 ? failure.message : "Could not delete the saved search. Please try again", "error");
      return;
    }
    const rest = savedSearches.filter((other) => other.id !== saved.id);
    onSavedSearchesChanged(rest);
    toast.show(`Deleted “${saved.name}”.`, "info");
    // The focus stays in the list: the next search's delete button, else the heading's action.
    requestAnimationFrame(() => {
      const next = document.querySelectorAll<HTMLElement>(`[data-saved-delete="${id}"]`)[Math.min(index, rest.length - 1)];
      (next ?? opener.current)?.focus();
    });
  }
  return (
    <Group
      title="Saved searches"
      action={
        canSave && !naming ? (
          <button ref={opener} type="button" onClick={() => setNaming(true)} className="rounded px-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            Save search
          </button>
        ) : null
      }
    >
      {naming ? (
        <form onSubmit={save} className="mx-1 space-y-2 rounded-lg border border-slate-200 p-2.5 dark:border-slate-700" onKeyDown={(event) => event.key === "Escape" && (event.preventDefault(), stopNaming())}>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium">
            Name this search
          </label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={SAVED_SEARCH_NAME_MAX}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" busy={busy} disabled={!name.trim()}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={stopNaming}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {savedSearches.length === 0 ? (
        naming ? null : <p className="px-2.5 text-sm text-slate-600 dark:text-slate-300">Search or pick a filter, then save it here.</p>
      ) : (
        <ul className="space-y-0.5" aria-label="Saved searches">
          {savedSearches.map((saved, index) => {
            const active = saved.query === current;
            return (
              <li key={saved.id} className="group flex items-center gap-1">
                <button type="button" aria-pressed={active} className={cx(itemClass(active), "min-w-0 flex-1")} onClick={() => pick(saved.query)} title={decodeURIComponent(saved.query.replace(/\+/g, " "))}>
                  <span className="min-w-0 truncate">{saved.name}</span>
                </button>
                <button
                  type="button"
                  data-saved-delete={id}
                  onClick={() => void remove(saved, index)}
                  aria-label={`Delete saved search ${saved.name}`}
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-red-300"
                >
                  <TrashIcon className="h-4 w-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Group>
  );
}
