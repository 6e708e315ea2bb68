import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useOutlet, useParams, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { BuyPackModal } from "~/components/billing/buy-pack-modal";
import { useCheckoutReturn } from "~/components/billing/use-checkout-return";
import { AddLinkForm } from "~/components/dashboard/add-link-form";
import { BulkToolbar, useBulkSelection } from "~/components/dashboard/bulk-toolbar";
import { bulkFilter } from "~/lib/bulk";
import { EnrichmentsTab } from "~/components/dashboard/enrichments-tab";
import { ImportPanel } from "~/components/dashboard/import-panel";
import { LoadMore } from "~/components/dashboard/load-more";
import { PreferencesCard } from "~/components/dashboard/preferences-card";
import { ShareTab } from "~/components/dashboard/share-tab";
import { SharedLinkToast } from "~/components/dashboard/shared-link-toast";
import { LinkList } from "~/components/dashboard/link-list";
import { NewLinksButton } from "~/components/dashboard/new-links-button";
import { SearchBar } from "~/components/dashboard/search-bar";
import { DashboardSidebar, PhonePlanDisclosure } from "~/components/dashboard/sidebar";
import { UsageMeter } from "~/components/dashboard/usage-meter";
import { useLiveLinks } from "~/components/dashboard/use-live-links";
import { TrashIcon } from "~/components/icons";
import { PRODUCT_NAME } from "~/components/logo";
import { useToast } from "~/components/toast";
import { cx } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import { publicPacks } from "~/lib/billing";
import { LINKS_PAGE_SIZE, UNDO_MS, type PublicLink, type Usage } from "~/lib/links";
import { linkListQuerySchema } from "~/lib/api-schemas";
import { FILTER_KEYS, filterLabel, isFiltered, searchQuery, searchStateFrom, type SearchState } from "~/lib/link-search";
import type { Role } from "~/lib/user";
import { APP_PAGE } from "~/lib/page-layout";
import { requireUser } from "~/server/accounts/auth.server";
import { deletedLinksKeptMs, listUserLinks, userLinkStats } from "~/server/links/links.server";
import { usageOf } from "~/server/billing/quota.server";
import { entitlementsFor } from "~/server/billing/entitlements.server";

export const meta: MetaFunction = () => [
  { title: `Dashboard · ${PRODUCT_NAME}` },
  { name: "description", content: "Your saved links with their summaries, tags, quizzes and courses, and your plan's enrichments this month." },
];
// The app's frame (decision 050); the page inside is the dashboard's own.
export const handle = APP_PAGE;

const GREETINGS: Record<Role, (monthlyAllowance: number | null) => string> = {
  FreeUser: (allowance) => `Welcome! Save links and we will enrich up to ${allowance} of them each month.`,
  LiteUser: () => "Welcome back, Scout! Advanced summaries and code snippets are on.",
  ProUser: () => "Welcome back, Creator! Quizzes, courses and exports are all yours.",
  Admin: () => "Welcome back, admin. Everything is unlocked.",
};

