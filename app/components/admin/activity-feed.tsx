import { Link, useSearchParams } from "@remix-run/react";
import { ACTIVITY_KINDS, ACTIVITY_KIND_LABELS, type ActivityKind, type ActivityPage } from "~/lib/activity";
import { LocalTime } from "../local-time";
import { Badge, buttonClass, cx } from "../ui";

/** The page's own query parameters for the list; the user list keeps its own (urole, ustatus, …). */
export const ACTIVITY_PARAMS = { kind: "akind", cursor: "acursor" } as const;

function useActivityHref() {
  const [params] = useSearchParams();
  return (changes: { kind?: ActivityKind | null; cursor?: string | null }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      const name = ACTIVITY_PARAMS[key as keyof typeof ACTIVITY_PARAMS];
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const search = next.toString();
    return `/admin${search ? `?${search}` : ""}#activity`;
  };
}

/** The audit trail, newest first: a filter by kind, readable entries, and older pages by cursor. */
export function ActivityFeed({ activity, kind, paged }: { activity: ActivityPage; kind: ActivityKind | null; paged: boolean }) {
  const href = useActivityHref();
  const filters: Array<[ActivityKind | null, string]> = [[null, "All"], ...ACTIVITY_KINDS.map((k): [ActivityKind, string] => [k, ACTIVITY_KIND_LABELS[k]])];
  return (
    <div className="space-y-3">
      <nav aria-label="Filter activity by kind">
        <ul className="flex flex-wrap gap-2">
          {filters.map(([value, label]) => {
            const current = value === kind;
            return (
              <li key={label}>
                <Link
                  to={href({ kind: value, cursor: null })}
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "inline-block rounded-full border px-3 py-1 text-sm",
                    current
                      ? "border-brand-600 bg-brand-600 text-white"
                      : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800",
                  )}
                >
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {activity.events.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          {paged ? "No older activity." : kind ? `No ${ACTIVITY_KIND_LABELS[kind].toLowerCase()} activity yet.` : "No activity yet."}
        </p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900" aria-label="Activity, newest first">
          {activity.events.map((event) => (
            <li key={event.id} className="space-y-1 px-4 py-3 text-sm" data-testid="activity-entry">
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <p className="min-w-0 break-words font-medium">{event.summary}</p>
                <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                  <Badge>{ACTIVITY_KIND_LABELS[event.kind]}</Badge>
                  <LocalTime when={event.createdAt} />
                </span>
              </div>
              {event.details.length > 0 ? (
                <ul className="list-disc space-y-0.5 pl-5 text-slate-600 dark:text-slate-300">
                  {event.details.map((line, index) => (
                    <li key={index} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              ) : null}
              {/* Ids are for support looking something up, not for reading: folded away. */}
              {event.references.length > 0 ? (
                <details className="text-xs text-slate-500 dark:text-slate-400">
                  <summary className="cursor-pointer select-none rounded hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:text-slate-200">
                    Reference ids
                  </summary>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                    {event.references.map((reference) => (
                      <div key={reference.label} className="contents">
                        <dt>{reference.label}</dt>
                        <dd className="break-all font-mono">{reference.value}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      <div className="flex flex-wrap gap-2">
        {paged ? (
          <Link to={href({ cursor: null })} className={buttonClass("secondary", "sm")}>
            Newest
          </Link>
        ) : null}
        {activity.nextCursor ? (
          <Link to={href({ cursor: activity.nextCursor })} className={buttonClass("secondary", "sm")}>
            Older
          </Link>
        ) : null}
      </div>
    </div>
  );
}
