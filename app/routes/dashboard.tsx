import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useOutlet, useParams, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { Suspense, lazy, startTransition, useCallback, useEffect, useRef, useState } from "react";
import { useModalDialog } from "~/components/admin/use-modal-dialog";
import { useCheckoutReturn } from "~/components/billing/use-checkout-return";
import { AddLinkForm } from "~/components/dashboard/add-link-form";
import { BulkToolbar, useBulkSelection } from "~/components/dashboard/bulk-toolbar";
import { ImportPanel } from "~/components/dashboard/import-panel";
import { LibraryMenu } from "~/components/dashboard/library-menu";
import { LibrarySidebar, SECTIONS, type Section } from "~/components/dashboard/library-sidebar";
import { ViewSwitch } from "~/components/dashboard/link-card";
import { LinkList } from "~/components/dashboard/link-list";
import { LoadMore } from "~/components/dashboard/load-more";
import { NewLinksButton } from "~/components/dashboard/new-links-button";
import { SearchBar } from "~/components/dashboard/search-bar";
import { SharedLinkToast } from "~/components/dashboard/shared-link-toast";
import { UsageIndicator } from "~/components/dashboard/usage-indicator";
import { useLiveLinks } from "~/components/dashboard/use-live-links";
import type { LiveDetailContext } from "~/components/dashboard/use-live-detail";
import { PRODUCT_NAME } from "~/components/logo";
import { lazyDialog } from "~/components/lazy-dialog";
import { useToast } from "~/components/toast";
import { Button, cx } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import { publicPacks } from "~/lib/billing";
import { bulkFilter } from "~/lib/bulk";
import { formatCount, localeFrom, numberLocale, type DashboardView, type SavedSearch, type TagCount } from "~/lib/library";
import { FILTER_KEYS, filterLabel, isFiltered, searchQuery, searchStateFrom, type SearchState } from "~/lib/link-search";
import { LINKS_PAGE_SIZE, UNDO_MS, type PublicLink, type Usage } from "~/lib/links";
import { APP_PAGE } from "~/lib/page-layout";
import { requireUser } from "~/server/accounts/auth.server";
import { entitlementsFor } from "~/server/billing/entitlements.server";
import { usageOf } from "~/server/billing/quota.server";
import { countSelection } from "~/server/links/bulk.server";
import { dashboardQueryOf, dashboardViewOf, savedSearchesOf } from "~/server/links/library.server";
import { deletedLinksKeptMs, listUserLinks, userLinkStats } from "~/server/links/links.server";

export const meta: MetaFunction = () => [
  { title: `Dashboard · ${PRODUCT_NAME}` },
  { name: "description", content: "Your saved links with their summaries, tags, quizzes and courses, and your plan's enrichments this month." },
];

// Not on the first screen, so not in the page's JavaScript (decision 058): the Buy Pack dialog
// loads when first opened, the Enrichments and Share sections when first shown.
const BuyPackModal = lazyDialog(() => import("~/components/billing/buy-pack-modal").then((module) => module.BuyPackModal));
const EnrichmentsSection = lazy(() => import("~/components/dashboard/enrichments-section"));
const ShareTab = lazy(() => import("~/components/dashboard/share-tab").then((module) => ({ default: module.ShareTab })));

const sectionOf = (value: string | null): Section => SECTIONS.find(([key]) => key === value)?.[0] ?? "saved";

// The app's frame (decision 050); the page inside is the dashboard's own.
export const handle = APP_PAGE;

