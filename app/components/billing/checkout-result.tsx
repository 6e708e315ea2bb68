import { PURCHASE_FAILED } from "~/lib/billing";
import { PLANS } from "~/lib/plans";
import { cx } from "../ui";
import type { CheckoutReturn } from "./use-checkout-return";

const TONES = {
  info: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100",
} as const;

/** What the page says after a checkout returns to it: processing, then done (or why not). */
export function CheckoutResult({ state, onDismiss }: { state: CheckoutReturn; onDismiss: () => void }) {
  if (state.name === "idle") return null;
  const [tone, title, body] =
    state.name === "processing"
      ? (["info", "Processing your purchase…", "This takes a moment. Please keep this page open."] as const)
      : state.name === "success"
        ? state.checkout.kind === "subscription"
          ? ([
              "success",
              `${PLANS.find((p) => p.id === state.checkout.plan)?.name ?? "Your"} plan active`,
              "Thank you! Your new features are unlocked now.",
            ] as const)
          : (["success", "Purchase Successful", `${state.checkout.credits ?? 0} credits added to your account. They never expire.`] as const)
        : state.name === "failed"
          ? (["error", PURCHASE_FAILED, "If you were charged, the purchase will still reach your account within a few minutes."] as const)
          : (["info", "Checkout cancelled", "Nothing was charged."] as const);
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid="checkout-result"
      data-state={state.name}
      className={cx("flex items-start gap-3 rounded-xl border px-4 py-3", TONES[tone])}
    >
      {state.name === "processing" ? (
        <span className="mt-1 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-sky-300 border-t-sky-700" aria-hidden />
      ) : null}
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-sm">{body}</p>
      </div>
      {state.name !== "processing" ? (
        <button type="button" onClick={onDismiss} className="rounded px-1 text-sm opacity-80 hover:opacity-100" aria-label="Dismiss message">
          ✕
        </button>
      ) : null}
    </div>
  );
}
