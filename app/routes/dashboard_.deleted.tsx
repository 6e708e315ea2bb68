import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRevalidator, useRouteError } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { LoadMore } from "~/components/dashboard/load-more";
import { TrashIcon } from "~/components/icons";
import { LocalTime, useDateFormat } from "~/components/local-time";
import { PRODUCT_NAME } from "~/components/logo";
import { Button, ButtonLink, TagChips } from "~/components/ui";
import { ApiError, apiFetch, apiFetchPage } from "~/lib/api-client";
import { bulkSummary, type PublicBulkOperation } from "~/lib/bulk";
import { RECENTLY_DELETED_PAGE_SIZE, keptForLabel, type PublicLink, type RecentlyDeletedLink } from "~/lib/links";
import { APP_PAGE } from "~/lib/page-layout";
import { requireUser } from "~/server/accounts/auth.server";
import { countRecentlyDeleted, deletedLinksKeptMs, listRecentlyDeleted } from "~/server/links/links.server";

export const meta: MetaFunction = () => [
  { title: `Recently deleted · ${PRODUCT_NAME}` },
  { name: "description", content: "Links you deleted, kept for a while so you can restore them." },
];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [page, total] = await Promise.all([listRecentlyDeleted(user.id, { limit: RECENTLY_DELETED_PAGE_SIZE }), countRecentlyDeleted(user.id)]);
  return { links: page.links, nextCursor: page.nextCursor, total, keptMs: deletedLinksKeptMs() };
}

const POLL_MS = 1_000;

/**
 * Recently deleted: every link the user deleted that the purge has not removed yet, last deleted
 * first, a page at a time (GET /api/links/deleted), each with Restore and the day it goes for
 * good; Restore all brings every one back as a bulk restore (any plan).
 */