/**
 * Opening or closing a link's detail (/dashboard/links/{id}, a nested route) leaves the list as it
 * is: the list keeps its own live state, and asking for its page again would cost a full render.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const detail = (url: URL) => url.pathname.startsWith("/dashboard/links/");
  if (!formMethod && currentUrl.pathname !== nextUrl.pathname && (detail(currentUrl) || detail(nextUrl))) return false;
  return defaultShouldRevalidate;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // A search in the address (?q=&tag=…, as the search box writes it) is rendered as such; one
  // the API would refuse shows everything instead.
  const search = searchStateFrom(new URL(request.url).searchParams);
  const parsed = dashboardQueryOf(search);
  const { sort = "date", limit: _limit, before: _before, ...filter } = parsed.success ? parsed.data : { limit: LINKS_PAGE_SIZE };
  const filtered = parsed.success && isFiltered(search);
  // The first page (and the cursor of the next, if any), statistics over every link, and a
  // search's count: the one number the bar, "Showing n of N" and "Select all N" all show.
  const [page, stats, usage, entitlements, matching, view, savedSearches] = await Promise.all([
    listUserLinks(user.id, { limit: LINKS_PAGE_SIZE, filter, sort }),
    userLinkStats(user.id),
    usageOf(user.id),
    entitlementsFor(user.role),
    filtered ? countSelection(user.id, filter) : Promise.resolve(null),
    dashboardViewOf(user.id),
    savedSearchesOf(user.id),
  ]);
  // The page shows the same answers the server enforces: no second reckoning in the browser.
  return {
    role: user.role,
    links: page.links,
    nextCursor: page.nextCursor,
    search: parsed.success ? search : {},
    matching: matching === null ? null : { query: searchQuery(search), count: matching },
    stats,
    usage,
    access: entitlements.features,
    watermark: entitlements.watermark,
    packs: publicPacks(),
    keptMs: deletedLinksKeptMs(),
    view,
    savedSearches,
    // Numbers in the reader's grouping, the same on the server and in the browser (written by
    // hand there: no Intl during hydration, decision 072).
    locale: numberLocale(localeFrom(request.headers.get("accept-language"))),
    // The server's time of this page of links: a link saved after it is new (use-live-links).
    asOf: Date.now(),
  };
}

/**
 * How many links the view holds: the library's count, or the server's count of a search's
 * matches (GET /api/links/count), asked again when the search or the statistics change. The bar,
 * "Showing n of N" and "Select all N" all read this one number.
 */
/** While a section's code loads (once; a few kilobytes). */
function SectionLoading() {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
      Loading…
    </p>
  );
}

