import type { ReactNode } from "react";
import { cx } from "../ui";

export const TEST_MODE_TEXT = "Test mode — no card is charged";

/** Says plainly that payments are simulated (no Stripe key on this server). */
export function TestModeBanner({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <div
      role="note"
      aria-label="Test mode"
      data-testid="test-mode-banner"
      className={cx(
        "flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
        className,
      )}
    >
      <span aria-hidden className="mt-0.5 rounded bg-amber-200 px-1.5 text-xs font-bold uppercase tracking-wide text-amber-900 dark:bg-amber-800 dark:text-amber-50">
        Test
      </span>
      <div>
        <p className="font-semibold">{TEST_MODE_TEXT}</p>
        {children ? <div className="mt-1">{children}</div> : null}
      </div>
    </div>
  );
}
