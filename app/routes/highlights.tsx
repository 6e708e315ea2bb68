import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AppPage } from "~/components/app-layout";
import { LoadMore } from "~/components/dashboard/load-more";
import { FilterSelect, inputClass } from "~/components/form";
import { LocalTime } from "~/components/local-time";
import { PRODUCT_NAME } from "~/components/logo";
import { buttonClass } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import { HIGHLIGHT_COLOUR_LABELS, HIGHLIGHT_SWATCH_CLASS, HIGHLIGHTS_PAGE_SIZE, highlightHref, highlightListQuerySchema, type HighlightPage, type ListedHighlight } from "~/lib/highlights";
import { APP_PAGE } from "~/lib/page-layout";
import { requireUser } from "~/server/accounts/auth.server";
import { highlightsPage } from "~/server/highlights/highlights.server";
import { suggestableTags } from "~/server/links/links.server";

export const meta: MetaFunction = () => [
  { title: `Highlights · ${PRODUCT_NAME}` },
  { name: "description", content: "Every passage you highlighted and every note you wrote, newest first." },
];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const params = Object.fromEntries([...url.searchParams].filter(([name, value]) => (name === "q" || name === "tag") && value.trim() !== ""));
  // A query too long for the API is read as none, as a page shows rather than refuses.
  const parsed = highlightListQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : { limit: HIGHLIGHTS_PAGE_SIZE };
  const [page, tags] = await Promise.all([highlightsPage(user.id, { ...query, limit: HIGHLIGHTS_PAGE_SIZE }), suggestableTags(user.id)]);
  return { page, tags, q: query.q ?? "", tag: query.tag ?? "" };
}

/** /highlights: the user's highlights and notes across their links, newest first, 50 at a time; search and a tag narrow them. */
export default function Highlights() {
  const data = useLoaderData<typeof loader>();
  const [items, setItems] = useState<ListedHighlight[]>(data.page.highlights);
  const [cursor, setCursor] = useState(data.page.nextCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setItems(data.page.highlights);
    setCursor(data.page.nextCursor);
  }, [data]);

  async function loadMore() {
    if (!cursor || loading) return;
    setLoading(true);
    setError(null);
    try {
      const params = new URLSearchParams({ before: cursor });
      if (data.q) params.set("q", data.q);
      if (data.tag) params.set("tag", data.tag);
      const page = await apiFetch<HighlightPage>(`/api/highlights?${params}`);
      setItems((shown) => [...shown, ...page.highlights.filter((item) => !shown.some((s) => s.id === item.id))]);
      setCursor(page.nextCursor);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Could not load more highlights. Please try again.");
    } finally {
      setLoading(false);
    }
  }

  const filtered = data.q !== "" || data.tag !== "";
  return (
    <AppPage title="Highlights" description="What you highlighted and noted while reading, newest first.">
      <Form method="get" role="search" aria-label="Highlights" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 grow flex-col gap-1 text-sm sm:grow-0">
          <span className="font-medium">Search highlights and notes</span>
          <input type="search" name="q" defaultValue={data.q} maxLength={500} className={`${inputClass} sm:w-72`} />
        </label>
        <FilterSelect label="Tag" name="tag" value={data.tag} options={[["", "Every tag"], ...data.tags.map((tag) => [tag, tag] as const)]} />
        <button type="submit" className={buttonClass("primary", "md")}>
          Search
        </button>
        {filtered ? (
          <Link to="/highlights" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline dark:text-brand-300">
            Show all
          </Link>
        ) : null}
      </Form>
      {items.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-300" data-testid="highlights-empty">
          {filtered ? "No highlight or note matches." : "No highlights yet. Select text in the reader (Read, in a link's menu) to highlight it."}
        </p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" data-testid="highlights-list">
          {items.map((item) => (
            <li key={item.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="highlight-entry">
              <div className="flex items-start gap-3">
                <span aria-label={`${HIGHLIGHT_COLOUR_LABELS[item.colour]} highlight`} role="img" className={`mt-1.5 h-3 w-3 shrink-0 rounded-full ${HIGHLIGHT_SWATCH_CLASS[item.colour]}`} />
                <div className="min-w-0 grow">
                  <blockquote className="whitespace-pre-line break-words font-serif text-slate-800 dark:text-slate-100">{item.exact}</blockquote>
                  {item.note ? <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700 dark:text-slate-300">Note: {item.note}</p> : null}
                  <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-300">
                    <Link to={highlightHref(item.link.id, item.id)} className="inline-flex min-h-6 items-center font-medium text-brand-700 underline dark:text-brand-300">
                      {item.link.title}
                    </Link>
                    <LocalTime when={item.createdAt} style="date" />
                  </p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {items.length > 0 ? (
        <div className="mt-4">
          <LoadMore shown={items.length} total={null} noun="highlights" hasMore={cursor !== null} loading={loading} onLoadMore={() => void loadMore()} />
        </div>
      ) : null}
    </AppPage>
  );
}
