import { useId, useState, type FormEvent } from "react";
import { FAILURE_QUEUES, type FailurePage } from "~/lib/jobs";
import { formatCount } from "~/lib/admin-stats";
import { LocalTime } from "../local-time";
import { Badge, Button, cx } from "../ui";

/** The failure filter as the form holds it: plain strings, empty meaning "any". */
export interface FailureFilterForm {
  queue: string;
  reason: string;
  user: string;
  domain: string;
  since: string;
}
export const EMPTY_FILTER: FailureFilterForm = { queue: "", reason: "", user: "", domain: "", since: "" };

/** The filter as the API's query string (empty fields left out). */
export function filterQuery(filter: FailureFilterForm): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value.trim()) params.set(key, value.trim());
  return params;
}

/** The filter as the retry-all body (empty fields left out). */
export function filterBody(filter: FailureFilterForm): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value.trim()).map(([key, value]) => [key, value.trim()]));
}

const INPUT =
  "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950 focus:border-brand-500";
const LABEL = "block text-sm font-medium";

/** The filter form: applied on submit, so polling does not chase half-typed values. */
export function FailureFilters({ applied, onApply }: { applied: FailureFilterForm; onApply: (filter: FailureFilterForm) => void }) {
  const [draft, setDraft] = useState(applied);
  const [shown, setShown] = useState(applied);
  // A reason picked from the groups changes the applied filter from outside: mirror it.
  if (shown !== applied) {
    setShown(applied);
    setDraft(applied);
  }
  const id = useId();
  const field = (name: keyof FailureFilterForm) => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form onSubmit={submit} aria-label="Filter failures" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
      <div>
        <label htmlFor={`${id}-queue`} className={LABEL}>
          Queue
        </label>
        <select {...field("queue")} className={INPUT}>
          <option value="">Any</option>
          {FAILURE_QUEUES.map((queue) => (
            <option key={queue} value={queue}>
              {queue}
            </option>
          ))}
        </select>
      </div>
      <div className="lg:col-span-2">
        <label htmlFor={`${id}-reason`} className={LABEL}>
          Reason
        </label>
        <input {...field("reason")} className={INPUT} autoComplete="off" placeholder="404, timed out, …" aria-describedby={`${id}-reason-hint`} />
        <span id={`${id}-reason-hint`} className="sr-only">
          Any part of the reason, in any case
        </span>
      </div>
      <div>
        <label htmlFor={`${id}-user`} className={LABEL}>
          User email
        </label>
        <input {...field("user")} className={INPUT} autoComplete="off" inputMode="email" />
      </div>
      <div>
        <label htmlFor={`${id}-domain`} className={LABEL}>
          Domain
        </label>
        <input {...field("domain")} className={INPUT} autoComplete="off" placeholder="example.com" />
      </div>
      <div>
        <label htmlFor={`${id}-since`} className={LABEL}>
          Since
        </label>
        <input {...field("since")} className={INPUT} autoComplete="off" placeholder="2h, 7d or 2026-11-01" aria-describedby={`${id}-since-hint`} />
        <span id={`${id}-since-hint`} className="sr-only">
          A duration such as 30m, 2h or 7d, or an ISO date
        </span>
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
        <Button type="submit">Apply filter</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(EMPTY_FILTER);
            onApply(EMPTY_FILTER);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

/**
 * Failures grouped by their human reason; picking one narrows the filter to it. When the reason
 * typed matched nothing, the reasons there are (for the other filters) take their place.
 */
export function FailureGroups({ page, activeReason, onPick }: { page: FailurePage; activeReason: string; onPick: (reason: string) => void }) {
  const other = page.groups.length === 0 && page.otherReasons ? page.otherReasons : null;
  if (other) {
    return (
      <div className="space-y-2" data-testid="other-reasons">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          No failure&rsquo;s reason contains &ldquo;{activeReason.trim()}&rdquo; (in any case).{" "}
          {other.length > 0 ? "These are the reasons there are; pick one:" : "No failures match the other filters either."}
        </p>
        {other.length > 0 ? <ReasonButtons groups={other} activeReason={activeReason} onPick={onPick} label="Reasons there are" /> : null}
      </div>
    );
  }
  if (page.groups.length === 0) return null;
  return <ReasonButtons groups={page.groups} activeReason={activeReason} onPick={onPick} label="Failures by reason" />;
}

function ReasonButtons({
  groups,
  activeReason,
  onPick,
  label,
}: {
  groups: Array<{ reason: string; count: number }>;
  activeReason: string;
  onPick: (reason: string) => void;
  label: string;
}) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" aria-label={label}>
      {groups.map((group) => (
        <li key={group.reason} data-testid="failure-group">
          <button
            type="button"
            aria-pressed={activeReason === group.reason}
            onClick={() => onPick(activeReason === group.reason ? "" : group.reason)}
            className={cx(
              "flex h-full w-full items-start justify-between gap-3 rounded-xl border p-3 text-left text-sm transition-colors hover:border-brand-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
              activeReason === group.reason
                ? "border-brand-500 bg-brand-50 dark:border-brand-600 dark:bg-slate-800"
                : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900",
            )}
          >
            <span className="min-w-0 break-words">{group.reason}</span>
            <span className="shrink-0 text-lg font-bold tabular-nums" data-testid="failure-group-count">
              {formatCount(group.count)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The matching failures, newest first, each with Retry and a way into its detail. */
export function FailureList({
  page,
  busyIds,
  errors,
  openingId,
  onOpen,
  onRetry,
}: {
  page: FailurePage;
  /** The failures whose Retry is running, each on its own: those buttons are busy, never disabled (decision 038). */
  busyIds: ReadonlySet<string>;
  /** Refused Retries by failure, each told beside its button. */
  errors: Readonly<Record<string, string>>;
  /**
   * The failure whose detail is loading: its link is busy (it keeps the focus, which the detail
   * hands back when it closes); the other links wait, `disabled`, as nothing can open meanwhile.
   */
  openingId: string | null;
  onOpen: (id: string) => void;
  /** `button` is the pressed Retry, so a queued retry moves the focus only if it is still there. */
  onRetry: (id: string, button: HTMLElement) => void;
}) {
  if (page.items.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">No failures match.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {page.items.map((item) => (
        <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="failure-row">
          <div className="min-w-0 text-sm">
            <button
              type="button"
              onClick={() => openingId === null && onOpen(item.id)}
              disabled={openingId !== null && openingId !== item.id}
              aria-disabled={openingId === item.id || undefined}
              aria-busy={openingId === item.id || undefined}
              className="break-all text-left font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-wait disabled:opacity-70 aria-busy:cursor-wait aria-busy:opacity-70 dark:text-brand-300"
            >
              {item.url}
            </button>
            {openingId === item.id ? (
              <span role="status" className="ml-2 inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300" data-testid="detail-loading">
                <span className="h-3 w-3 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" aria-hidden />
                Loading detail…
              </span>
            ) : null}
            <p className="text-red-700 dark:text-red-300">{item.reason}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              <span className="break-all">{item.user.email}</span> · <span className="font-mono">{item.queue}</span> · <LocalTime when={item.failedAt} style="stamp" /> ·{" "}
              <Badge tone={item.job === "missing" ? "neutral" : "danger"}>{item.job === "missing" ? "job evicted" : `job ${item.job}`}</Badge>
            </p>
          </div>
          <div className="flex flex-col gap-1 sm:max-w-xs sm:shrink-0 sm:items-end">
            <Button size="sm" variant="secondary" onClick={(event) => onRetry(item.id, event.currentTarget)} busy={busyIds.has(item.id)} aria-label={`Retry ${item.url}`}>
              Retry
            </Button>
            {errors[item.id] ? (
              <p role="alert" className="text-sm text-red-700 sm:text-right dark:text-red-300">
                {errors[item.id]}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export type FailurePageButton = "newest" | "newer" | "older";

/**
 * Pages through the list, newest first. The newest page is the live one; "Newest" goes back to it.
 * `first` is the position of the first row shown (1-based).
 */
export function FailurePager({
  first,
  shown,
  total,
  atNewest,
  nextCursor,
  loading,
  pressed,
  onNewest,
  onNewer,
  onOlder,
}: {
  first: number;
  shown: number;
  total: number;
  atNewest: boolean;
  nextCursor: string | null;
  /** The shown page is still the previous one: the buttons wait for the answer. */
  loading: boolean;
  /**
   * The button whose page is loading: busy, never disabled, so it keeps the keyboard's focus
   * (decision 038); the others wait, `disabled`, as with a confirmation's Cancel.
   */
  pressed: FailurePageButton | null;
  onNewest: (button: HTMLElement) => void;
  onNewer: (button: HTMLElement) => void;
  onOlder: (cursor: string, button: HTMLElement) => void;
}) {
  if (atNewest && !nextCursor && !pressed) return null;
  // Unusable on the page shown, or waiting for another button's page; never the pressed one.
  const off = (button: FailurePageButton, unusable: boolean) => pressed !== button && (unusable || loading);
  return (
    <nav aria-label="Failure pages" aria-busy={loading} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="failure-range">
        {loading ? "Loading…" : shown > 0 ? `Showing ${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}` : "No failures on this page"}
        {atNewest ? " (live)" : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={(event) => onNewest(event.currentTarget)} busy={pressed === "newest"} disabled={off("newest", atNewest)}>
          Newest
        </Button>
        <Button size="sm" variant="secondary" onClick={(event) => onNewer(event.currentTarget)} busy={pressed === "newer"} disabled={off("newer", atNewest)}>
          Newer
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={(event) => nextCursor && onOlder(nextCursor, event.currentTarget)}
          busy={pressed === "older"}
          disabled={off("older", !nextCursor)}
        >
          Older
        </Button>
      </div>
    </nav>
  );
}
