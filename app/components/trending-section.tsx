import { Link } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "~/lib/api-client";
import { plural } from "~/lib/plural";
import { LANDING_MIN_STORED_URLS, TRENDING_CATEGORIES, formatViews, type Stats, type TrendingResource } from "~/lib/trending";
import { Favicon } from "./favicon";
import { Button, Spinner, cx } from "./ui";

type State =
  | { kind: "loading" }
  | { kind: "unavailable" }
  | { kind: "hidden" }
  | { kind: "error" }
  | { kind: "list"; results: TrendingResource[] };

/** The landing page's trending section: the most viewed shared links, filterable by category. */
export function TrendingSection() {
  const [category, setCategory] = useState<(typeof TRENDING_CATEGORIES)[number]["slug"]>("all");
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    try {
      await apiFetch("/api/status");
    } catch {
      return setState({ kind: "unavailable" });
    }
    try {
      const stats = await apiFetch<Stats>("/api/stats");
      if (stats.totalStoredUrls < LANDING_MIN_STORED_URLS) return setState({ kind: "hidden" });
      const { results } = await apiFetch<{ results: TrendingResource[] }>(`/api/trending?category=${category}&time=week&page=1&pageSize=9`);
      setState({ kind: "list", results: results.slice(0, 9) });
    } catch {
      setState({ kind: "error" });
    }
  }, [category]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === "hidden") return null;
  return (
    <section className="container-page py-12 sm:py-16" aria-labelledby="trending-heading" data-testid="trending-section">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="trending-heading" className="text-2xl font-bold">
            Trending resources
          </h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400">What the community is sharing this week.</p>
        </div>
        <Link to="/trending" className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
          See all trending →
        </Link>
      </div>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Filter by category">
        {TRENDING_CATEGORIES.map(({ slug, label }) => (
          <button
            key={slug}
            type="button"
            onClick={() => setCategory(slug)}
            aria-pressed={category === slug}
            className={cx(
              "rounded-full px-3 py-1 text-sm",
              category === slug ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200",
            )}
          >
            {slug === "all" ? "All" : label}
          </button>
        ))}
      </div>
      <div className="mt-6">
        {state.kind === "loading" ? <Spinner label="Loading trending resources" /> : null}
        {state.kind === "unavailable" ? (
          <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
            API Unavailable: We can&apos;t fetch trending resources right now. Please check back later.
          </p>
        ) : null}
        {state.kind === "error" ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            Failed to load trending resources. Please try again.
            <Button size="sm" variant="secondary" onClick={() => void load()}>
              Try Again
            </Button>
          </div>
        ) : null}
        {state.kind === "list" && state.results.length === 0 ? <p className="text-slate-600 dark:text-slate-400">No trending resources in this category yet.</p> : null}
        {state.kind === "list" && state.results.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {state.results.map((resource) => (
              <li key={resource.id} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" data-testid="landing-trending-item">
                <div className="flex items-center gap-2">
                  <Favicon src={resource.favicon} url={resource.url} />
                  <span className="min-w-0 truncate text-xs text-slate-600 dark:text-slate-400">{resource.category.displayName}</span>
                  <span className="ml-auto shrink-0 text-xs font-medium text-slate-600 dark:text-slate-300">{plural(resource.views, "view", "views", formatViews(resource.views))}</span>
                </div>
                <Link to={`/share/${resource.id}`} className="mt-2 block font-medium wrap-anywhere hover:text-brand-700 hover:underline dark:hover:text-brand-300">
                  {resource.title ?? "Untitled"}
                </Link>
                {resource.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{resource.description}</p> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
