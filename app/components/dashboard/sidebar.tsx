import { Link } from "@remix-run/react";
import { useState } from "react";
import { FEATURES, switchedOffMessage, upgradeUrl, type FeatureAccessMap, type FeatureKey } from "~/lib/entitlements";
import { PLANS, planFeatureList } from "~/lib/plans";
import type { Role } from "~/lib/user";
import { LockIcon } from "../icons";
import { Badge, CheckList, cx } from "../ui";

export interface LinkStats {
  total: number;
  enriched: number;
  pending: number;
  failed: number;
  unenriched: number;
}

/** Plan features, feature access, statistics. */
function PlanSections({ role, access, stats }: SidebarProps) {
  const plan = planOf(role);
  // What this user's plan sells that the operator has switched off is not listed as theirs.
  const switchedOff = FEATURES.filter((feature) => access[feature.key] === "switched-off").map((feature): FeatureKey => feature.key);
  return (
    <>
      <section className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-sm font-semibold">Your Plan Features</h2>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{role === "Admin" ? "Admin: everything unlocked" : `${plan.name} plan`}</p>
        <CheckList items={planFeatureList(plan, switchedOff)} className="mt-3 space-y-1.5" />
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-sm font-semibold">Feature Access</h2>
        <ul className="mt-3 space-y-1 text-sm">
          {FEATURES.map((feature) =>
            access[feature.key] === "available" ? (
              <li key={feature.key} className="flex items-center gap-2 px-2 py-1">
                <span aria-hidden className="text-emerald-600">✓</span>
                {feature.name}
              </li>
            ) : access[feature.key] === "switched-off" ? (
              <li key={feature.key} className="flex items-center justify-between gap-2 px-2 py-1 text-slate-500 dark:text-slate-400" title={switchedOffMessage(feature.key)}>
                {feature.name}
                <Badge>
                  Switched off<span className="sr-only"> for now by the operator</span>
                </Badge>
              </li>
            ) : access[feature.key] === "coming-soon" ? (
              <li key={feature.key} className="flex items-center justify-between gap-2 px-2 py-1 text-slate-500 dark:text-slate-400">
                {feature.name}
                <Badge>Coming soon</Badge>
              </li>
            ) : (
              <li key={feature.key}>
                <Link
                  to={upgradeUrl(feature.key)}
                  className="flex items-center gap-2 rounded px-2 py-1 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
                  aria-label={`${feature.name} (locked, upgrade to unlock)`}
                >
                  <LockIcon />
                  {feature.name}
                </Link>
              </li>
            ),
          )}
        </ul>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-sm font-semibold">Statistics</h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          {(
            [
              ["Saved", stats.total],
              ["Enriched", stats.enriched],
              ["Processing", stats.pending],
              ["Failed", stats.failed],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
              <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

interface SidebarProps {
  role: Role;
  access: FeatureAccessMap;
  stats: LinkStats;
}

const planOf = (role: Role) => PLANS.find((p) => p.role === role) ?? PLANS[2]!;

/**
 * The large-screen sidebar. `access` is the server's own answer (from the loader): a tick for
 * what it allows, a lock leading to the upgrade page, "Switched off" for a feature the operator
 * turned off (no upgrade brings it back), or "Coming soon" for a feature that is not built yet.
 */
export function DashboardSidebar(props: SidebarProps) {
  return (
    <aside className="hidden space-y-4 lg:block" aria-label="Your plan">
      <PlanSections {...props} />
    </aside>
  );
}

/**
 * The same on a phone: a disclosure button above the tabs (in reading order, before the list),
 * so plan, feature access and statistics are a tap away rather than below every link.
 */
export function PhonePlanDisclosure(props: SidebarProps) {
  const [open, setOpen] = useState(false);
  const planName = props.role === "Admin" ? "Admin" : planOf(props.role).name;
  return (
    <div className="lg:hidden">
      <button
        type="button"
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2 text-left text-sm font-medium hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800"
        aria-expanded={open}
        aria-controls="dashboard-plan-phone"
        onClick={() => setOpen((value) => !value)}
      >
        <span>
          Plan &amp; statistics
          <span className="ml-2 font-normal text-slate-600 dark:text-slate-400">
            {planName} · {props.stats.total} saved
          </span>
        </span>
        <svg aria-hidden viewBox="0 0 24 24" className={cx("h-4 w-4 shrink-0 transition-transform", open && "rotate-180")} fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <aside id="dashboard-plan-phone" className={cx("mt-3 space-y-3", !open && "hidden")} aria-label="Your plan">
        <PlanSections {...props} />
      </aside>
    </div>
  );
}