const TABS = [
  ["saved", "Saved Links"],
  ["enrichments", "Enrichments"],
  ["share", "Share"],
] as const;

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
  const parsed = linkListQuerySchema.safeParse({ ...Object.fromEntries(new URLSearchParams(searchQuery(search))), limit: LINKS_PAGE_SIZE });
  const { sort = "date", limit: _limit, before: _before, ...filter } = parsed.success ? parsed.data : { limit: LINKS_PAGE_SIZE };
  // The first page (and the cursor of the next, if any), and statistics over every link.
  const [page, stats, usage, entitlements] = await Promise.all([
    listUserLinks(user.id, { limit: LINKS_PAGE_SIZE, filter, sort }),
    userLinkStats(user.id),
    usageOf(user.id),
    entitlementsFor(user.role),
  ]);
  // The page shows the same answers the server enforces: no second reckoning in the browser.
  return {
    role: user.role,
    links: page.links,
    nextCursor: page.nextCursor,
    search: parsed.success ? search : {},
    stats,
    usage,
    monthlyAllowance: entitlements.monthlyAllowance,
    access: entitlements.features,
    watermark: entitlements.watermark,
    packs: publicPacks(),
    keptMs: deletedLinksKeptMs(),
    // The server's time of this page of links: a link saved after it is new (use-live-links).
    asOf: Date.now(),
  };
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  // A link's detail (nested route): a side panel on a desktop, the page itself on a phone.
  const detail = useOutlet();
  const openId = useParams().id;
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
  // Bulk actions (batchProcessing): the rows' checkboxes and the toolbar over them.
  const bulk = useBulkSelection(links);
  const bulkAllowed = data.access.batchProcessing === "available";
  // Another search is another set of links: "all matching" and the ticks start again.
  const searchKey = searchQuery(search);
  const clearBulk = bulk.clear;
  useEffect(() => clearBulk(), [searchKey, clearBulk]);
  const filterByTag = (tag: string) => changeSearch({ ...search, tag }, { push: true });
  const clearSearch = () => {
    changeSearch({}, { push: true });
    // The button goes with the empty state: the focus waits in the search box, not at the page's start.
    document.querySelector<HTMLInputElement>('[role="search"] input[type="search"]')?.focus();
  };
  const describeSearch = () =>
    [search.q ? `“${search.q}”` : null, ...FILTER_KEYS.filter((key) => key !== "q" && search[key]).map((key) => filterLabel(key as Exclude<typeof key, "q">, search[key]!))]
      .filter(Boolean)
      .join(", ");
  const toast = useToast();
  // After Undo, focus goes back to the row it left, once that row is drawn again.
  const focusAfterRestore = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterRestore.current;
    if (!id || !links.some((link) => link.id === id)) return;
    focusAfterRestore.current = null;
    document.querySelector<HTMLElement>(`[data-row-link="${id}"]`)?.focus();
  }, [links]);
  const [params] = useSearchParams();
  const tabOf = (value: string | null) => TABS.find(([key]) => key === value)?.[0] ?? "saved";
  const [tab, setTab] = useState(() => tabOf(params.get("tab")));
  // A link to /dashboard?tab=... while here still switches.
  const paramTab = params.get("tab");
  useEffect(() => setTab(tabOf(paramTab)), [paramTab]);
  // Switching tabs keeps ?tab= in the address (reload, share) without a navigation: the
  // loaders' answers are the same, and the Enrichments tab fetches its own page.
  const selectTab = (key: (typeof TABS)[number][0]) => {
    setTab(key);
    const url = new URL(window.location.href);
    if (key === "saved") url.searchParams.delete("tab");
    else url.searchParams.set("tab", key);
    window.history.replaceState(window.history.state, "", url);
  };
  // The meter follows enrichments as they finish.
  const [usage, setUsage] = useState(data.usage);
  // A fresh loader answer (after a purchase) replaces it at once.
  useEffect(() => setUsage(data.usage), [data.usage]);
  useEffect(() => {
    if (stats.enriched === 0) return;
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

  /** Left/Right (wrapping), Home and End select and focus another tab. */
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex(([key]) => key === tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const [key] = TABS[(next + TABS.length) % TABS.length]!;
    selectTab(key);
    document.getElementById(`tab-${key}`)?.focus();
  };

  return (
    <div className="container-page py-8">
      {detail}
      <div className={cx(detail && "max-lg:hidden")}>
      <SharedLinkToast />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <Link to="/dashboard/deleted" className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white">
          <TrashIcon className="h-4 w-4" />
          Recently deleted
        </Link>
      </div>
      <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="greeting">
        {GREETINGS[data.role](data.monthlyAllowance)}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-4">
          <PhonePlanDisclosure role={data.role} access={data.access} stats={stats} />
          <div role="tablist" aria-label="Dashboard sections" className="flex gap-1 border-b border-slate-200 dark:border-slate-800" onKeyDown={onTabKey}>
            {TABS.map(([key, label]) => (
              <button
                key={key}
                id={`tab-${key}`}
                role="tab"
                type="button"
                aria-selected={tab === key}
                aria-controls={`tabpanel-${key}`}
                // Roving focus (the ARIA tabs pattern): Tab enters the selected tab, arrows move between them.
                tabIndex={tab === key ? 0 : -1}
                onClick={() => selectTab(key)}
                className={cx(
                  "-mb-px whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium sm:px-4",
                  tab === key ? "border-brand-600 text-brand-700 dark:text-brand-300" : "border-transparent text-slate-600 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200",
                )}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`tabpanel-${tab}`} aria-labelledby={`tab-${tab}`} className="space-y-4">
            {tab === "share" ? (
              <ShareTab watermark={data.watermark} />
            ) : tab === "enrichments" ? (
              <>
                <PreferencesCard access={data.access.contentPreferences} />
                <EnrichmentsTab
                  access={data.access}
                  total={stats.enriched}
                  onArtifact={onArtifact}
                  onLinkEvent={onLinkEvent}
                  serverNow={serverNow}
                  onError={() => toast.show("Could not load the newly enriched links. Please try again", "error")}
                />
              </>
            ) : (
              <>
                <AddLinkForm onAdded={(link) => upsert(link)} clipboardPrompt={data.access.clipboardPrompt === "available"} />
                <UsageMeter usage={usage} onBuyPack={() => setBuying(true)} />
                <ImportPanel access={data.access} onImport={onImport} onSettled={reload} />
                <SearchBar
                  state={search}
                  busy={searching}
                  onChange={(next) => {
                    // Typing replaces the address; picking or removing a filter adds an entry.
                    const typed = FILTER_KEYS.every((key) => key === "q" || next[key] === search[key]) && next.sort === search.sort;
                    changeSearch(next, { push: !typed });
                  }}
                />
                {searchError ? (
                  <p className="text-sm text-red-600 dark:text-red-400" role="alert">
                    {searchError}
                  </p>
                ) : null}
                {/* Outside the list: a bulk delete's result and Undo stay when it empties the list. */}
                <BulkToolbar
                  access={data.access}
                  selection={bulk}
                  matching={stats.total + stats.unenriched}
                  filter={links.length > 0 ? bulkFilter(search) : null}
                  onBulk={onBulk}
                  onSettled={() => void resync()}
                  keptMs={data.keptMs}
                />
                <NewLinksButton count={unseen} onShow={showNew} onError={() => toast.show("Could not load the new links. Please try again", "error")} />
                {links.length === 0 && filtered ? (
                  <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300" data-testid="search-empty">
                    <p>No links match {describeSearch()}.</p>
                    <button type="button" onClick={clearSearch} className="mt-3 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800">
                      Clear search and filters
                    </button>
                  </div>
                ) : links.length === 0 ? (
                  <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
                    No links yet. Paste one above to get started.
                  </p>
                ) : (
                  <>
                    <LinkList
                      links={links}
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
                      // A search's count is not known until its last page: what is shown, plus more while there is more.
                      total={filtered ? links.length : stats.total}
                      noun={filtered ? (hasMore ? "matching links so far" : "matching links") : "links"}
                      hasMore={hasMore}
                      loading={loadingMore}
                      onLoadMore={() => loadMore().catch(() => toast.show("Could not load more links. Please try again", "error"))}
                    />
                  </>
                )}
              </>
            )}
          </div>
        </div>
        <DashboardSidebar role={data.role} access={data.access} stats={stats} />
      </div>
      </div>
      <BuyPackModal open={modalOpen} packs={data.packs} result={checkoutState} onClose={closeModal} />
    </div>
  );
}
