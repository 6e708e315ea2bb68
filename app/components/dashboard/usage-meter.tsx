import { Link } from "@remix-run/react";
import { usageLevel, type Usage } from "~/lib/links";
import { cx } from "../ui";

const BAR = { green: "bg-emerald-500", yellow: "bg-amber-400", red: "bg-red-500" } as const;

/**
 * Green up to 60%, yellow above 60%, red above 80% (spec section 9), with the pack credits
 * beside it; "Quota exceeded" and red only when the allowance and the credits are both used. `onBuyPack` opens the dashboard's modal; without it the
 * link leads to the packs on /upgrade.
 */
export function UsageMeter({ usage, onBuyPack }: { usage: Usage; onBuyPack?: () => void }) {
  const level = usageLevel(usage);
  const buyClass = "text-xs font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" data-testid="usage-meter" data-level={level.tone} data-exceeded={level.exceeded}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">Enrichments this month</span>
        <span>{usage.limit === null ? `${usage.used} · Unlimited` : `${usage.used} / ${usage.limit}`}</span>
      </div>
      {usage.limit !== null ? (
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" role="meter" aria-valuemin={0} aria-valuemax={usage.limit} aria-valuenow={usage.used} aria-label="Enrichments used">
          <div className={cx("h-full rounded-full transition-all", BAR[level.tone])} style={{ width: `${Math.min(100, level.percent)}%` }} />
        </div>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-300">
        <span data-testid="pack-credits">
          {usage.credits > 0 ? (
            <>
              <strong className="text-slate-900 dark:text-slate-100">{usage.credits}</strong> pack {usage.credits === 1 ? "credit" : "credits"} left (they never expire)
            </>
          ) : (
            "No pack credits"
          )}
        </span>
        {level.note ? (
          <span className={cx("font-semibold", level.exceeded ? "text-red-700 dark:text-red-300" : "text-amber-800 dark:text-amber-200")} data-testid="usage-note">
            {level.note}
          </span>
        ) : null}
      </div>
      {usage.limit !== null ? (
        onBuyPack ? (
          <button type="button" onClick={onBuyPack} className={cx("mt-3", buyClass)}>
            Buy Enrichment Pack
          </button>
        ) : (
          <Link to="/upgrade?pack=pack-20" className={cx("mt-3 inline-block", buyClass)}>
            Buy Enrichment Pack
          </Link>
        )
      ) : null}
    </div>
  );
}