export default function RecentlyDeleted() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [links, setLinks] = useState<RecentlyDeletedLink[]>(data.links);
  const [cursor, setCursor] = useState<string | null>(data.nextCursor);
  const [total, setTotal] = useState(data.total);
  // A fresh loader answer (after Restore all) starts the list again.
  useEffect(() => {
    setLinks(data.links);
    setCursor(data.nextCursor);
    setTotal(data.total);
  }, [data]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [restoring, setRestoring] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; title?: string } | null>(null);
  const [op, setOp] = useState<PublicBulkOperation | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const format = useDateFormat();

  const running = op?.status === "running";
  const opId = op?.id;
  useEffect(() => {
    if (!running || !opId) return;
    const timer = setInterval(() => apiFetch<PublicBulkOperation>(`/api/links/bulk/${opId}`).then(setOp, () => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [running, opId]);
  const settledId = op && op.status !== "running" ? op.id : null;
  useEffect(() => {
    if (!settledId || !op) return;
    setDone({ text: bulkSummary(op) });
    revalidator.revalidate();
    status.current?.focus();
    // Only when another operation settles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledId]);

  async function loadMore() {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await apiFetchPage<RecentlyDeletedLink>(`/api/links/deleted?limit=${RECENTLY_DELETED_PAGE_SIZE}&before=${encodeURIComponent(cursor)}`);
      setLinks((shown) => [...shown, ...page.items.filter((link) => !shown.some((s) => s.id === link.id))]);
      setCursor(page.nextCursor);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Could not load more deleted links. Please try again");
    } finally {
      setLoadingMore(false);
    }
  }

  async function restore(link: RecentlyDeletedLink) {
    if (restoring) return;
    setRestoring(link.id);
    setError(null);
    const index = links.findIndex((l) => l.id === link.id);
    try {
      await apiFetch<PublicLink>(`/api/links/${link.id}/restore`, { method: "POST" });
      const rest = links.filter((l) => l.id !== link.id);
      setLinks(rest);
      // The shown page is used up while more wait: read the list again.
      if (rest.length === 0 && cursor) revalidator.revalidate();
      setTotal((n) => Math.max(0, n - 1));
      setDone({ text: "Restored", title: link.title ?? link.url });
      // The focus goes to the row that took its place, or the heading when none is left.
      const next = rest[Math.min(index, rest.length - 1)];
      requestAnimationFrame(() => (next ? document.querySelector<HTMLElement>(`[data-restore-link="${next.id}"]`) : heading.current)?.focus());
    } catch (failure) {
      // 404: purged meanwhile, or restored elsewhere; either way it is no longer here.
      if (failure instanceof ApiError && failure.status === 404) {
        setLinks((shown) => shown.filter((l) => l.id !== link.id));
        setTotal((n) => Math.max(0, n - 1));
      }
      setError(failure instanceof ApiError && failure.status === 404 ? "That link is no longer here to restore (it was restored elsewhere or removed for good)." : "Could not restore the link. Please try again");
    } finally {
      setRestoring(null);
    }
  }

  async function restoreAll() {
    if (running) return;
    setError(null);
    setDone(null);
    try {
      setOp(await apiFetch<PublicBulkOperation>("/api/links/deleted/restore", { method: "POST" }));
      status.current?.focus();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Could not restore the links. Please try again");
    }
  }

  const kept = keptForLabel(data.keptMs);

  return (
    <div className="container-page py-6 sm:py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard" className="rounded text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          ← Dashboard
        </Link>
      </nav>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
            Recently deleted
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Deleted links stay here for {kept} with their summaries, results and share pages; then they are removed for good.
          </p>
        </div>
        {total > 0 ? (
          <Button variant="secondary" onClick={() => void restoreAll()} busy={running} data-testid="restore-all">
            {running ? "Restoring…" : `Restore all ${total.toLocaleString("en")}`}
          </Button>
        ) : null}
      </div>

      <div className="mt-4 space-y-2">
        <p ref={status} tabIndex={-1} role="status" className="text-sm font-medium text-emerald-700 outline-none dark:text-emerald-300" data-testid="trash-status">
          {running && op
            ? `Restoring ${(op.done + op.failed + op.skipped).toLocaleString("en")} of ${op.total.toLocaleString("en")}…`
            : done
              ? done.title
                ? `${done.text} “${done.title}”.`
                : done.text
              : ""}
          {done && !running ? (
            <>
              {" "}
              <Link to="/dashboard" className="underline underline-offset-2">
                Open the dashboard
              </Link>
            </>
          ) : null}
        </p>
        {error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        ) : null}
      </div>

      {links.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700" data-testid="trash-empty">
          <TrashIcon className="mx-auto h-8 w-8 text-slate-400" />
          <p className="mt-3 font-medium">Nothing deleted recently</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Links you delete wait here for {kept}, so you can change your mind.</p>
          <ButtonLink to="/dashboard" variant="secondary" size="sm" className="mt-4">
            Back to your links
          </ButtonLink>
        </div>
      ) : (
        <>
          <ul className="mt-6 space-y-3" aria-label="Deleted links">
            {links.map((link) => {
              const name = link.title ?? link.url;
              return (
                <li
                  key={link.id}
                  data-testid="deleted-row"
                  className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium">{name}</p>
                    <p className="truncate text-sm text-slate-600 dark:text-slate-400">{link.url}</p>
                    {link.tags.length ? <TagChips tags={link.tags} className="mt-2" /> : null}
                    <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                      Deleted <LocalTime when={link.deletedAt} /> · removed for good after{" "}
                      <LocalTime when={link.purgeAfter} style="date" />
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="shrink-0 self-start sm:self-center"
                    data-restore-link={link.id}
                    aria-label={`Restore ${name}`}
                    title={`Restore, back in its place on the dashboard (deleted ${format(link.deletedAt)})`}
                    busy={restoring === link.id || running}
                    onClick={() => void restore(link)}
                  >
                    Restore
                  </Button>
                </li>
              );
            })}
          </ul>
          <div className="mt-4">
            <LoadMore shown={links.length} total={total} noun="deleted links" hasMore={cursor !== null} loading={loadingMore} onLoadMore={() => void loadMore()} />
          </div>
        </>
      )}
    </div>
  );
}

/** The list could not be read (the database away): say so, and offer to try again, instead of the generic error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  // Signed out: the root's handling (a redirect) applies; anything else is ours to explain.
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Recently deleted</h1>
      <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100" data-testid="trash-error">
        <p className="font-medium">We could not load your recently deleted links.</p>
        <p className="mt-1 text-sm">Nothing was lost: they are kept until their time is up. Please try again in a moment.{detail ? ` (${detail})` : ""}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <a href="/dashboard/deleted" className="inline-flex items-center rounded-lg bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800">
            Try again
          </a>
          <ButtonLink to="/dashboard" variant="secondary" size="sm">
            Back to the dashboard
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
