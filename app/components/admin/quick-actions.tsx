import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCount } from "~/lib/admin-stats";

const TILE =
  "flex h-full flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900";
const LINK_TILE = `${TILE} transition-colors hover:border-brand-400 hover:bg-brand-50 dark:hover:border-brand-700 dark:hover:bg-slate-800`;

/** The user list's own address for a status filter (its parameters: urole, ustatus). */
export function usersFilterUrl(status: "unconfirmed" | "deactivated"): string {
  return `/admin?urole=all&ustatus=${status}#users`;
}

function Tile({ to, title, children, testId }: { to?: string; title: string; children: ReactNode; testId: string }) {
  const body = (
    <>
      <span className="font-semibold">{title}</span>
      <span className="text-slate-600 dark:text-slate-300">{children}</span>
    </>
  );
  return (
    <li data-testid={testId}>
      {to ? (
        <Link to={to} className={LINK_TILE}>
          {body}
        </Link>
      ) : (
        <div className={`${TILE} text-slate-500 dark:text-slate-400`}>{body}</div>
      )}
    </li>
  );
}

/** Shortcuts: the feature toggles, the jobs console, and users needing attention. */
export function QuickActions({ unconfirmed, deactivated }: { unconfirmed: number; deactivated: number }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Tile to="/admin/feature-toggles" title="Feature toggles" testId="quick-feature-toggles">
        Switch features on or off for Scout and Creator.
      </Tile>
      <Tile to="/admin/jobs" title="Jobs console" testId="quick-jobs">
        Queues, failures to replay, and workers.
      </Tile>
      <Tile to={usersFilterUrl("unconfirmed")} title="Unconfirmed for over a week" testId="quick-unconfirmed">
        {formatCount(unconfirmed)} {unconfirmed === 1 ? "account has" : "accounts have"} not confirmed their email.
      </Tile>
      <Tile to={usersFilterUrl("deactivated")} title="Deactivated" testId="quick-deactivated">
        {formatCount(deactivated)} {deactivated === 1 ? "account is" : "accounts are"} deactivated.
      </Tile>
    </ul>
  );
}
