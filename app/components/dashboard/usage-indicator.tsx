import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { formatCount } from "~/lib/library";
import { usageLevel, type Usage } from "~/lib/links";
import { cx } from "../ui";
import { UsageMeter } from "./usage-meter";

const DOT = { green: "bg-emerald-500", yellow: "bg-amber-400", red: "bg-red-500" } as const;

/**
 * The bar's compact usage: enrichments used of the month's allowance and the pack credits left,
 * coloured like the meter. Pressed, it shows the meter (Buy Enrichment Pack) and the way to
 * Billing, where the plan's features and usage live. Escape or a press elsewhere closes it.
 */
export function UsageIndicator({ usage, onBuyPack, locale }: { usage: Usage; onBuyPack: () => void; locale: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const level = usageLevel(usage);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  const used = formatCount(usage.used, locale);
  return (
    <div ref={root} className="relative" data-testid="usage-indicator">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((value) => !value)}
        className="flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <span aria-hidden className={cx("h-2.5 w-2.5 shrink-0 rounded-full", DOT[level.tone])} />
        <span className="tabular-nums">
          {usage.limit === null ? used : `${used}/${formatCount(usage.limit, locale)}`}
          <span className="sr-only"> enrichments used this month</span>
        </span>
        {usage.credits > 0 ? (
          <span className="hidden tabular-nums text-slate-600 sm:inline dark:text-slate-300">
            · {formatCount(usage.credits, locale)}
            <span className="sr-only"> pack</span> {usage.credits === 1 ? "credit" : "credits"}
          </span>
        ) : null}
      </button>
      <div id={`${id}-panel`} hidden={!open} className="absolute right-0 top-full z-30 mt-2 w-[min(20rem,calc(100vw-2rem))] space-y-2 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
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
