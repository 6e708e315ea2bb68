import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useRef, useState } from "react";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { FailureDetailDialog, type DetailAction } from "~/components/admin/jobs-detail";
import {
  EMPTY_FILTER,
  FailureFilters,
  FailureGroups,
  FailureList,
  FailurePager,
  filterBody,
  filterQuery,
  type FailureFilterForm,
  type FailurePageButton,
} from "~/components/admin/jobs-failures";
import { usePolled } from "~/components/admin/jobs-poll";
import { AdminNav, AppPage } from "~/components/app-layout";
import { LocalTime } from "~/components/local-time";
import { QueueCards } from "~/components/admin/jobs-queues";
import { ReenrichPanel } from "~/components/admin/jobs-reenrich";
import { WorkersTable } from "~/components/admin/jobs-workers";
import { PRODUCT_NAME } from "~/components/logo";
import { Button } from "~/components/ui";
import { useFocusNext } from "~/components/use-focus-next";
import { usePageTurn } from "~/components/use-page-turn";
import { formatCount } from "~/lib/admin-stats";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { BulkResult, FailureDetail, FailurePage, JobQueueName, JobsStats, WorkerInfo } from "~/lib/jobs";
import { APP_PAGE } from "~/lib/page-layout";
import { requireRole } from "~/server/accounts/auth.server";
import { jobsStats, listWorkers } from "~/server/jobs-console/operations.server";
import { failurePage } from "~/server/jobs-console/replay.server";
import { Panel } from "~/components/admin/panel";

export const meta: MetaFunction = () => [{ title: `Jobs · Admin · ${PRODUCT_NAME}` }];
export const handle = APP_PAGE;

/** The first picture comes with the page; the browser then polls the JSON API for the rest. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ["Admin"]);
  const [stats, failures, workers] = await Promise.all([jobsStats(), failurePage({}, { limit: PAGE_SIZE }), listWorkers()]);
  return { stats, failures, workers };
}

const errorText = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : "Something went wrong");

/** At most this many retry-all calls per press (each handles up to MAX_BULK rows). */
const MAX_BULK_ROUNDS = 20;

/** Failures per page of the list. */
const PAGE_SIZE = 50;

