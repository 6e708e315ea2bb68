import { Link } from "@remix-run/react";
import { useId } from "react";
import { formatCount, type NumberLocale } from "~/lib/library";
import { usageLevel, type Usage } from "~/lib/links";
import { cx } from "../ui";
import { useDisclosure } from "../use-disclosure";
import { UsageMeter } from "./usage-meter";

const DOT = { green: "bg-emerald-500", yellow: "bg-amber-400", red: "bg-red-500" } as const;

/**
 * The bar's compact usage: how many enrichments are left (the month's allowance, then pack
 * credits) as "N left" at every width, its accessible name saying what the number counts, and a
 * dot coloured like the meter. Pressed, it shows the meter (Buy Enrichment Pack) and the way to
 * Billing, where the plan's features and usage live (a disclosure: useDisclosure).
 */
export function UsageIndicator({ usage, onBuyPack, locale }: { usage: Usage; onBuyPack: () => void; locale: NumberLocale }) {
  const id = useId();
  const { open, setOpen, toggle, button, panel } = useDisclosure();
  const level = usageLevel(usage);
  const used = formatCount(usage.used, locale);
  // What can still be enriched: the month's allowance left, then the pack credits.
  const left = usage.limit === null ? 0 : Math.max(0, usage.limit - usage.used) + usage.credits;
  return (
    <div className="relative" data-testid="usage-indicator">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={toggle}
        className="flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <span aria-hidden className={cx("h-2.5 w-2.5 shrink-0 rounded-full", DOT[level.tone])} />
        {/* Words beside the number at every width ("5 left", not "● 5"); the rest is read out. */}
        <span className="whitespace-nowrap tabular-nums" data-testid="usage-left">
          {usage.limit === null ? `${used} used` : `${formatCount(left, locale)} left`}
        </span>
        <span className="sr-only">
          {usage.limit === null
            ? "enrichments this month, no monthly limit"
            : usage.credits > 0
              ? `of this month's enrichments and pack credits (${used} of ${formatCount(usage.limit, locale)} used, ${formatCount(usage.credits, locale)} pack ${usage.credits === 1 ? "credit" : "credits"})`
              : `of this month's enrichments (${used} of ${formatCount(usage.limit, locale)} used)`}
        </span>
      </button>
      <div ref={panel} id={`${id}-panel`} hidden={!open} className="absolute right-0 top-full z-30 mt-2 w-[min(20rem,calc(100vw-2rem))] space-y-2 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <UsageMeter
          usage={usage}
          onBuyPack={() => {
            setOpen(false);
            onBuyPack();
          }}
        />
        <Link to="/settings/billing" className="block rounded-lg px-2 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          Plan, features and billing
        </Link>
      </div>
    </div>
  );
}
