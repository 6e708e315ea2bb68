import { Link } from "@remix-run/react";
import { usageLevel, type Usage } from "~/lib/links";
import { cx } from "../ui";

const BAR = { green: "bg-emerald-500", yellow: "bg-amber-400", red: "bg-red-500" } as const;

/** Green up to 60%, yellow above 60%, red above 80%, quota exceeded at 100%. */
export function UsageMeter({ usage }: { usage: Usage }) {
  const level = usageLevel(usage);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" data-testid="usage-meter">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium">Enrichments this month</span>
        <span>{usage.limit === null ? `${usage.used} · Unlimited` : `${usage.used} / ${usage.limit}`}</span>
      </div>
      {usage.limit !== null ? (
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" role="meter" aria-valuemin={0} aria-valuemax={usage.limit} aria-valuenow={usage.used} aria-label="Enrichments used">
          <div className={cx("h-full rounded-full transition-all", BAR[level.tone])} style={{ width: `${Math.min(100, level.percent)}%` }} />
        </div>
      ) : null}
      <div className="mt-2 flex items-center justify-between text-xs text-slate-500">
        <span>{usage.credits > 0 ? `${usage.credits} pack credits left (they never expire)` : "No pack credits"}</span>
        {level.exceeded ? <span className="font-semibold text-red-600 dark:text-red-400">Quota exceeded</span> : null}
      </div>
      {usage.limit !== null ? (
        <Link to="/upgrade?pack=pack-20" className="mt-3 inline-block text-xs font-medium text-brand-600 hover:underline dark:text-brand-400">
          Buy Enrichment Pack
        </Link>
      ) : null}
    </div>
  );
}