export default function Page() {
  const initial = useLoaderData<typeof loader>();
  const [filter, setFilter] = useState<FailureFilterForm>(EMPTY_FILTER);
  // The cursors of the older pages walked to; empty on the newest page. Whichever page is shown
  // is polled, so the newest page stays live and an older one keeps its place (keyset paging).
  // Each keeps how many rows the pages before it showed, to number the rows.
  const [cursors, setCursors] = useState<Array<{ cursor: string; before: number }>>([]);
  const applyFilter = (next: FailureFilterForm) => {
    setFilter(next);
    setCursors([]);
  };
  const query = filterQuery(filter);
  query.set("limit", String(PAGE_SIZE));
  const older = cursors.at(-1);
  if (older) query.set("cursor", older.cursor);
  const stats = usePolled<JobsStats>("/api/admin/jobs/stats", initial.stats);
  const failures = usePolled<FailurePage>(`/api/admin/jobs/failures?${query}`, initial.failures);
  const workers = usePolled<{ workers: WorkerInfo[] }>("/api/admin/jobs/workers", { workers: initial.workers });
  // After a page button's page comes: the first row's link takes the focus if the button cannot be
  // used there (the last page, the newest), the Failures heading if the page is empty.
  const failureList = useRef<HTMLDivElement>(null);
  const pageTurn = usePageTurn<FailurePageButton>(
    failures.stale,
    () => failureList.current?.querySelector<HTMLElement>("button") ?? document.getElementById("failures-heading"),
  );

  const [notice, setNotice] = useState<string | null>(null);
  // Replays are told beside the failures list, not in the header: on a phone that is screens away.
  const [failuresNotice, setFailuresNotice] = useState<string | null>(null);
  const failuresNoticeRef = useRef<HTMLParagraphElement>(null);
  const [pauseBusy, setPauseBusy] = useState<JobQueueName | null>(null);
  // Each row's Retry runs on its own: pressing another row's leaves this one busy.
  const [rowBusy, setRowBusy] = useState<ReadonlySet<string>>(new Set());
  const [rowErrors, setRowErrors] = useState<Readonly<Record<string, string>>>({});

  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const focusNext = useFocusNext();
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const [detailId, setDetailId] = useState<string | null>(null);
  const [detail, setDetail] = useState<FailureDetail | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const [detailBusy, setDetailBusy] = useState(false);
  const [detailLoading, setDetailLoading] = useState<string | null>(null);
  const [detailMessage, setDetailMessage] = useState<string | null>(null);

  const refreshAll = () => {
    void stats.refresh();
    void failures.refresh();
  };

  const togglePause = async (queue: JobQueueName, pause: boolean) => {
    setPauseBusy(queue);
    try {
      await apiFetch(`/api/admin/jobs/queues/${queue}/${pause ? "pause" : "resume"}`, { method: "POST" });
      setNotice(`${queue} is ${pause ? "paused" : "running again"}.`);
      await stats.refresh();
    } catch (error) {
      setNotice(errorText(error));
    } finally {
      setPauseBusy(null);
    }
  };

  const retryOne = async (id: string, button: HTMLElement) => {
    setRowBusy((busy) => new Set(busy).add(id));
    setRowErrors(({ [id]: _told, ...others }) => others);
    try {
      await apiFetch(`/api/admin/jobs/failures/${encodeURIComponent(id)}/retry`, { method: "POST" });
      setFailuresNotice("Queued again.");
      // Its row leaves the list with the next refresh, and the focus with it: the outcome takes it,
      // unless the keyboard has moved on meanwhile (another row's Retry).
      const active = document.activeElement;
      if (!active || active === document.body || active === button) failuresNoticeRef.current?.focus();
      refreshAll();
    } catch (error) {
      // Refused: told in the row, beside its Retry, which (busy, never disabled) keeps the focus.
      setRowErrors((errors) => ({ ...errors, [id]: errorText(error) }));
    } finally {
      setRowBusy((busy) => {
        const left = new Set(busy);
        left.delete(id);
        return left;
      });
    }
  };

  const openDetail = async (id: string) => {
    if (detailLoading) return;
    setDetailId(id);
    setDetail(null);
    setDetailError(null);
    setDetailMessage(null);
    setDetailLoading(id);
    try {
      setDetail(await apiFetch<FailureDetail>(`/api/admin/jobs/failures/${encodeURIComponent(id)}`));
    } catch (error) {
      setDetailError(errorText(error));
    } finally {
      setDetailLoading(null);
    }
  };

  const closeDetail = () => {
    setDetailId(null);
    setDetail(null);
    setDetailError(null);
    setDetailMessage(null);
  };

  const detailAction = async (action: DetailAction) => {
    if (!detailId || !detail) return;
    setDetailBusy(true);
    setDetailError(null);
    try {
      if (action === "retry") await apiFetch(`/api/admin/jobs/failures/${encodeURIComponent(detailId)}/retry`, { method: "POST" });
      else await apiFetch(`/api/admin/jobs/${action}`, { body: { id: detail.job?.id ?? detailId, queue: detail.queue } });
      setDetailMessage(action === "retry" ? "Queued again." : action === "promote" ? "Promoted: it runs now." : "Job removed.");
      setDetail(await apiFetch<FailureDetail>(`/api/admin/jobs/failures/${encodeURIComponent(detailId)}`));
      refreshAll();
    } catch (error) {
      setDetailError(errorText(error));
    } finally {
      setDetailBusy(false);
    }
  };

  const page = failures.data;
  const askRetryAll = () => {
    if (!page) return;
    setConfirmError(null);
    setConfirm({
      title: "Retry all matching failures?",
      body: (
        <p>
          {formatCount(page.total)} {page.total === 1 ? "failure matches" : "failures match"} the current filter. Each is queued once, even if you press twice;
          users are not charged again.
        </p>
      ),
      confirmLabel: "Retry all",
    });
  };

  const retryAll = async () => {
    setConfirmBusy(true);
    setConfirmError(null);
    let queued = 0;
    try {
      // Bounded per call: call again while the server says more match and it is still making progress.
      for (let round = 0; round < MAX_BULK_ROUNDS; round++) {
        const result = await apiFetch<BulkResult>("/api/admin/jobs/retry", { body: filterBody(filter) });
        queued += result.queued;
        setFailuresNotice(`Queued ${formatCount(queued)} so far…`);
        if (!result.more || result.queued === 0) break;
      }
      setFailuresNotice(`Queued ${formatCount(queued)} ${queued === 1 ? "failure" : "failures"} again.`);
      // Not back to Retry all matching, which the emptied list is about to disable: the outcome.
      focusNext(() => failuresNoticeRef.current);
      setConfirm(null);
      refreshAll();
    } catch (error) {
      setConfirmError(errorText(error));
    } finally {
      setConfirmBusy(false);
    }
  };

  const statsData = stats.data;
  const workerList = workers.data?.workers ?? [];
  const lost = workerList.filter((worker) => worker.status === "lost").length;

  return (
    <AppPage
      title="Jobs"
      description={
        <p>
          Queues, failures and workers, refreshed every few seconds while this tab is open
          {statsData ? (
            <>
              {" "}
              (as of <LocalTime when={statsData.at} style="stamp" />)
            </>
          ) : null}
          .
        </p>
      }
      actions={
        // Served by bull-board, outside Remix: a full page load.
        <a href="/admin/queues" className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          Raw queue browser (bull-board, read-only)
        </a>
      }
      nav={<AdminNav />}
    >
      <div className="mb-4 space-y-1">
        {stats.error || failures.error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Could not refresh: {stats.error ?? failures.error}
          </p>
        ) : null}
        <p aria-live="polite" role="status" className="min-h-5 text-sm text-slate-700 dark:text-slate-200" data-testid="jobs-notice">
          {notice}
        </p>
      </div>
      <div className="space-y-10">
        <Panel id="queues" title="Queues">
          {statsData ? <QueueCards queues={statsData.queues} busy={pauseBusy} onTogglePause={(queue, pause) => void togglePause(queue, pause)} /> : null}
        </Panel>

        <Panel
          id="failures"
          title="Failures"
          focusableHeading
          action={
            page ? (
              <span className="text-sm text-slate-600 dark:text-slate-300" data-testid="failures-total">
                {formatCount(page.total)} matching
              </span>
            ) : null
          }
        >
          <FailureFilters applied={filter} onApply={applyFilter} />
          {page ? (
            <>
              <FailureGroups page={page} activeReason={filter.reason} onPick={(reason) => applyFilter({ ...filter, reason })} />
              <div className="flex flex-wrap items-center gap-3">
                <Button onClick={askRetryAll} disabled={page.total === 0}>
                  Retry all matching
                </Button>
                <p ref={failuresNoticeRef} tabIndex={-1} aria-live="polite" role="status" className="text-sm text-slate-700 dark:text-slate-200" data-testid="failures-notice">
                  {failuresNotice}
                </p>
              </div>
              <div ref={failureList}>
                <FailureList
                  page={page}
                  busyIds={rowBusy}
                  errors={rowErrors}
                  openingId={detailLoading}
                  onOpen={(id) => void openDetail(id)}
                  onRetry={(id, button) => void retryOne(id, button)}
                />
              </div>
              <FailurePager
                first={(older?.before ?? 0) + 1}
                shown={page.items.length}
                total={page.total}
                atNewest={cursors.length === 0}
                loading={failures.stale}
                pressed={pageTurn.pressed}
                nextCursor={page.nextCursor}
                onNewest={(button) => {
                  pageTurn.press("newest", button);
                  setCursors([]);
                }}
                onNewer={(button) => {
                  pageTurn.press("newer", button);
                  setCursors(cursors.slice(0, -1));
                }}
                onOlder={(next, button) => {
                  pageTurn.press("older", button);
                  setCursors([...cursors, { cursor: next, before: (older?.before ?? 0) + page.items.length }]);
                }}
              />
            </>
          ) : null}
        </Panel>

        <Panel id="reenrich" title="Re-enrich links">
          <ReenrichPanel onQueued={() => void stats.refresh()} />
        </Panel>

        <Panel
          id="workers"
          title="Workers"
          action={
            <span className="text-sm text-slate-600 dark:text-slate-300">
              {formatCount(workerList.length - lost)} live{lost ? `, ${formatCount(lost)} lost` : ""}
            </span>
          }
        >
          <WorkersTable workers={workerList} />
        </Panel>

        <ConfirmDialog request={confirm} busy={confirmBusy} error={confirmError} onConfirm={() => void retryAll()} onCancel={() => setConfirm(null)} />
        <FailureDetailDialog
          detail={detailId ? detail : null}
          error={detailId ? detailError : null}
          busy={detailBusy}
          message={detailMessage}
          onAction={(action) => void detailAction(action)}
          onClose={closeDetail}
        />
      </div>
    </AppPage>
  );
}
