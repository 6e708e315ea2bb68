import type { ReactNode } from "react";
import { formatCount, formatRate, type AdminStats } from "~/lib/admin-stats";
import { ROLE_LABELS } from "~/lib/user";
import { ROLES } from "~/lib/vocabulary";

const CARD = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";

function StatCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // A group, not a region: a landmark per card repeated the page's own sections' names ("Users",
    // "Workers"), which axe's landmark-unique rule flags.
    <div role="group" aria-labelledby={`stat-${id}-heading`} className={CARD} data-testid={`stat-card-${id}`}>
      <h3 id={`stat-${id}-heading`} className="text-sm font-semibold text-slate-600 dark:text-slate-300">
        {title}
      </h3>
      {children}
    </div>
  );
}

/** The large figure of a card with what it counts, as a term and its value. */
function Headline({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <dl className="mt-2">
      <dt className="sr-only">{label}</dt>
      <dd className="flex items-baseline gap-2">
        <span className="text-3xl font-bold tabular-nums tracking-tight" data-testid={testId}>
          {value}
        </span>
        <span aria-hidden className="text-sm text-slate-500 dark:text-slate-400">
          {label}
        </span>
      </dd>
    </dl>
  );
}

/** Smaller figures under the headline, as label/value rows. */
function Figures({ rows, label }: { rows: Array<{ label: string; value: string; testId?: string }>; label: string }) {
  return (
    <dl className="mt-3 space-y-1 text-sm" aria-label={label}>
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-3">
          <dt className="text-slate-500 dark:text-slate-400">{row.label}</dt>
          <dd className="font-medium tabular-nums" data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The console's stat cards: users, links, enrichments by engine, failures, queues and workers.
 * Every figure comes from the server's live queries (GET /api/admin/stats answers the same).
 */
export function StatCards({ stats }: { stats: AdminStats }) {
  const { users, links, enrichments, failures, queues, workers } = stats;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard id="users" title="Users">
        <Headline value={formatCount(users.total)} label="accounts" testId="stat-users-total" />
        <Figures
          label="Users by role"
          rows={[
            ...ROLES.map((role) => ({ label: ROLE_LABELS[role], value: formatCount(users.byRole[role]), testId: `stat-role-${role}` })),
            { label: "New in the last 7 days", value: formatCount(users.newThisWeek), testId: "stat-users-new" },
          ]}
        />
      </StatCard>

      <StatCard id="links" title="Links saved">
        <Headline value={formatCount(links.today)} label="today" testId="stat-links-today" />
        <Figures label="Links in total" rows={[{ label: "Total", value: formatCount(links.total), testId: "stat-links-total" }]} />
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Today is the UTC day.</p>
      </StatCard>

      <StatCard id="enrichments" title="Enrichments">
        <Headline value={formatCount(enrichments.today)} label="today" testId="stat-enrichments-today" />
        <Figures label="Enrichments this month" rows={[{ label: "This month", value: formatCount(enrichments.thisMonth), testId: "stat-enrichments-month" }]} />
        {enrichments.byEngine.length > 0 ? (
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Enrichments by engine</caption>
            <thead className="text-xs text-slate-500 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Engine
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Today
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Month
                </th>
              </tr>
            </thead>
            <tbody>
              {enrichments.byEngine.map((row) => (
                <tr key={row.engine} className="border-t border-slate-100 dark:border-slate-800" data-testid="stat-engine-row">
                  <th scope="row" className="break-all py-1 pr-2 font-normal">
                    {row.engine}
                  </th>
                  <td className="py-1 text-right tabular-nums">{formatCount(row.today)}</td>
                  <td className="py-1 text-right tabular-nums">{formatCount(row.thisMonth)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No enrichments this month yet.</p>
        )}
      </StatCard>

      <StatCard id="failures" title="Failures, last 24 hours">
        <Headline value={formatCount(failures.last24h)} label="failed" testId="stat-failures" />
        <Figures
          label="Failure details"
          rows={[
            { label: "Failure rate", value: formatRate(failures.rate), testId: "stat-failure-rate" },
            { label: "Links", value: formatCount(failures.links) },
            { label: "On-demand results", value: formatCount(failures.results) },
            { label: "Succeeded", value: formatCount(failures.succeeded) },
          ]}
        />
      </StatCard>

      <StatCard id="queues" title="Queues">
        {queues ? (
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">Jobs per queue</caption>
            <thead className="text-xs text-slate-500 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Queue
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Waiting
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Active
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Delayed
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Failed
                </th>
              </tr>
            </thead>
            <tbody>
              {queues.map((queue) => (
                <tr key={queue.name} className="border-t border-slate-100 dark:border-slate-800" data-testid={`stat-queue-${queue.name}`}>
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {queue.name}
                  </th>
                  <td className="py-1 text-right tabular-nums">{formatCount(queue.waiting)}</td>
                  <td className="py-1 text-right tabular-nums">{formatCount(queue.active)}</td>
                  <td className="py-1 text-right tabular-nums">{formatCount(queue.delayed)}</td>
                  <td className="py-1 text-right tabular-nums">{formatCount(queue.failed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-2 text-sm text-amber-700 dark:text-amber-300" role="status">
            Redis did not answer: queue figures are unavailable.
          </p>
        )}
      </StatCard>

      <StatCard id="workers" title="Workers">
        <Headline value={workers.live === null ? "—" : formatCount(workers.live)} label="live" testId="stat-workers" />
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
          {workers.live === null
            ? "Worker heartbeats could not be read."
            : workers.live === 0
              ? "No worker has beaten recently: saved links wait until one starts."
              : "Worker processes that sent a heartbeat recently."}
        </p>
      </StatCard>
    </div>
  );
}