function useViewTotal(search: SearchState, libraryTotal: number, refresh: unknown, initial: { query: string; count: number } | null): number | null {
  const query = searchQuery(search);
  const filtered = isFiltered(search);
  const countQuery = filtered ? searchQuery({ ...search, sort: undefined }) : null;
  const [answer, setAnswer] = useState(initial);
  const first = useRef(true);
  useEffect(() => {
    // The loader counted the first search; later ones (and changes) are asked for.
    if (first.current && initial && initial.query === query) {
      first.current = false;
      return;
    }
    first.current = false;
    if (countQuery === null) return;
    let current = true;
    apiFetch<{ count: number }>(`/api/links/count?${countQuery}`).then(
      ({ count }) => current && setAnswer({ query, count }),
      () => undefined,
    );
    return () => {
      current = false;
    };
    // `initial` is the first render's; later answers come from here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, countQuery, refresh]);
  if (!filtered) return libraryTotal;
  return answer?.query === query ? answer.count : null;
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const openId = useParams().id;
  const { locale } = data;
  // The search and filters live in the address: typing replaces the entry, a filter picked or
  // removed adds one (so Back undoes it), and Back or Forward brings their search back.
  const [search, setSearch] = useState<SearchState>(data.search);
  const changeSearch = useCallback((next: SearchState, { push = false } = {}) => {
    setSearch(next);
    const url = new URL(window.location.href);
    for (const key of [...FILTER_KEYS, "sort"]) url.searchParams.delete(key);
    for (const [key, value] of new URLSearchParams(searchQuery(next))) url.searchParams.set(key, value);
    if (push) window.history.pushState(window.history.state, "", url);
    else window.history.replaceState(window.history.state, "", url);
  }, []);
  useEffect(() => {
    const onPop = () => setSearch(searchStateFrom(new URLSearchParams(window.location.search)));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  const filtered = isFiltered(search);
  const { links, hasMore, loadingMore, loadMore, stats, upsert, remove, onArtifact, onLinkEvent, onImport, onBulk, resync, unseen, showNew, reload, serverNow, searching, searchError } = useLiveLinks(data, search);
  // A link's detail (nested route): a side panel on a desktop, the page itself on a phone. It
  // follows the link over this page's event stream (no second stream).
  const detail = useOutlet({ onLinkEvent } satisfies LiveDetailContext);
  // One total for the view (see useViewTotal); a settled bulk action counts again.
  const [bulkSettled, setBulkSettled] = useState(0);
  const libraryTotal = stats.total + stats.unenriched;
  const total = useViewTotal(search, libraryTotal, `${bulkSettled}-${libraryTotal}-${stats.enriched}`, data.matching);
  // Bulk actions (batchProcessing): the rows' checkboxes and the toolbar over them.
  const bulk = useBulkSelection(links);
  const bulkAllowed = data.access.batchProcessing === "available";
  // Another search is another set of links: "all matching" and the ticks start again.
  const searchKey = searchQuery(search);
  const clearBulk = bulk.clear;
  useEffect(() => clearBulk(), [searchKey, clearBulk]);
  const toast = useToast();

  // The sidebar: tags with counts (asked for after the page is up, and again as links change),
  // saved searches (from the loader), and the section shown.
  const [tags, setTags] = useState<TagCount[] | null>(null);
  const [tagsAsked, setTagsAsked] = useState(0);
  useEffect(() => {
    let current = true;
    apiFetch<TagCount[]>("/api/tags").then(
      // A transition: the page's redraw for the sidebar's tags comes in slices, not one long task.
      (answer) => current && startTransition(() => setTags(answer)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [tagsAsked, bulkSettled, stats]);
  const [savedSearches, setSavedSearches] = useState<SavedSearch[]>(data.savedSearches);
  const [params] = useSearchParams();
  const [section, setSection] = useState(() => sectionOf(params.get("tab")));
  // A link to /dashboard?tab=... while here still switches.
  const paramTab = params.get("tab");
  useEffect(() => setSection(sectionOf(paramTab)), [paramTab]);
  // Switching keeps ?tab= in the address (reload, share) without a navigation: the loaders'
  // answers are the same, and the Enrichments section fetches its own page.
  const selectSection = useCallback((key: Section) => {
    setSection(key);
    const url = new URL(window.location.href);
    if (key === "saved") url.searchParams.delete("tab");
    else url.searchParams.set("tab", key);
    window.history.replaceState(window.history.state, "", url);
  }, []);

  // The phone's drawer: the same sidebar in a modal dialog (focus inside, Escape closes).
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const { dialog: drawer } = useModalDialog(drawerOpen);
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    requestAnimationFrame(() => drawerButton.current?.focus());
  }, []);

  // Cards or list, remembered for the user.
  const [view, setView] = useState<DashboardView>(data.view);
  const changeView = (next: DashboardView) => {
    const before = view;
    setView(next);
    apiFetch("/api/preferences/view", { method: "PUT", body: { view: next } }).catch(() => {
      setView(before);
      toast.show("Could not remember the view. Please try again", "error");
    });
  };

  const filterByTag = (tag: string) => {
    setSection("saved");
    changeSearch({ ...search, tag }, { push: true });
  };
  const clearSearch = () => {
    changeSearch({}, { push: true });
    // The button goes with the empty state: the focus waits in the search box, not at the page's start.
    document.querySelector<HTMLInputElement>('[role="search"] input[type="search"]')?.focus();
  };
  const describeSearch = () =>
    [search.q ? `“${search.q}”` : null, ...FILTER_KEYS.filter((key) => key !== "q" && search[key]).map((key) => filterLabel(key as Exclude<typeof key, "q">, search[key]!))]
      .filter(Boolean)
      .join(", ");
  // After Undo, focus goes back to the row it left, once that row is drawn again.
  const focusAfterRestore = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterRestore.current;
    if (!id || !links.some((link) => link.id === id)) return;
    focusAfterRestore.current = null;
    document.querySelector<HTMLElement>(`[data-row-link="${id}"], [data-delete-link="${id}"]`)?.focus();
  }, [links]);
  // The meter follows enrichments as they finish.
  const [usage, setUsage] = useState(data.usage);
  // A fresh loader answer (after a purchase) replaces it at once.
  useEffect(() => setUsage(data.usage), [data.usage]);
  // The loader's usage is current when the page opens: asked again only once the count moves.
  const enrichedAtLoad = useRef(stats.enriched);
  useEffect(() => {
    if (stats.enriched === 0 || stats.enriched === enrichedAtLoad.current) return;
    enrichedAtLoad.current = -1;
    apiFetch<Usage>("/api/usage").then(setUsage, () => undefined);
  }, [stats.enriched]);
  // Buy Enrichment Pack: open by hand, or again on the way back from checkout.
  const checkout = useCheckoutReturn();
  const [buying, setBuying] = useState(false);
  const { state: checkoutState, reset: resetCheckout } = checkout;
  useEffect(() => {
    if (checkoutState.name !== "cancelled") return;
    toast.show("Purchase cancelled. Nothing was charged.", "info");
    resetCheckout();
  }, [checkoutState.name, resetCheckout, toast]);
  const modalOpen = buying || checkoutState.name === "processing" || checkoutState.name === "success" || checkoutState.name === "failed";
  const closeModal = () => {
    setBuying(false);
    resetCheckout();
  };
  const [importOpen, setImportOpen] = useState(false);

  /**
   * Delete with Undo: the row goes at once (other tabs hear it over the event stream), and for
   * UNDO_MS a status toast offers Undo, which puts the link back where it was, results and all.
   */
  const deleteWithUndo = async (link: PublicLink) => {
    remove(link.id);
    try {
      await apiFetch(`/api/links/${link.id}`, { method: "DELETE" });
    } catch (error) {
      upsert(link);
      toast.show(error instanceof ApiError && error.status !== 404 ? error.message : "Could not delete the link. Please try again", "error");
      return;
    }
    toast.show("Link deleted.", "info", {
      durationMs: UNDO_MS,
      focusAction: true,
      action: {
        label: "Undo",
        onAction: () => {
          apiFetch<PublicLink>(`/api/links/${link.id}/restore`, { method: "POST" }).then(
            (restored) => {
              focusAfterRestore.current = restored.id;
              upsert(restored);
            },
            () => toast.show("Could not restore the link. Please try again", "error"),
          );
        },
      },
    });
  };

  const sidebar = (inDrawer: boolean) => (
    <LibrarySidebar
      section={section}
      onSection={(key) => {
        selectSection(key);
        if (inDrawer) closeDrawer();
      }}
      search={search}
      onSearch={(next) => {
        changeSearch(next, { push: true });
        if (inDrawer) closeDrawer();
      }}
      stats={stats}
      tags={tags}
      savedSearches={savedSearches}
      onSavedSearchesChanged={setSavedSearches}
      onTagsChanged={() => {
        setTagsAsked((n) => n + 1);
        void resync();
      }}
      locale={locale}
    />
  );

  const sectionLabel = SECTIONS.find(([key]) => key === section)![1];
  const countText = total === null ? "Counting…" : `${formatCount(total, locale)} ${filtered ? "matching" : total === 1 ? "link" : "links"}`;

  return (
    <div className="container-page py-4 lg:py-6">
      {/* On a phone the detail is the page (the list and its h1 are hidden): it needs its own h1. */}
      {detail ? <h1 className="sr-only lg:hidden">Link details</h1> : null}
      {detail}
      {/* Beside an open detail the list keeps room for it, and the sidebar waits below 1536 px so
          the list stays wide enough to read. */}
      <div className={cx(detail && "max-lg:hidden")} data-beside-detail-panel>
      <SharedLinkToast />
      <div className={cx("lg:gap-8", detail ? "2xl:grid 2xl:grid-cols-[14rem_minmax(0,1fr)]" : "lg:grid lg:grid-cols-[14rem_minmax(0,1fr)]")}>
        <aside aria-label="Library" className={cx("hidden", detail ? "2xl:block" : "lg:block")}>
          <div className="sticky top-4">{sidebar(false)}</div>
        </aside>
        <div className="min-w-0 space-y-3">
          {/* The bar: the page's name and count, the view, import and export, usage; then Add and Search. */}
          {/* Beside the detail panel the bar wraps rather than cutting the page's name short. */}
          <div className={cx("flex items-center gap-2", detail && "flex-wrap")}>
            <button
              ref={drawerButton}
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 lg:hidden dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
              <span className="sr-only">Tags, filters and saved searches</span>
            </button>
            <div className={cx("flex-1", detail ? "min-w-[6rem]" : "min-w-0")}>
              <h1 className="truncate text-lg font-semibold leading-tight sm:text-xl">{section === "saved" ? "Library" : sectionLabel}</h1>
              {section === "saved" ? (
                <p className="truncate text-xs text-slate-600 dark:text-slate-300" data-testid="view-total">
                  {countText}
                </p>
              ) : null}
            </div>
            {section === "saved" ? <ViewSwitch view={view} onChange={changeView} /> : null}
            <LibraryMenu access={data.access} onImport={() => setImportOpen(true)} />
            <UsageIndicator usage={usage} onBuyPack={() => setBuying(true)} locale={locale} />
          </div>
          {section === "saved" ? (
            <div className="flex flex-col gap-2 md:flex-row md:items-start">
              <AddLinkForm onAdded={(link) => upsert(link)} clipboardPrompt={data.access.clipboardPrompt === "available"} />
              <SearchBar
                state={search}
                busy={searching}
                onChange={(next) => {
                  // Typing replaces the address; picking or removing a filter adds an entry.
                  const typed = FILTER_KEYS.every((key) => key === "q" || next[key] === search[key]) && next.sort === search.sort;
                  changeSearch(next, { push: !typed });
                }}
              />
            </div>
          ) : null}
          <ImportPanel access={data.access} onImport={onImport} onSettled={reload} open={importOpen} onOpen={() => setImportOpen(true)} onClose={() => setImportOpen(false)} />
          <div id="dashboard-section" className="space-y-3">
            {section === "share" ? (
              <Suspense fallback={<SectionLoading />}>
                <ShareTab watermark={data.watermark} />
              </Suspense>
            ) : section === "enrichments" ? (
              <Suspense fallback={<SectionLoading />}>
                <EnrichmentsSection
                  access={data.access}
                  total={stats.enriched}
                  onArtifact={onArtifact}
                  onLinkEvent={onLinkEvent}
                  serverNow={serverNow}
                  onError={() => toast.show("Could not load the newly enriched links. Please try again", "error")}
                />
              </Suspense>
            ) : (
              <>
                {searchError ? (
                  <p className="text-sm text-red-600 dark:text-red-400" role="alert">
                    {searchError}
                  </p>
                ) : null}
                {/* Outside the list: a bulk delete's result and Undo stay when it empties the list. */}
                <BulkToolbar
                  access={data.access}
                  selection={bulk}
                  matching={total}
                  filter={links.length > 0 ? bulkFilter(search) : null}
                  onBulk={onBulk}
                  onSettled={() => {
                    setBulkSettled((n) => n + 1);
                    void resync();
                  }}
                  keptMs={data.keptMs}
                  locale={locale}
                />
                <NewLinksButton count={unseen} onShow={showNew} onError={() => toast.show("Could not load the new links. Please try again", "error")} />
                {links.length === 0 && filtered ? (
                  <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300" data-testid="search-empty">
                    <p>No links match {describeSearch()}.</p>
                    <Button variant="secondary" size="sm" onClick={clearSearch} className="mt-3">
                      Clear search and filters
                    </Button>
                  </div>
                ) : links.length === 0 ? (
                  <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
                    No links yet. Paste one anywhere on this page, or into the field above, to save it.
                  </p>
                ) : (
                  <>
                    <LinkList
                      links={links}
                      view={view}
                      label={filtered ? "Matching links" : "Saved links"}
                      busy={searching}
                      currentId={openId}
                      onChange={upsert}
                      onDelete={deleteWithUndo}
                      onTag={filterByTag}
                      selectionFor={bulkAllowed ? bulk.rowSelection : undefined}
                    />
                    <LoadMore
                      shown={links.length}
                      total={total}
                      noun={filtered ? "matching links" : "links"}
                      hasMore={hasMore}
                      loading={loadingMore}
                      locale={locale}
                      onLoadMore={() => loadMore().catch(() => toast.show("Could not load more links. Please try again", "error"))}
                    />
                  </>
                )}
              </>
            )}
          </div>
        </div>
      </div>
      <dialog
        ref={drawer}
        aria-label="Library"
        onCancel={(event) => {
          event.preventDefault();
          closeDrawer();
        }}
        onClick={(event) => {
          // A press on the backdrop (the dialog itself, outside its panel) closes it.
          if (event.target === event.currentTarget) closeDrawer();
        }}
        className="m-0 h-full max-h-none w-[min(20rem,88vw)] max-w-none overflow-y-auto border-r border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        data-testid="library-drawer"
      >
        {drawerOpen ? (
          <div className="space-y-3 p-3">
            <div className="flex items-center justify-between">
              <p className="px-2.5 text-base font-semibold">Library</p>
              <Button variant="ghost" size="sm" onClick={closeDrawer}>
                Close
              </Button>
            </div>
            {sidebar(true)}
          </div>
        ) : null}
      </dialog>
      </div>
      <BuyPackModal open={modalOpen} packs={data.packs} result={checkoutState} onClose={closeModal} />
    </div>
  );
}
