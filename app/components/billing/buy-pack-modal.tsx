import { useEffect, useId, useRef, useState } from "react";
import { PURCHASE_FAILED, type PublicPack } from "~/lib/billing";
import { formatEur } from "~/lib/plans";
import { useModalDialog } from "../admin/use-modal-dialog";
import { Badge, Button, cx } from "../ui";
import { startCheckout } from "./checkout";
import type { CheckoutReturn } from "./use-checkout-return";

/** Spec section 4: Purchase Successful stays 2 s, then the modal closes itself. */
export const SUCCESS_CLOSE_MS = 2_000;

/**
 * The dashboard's Buy Enrichment Pack modal: pick a pack → checkout → back here, where the
 * same modal shows "Processing your purchase…" and then "Purchase Successful".
 */
export function BuyPackModal({
  open,
  packs,
  result,
  onClose,
}: {
  open: boolean;
  packs: PublicPack[];
  /** The checkout that returned to the dashboard, if any. */
  result: CheckoutReturn;
  onClose: () => void;
}) {
  // Focus goes to the first pack (or Close), the browser's first focusable element.
  const { dialog } = useModalDialog(open);
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (result.name !== "success") return;
    const timer = setTimeout(() => close.current(), SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [result.name]);

  useEffect(() => {
    if (!open) {
      setError(null);
      setBuying(null);
    }
  }, [open]);

  async function buy(pack: PublicPack) {
    setBuying(pack.id);
    setError(null);
    try {
      await startCheckout("/api/enrichment-packs/purchase", { packId: pack.id }, PURCHASE_FAILED);
    } catch (failure) {
      setError((failure as Error).message);
      setBuying(null);
    }
  }

  const processing = result.name === "processing";
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      data-testid="buy-pack-modal"
      onCancel={(event) => {
        event.preventDefault();
        if (!processing && !buying) onClose();
      }}
      className="w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <div className="space-y-4 p-6">
          {processing ? (
            <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
              <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden />
              <h2 id={`${id}-title`} className="text-lg font-semibold">
                Processing your purchase…
              </h2>
              <p id={`${id}-body`} className="text-sm text-slate-600 dark:text-slate-300">
                Adding the credits to your account.
              </p>
            </div>
          ) : result.name === "success" ? (
            <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
              <span aria-hidden className="flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-200">
                ✓
              </span>
              <h2 id={`${id}-title`} className="text-lg font-semibold">
                Purchase Successful
              </h2>
              <p id={`${id}-body`} className="text-sm text-slate-600 dark:text-slate-300" data-testid="purchase-credits">
                {result.checkout.credits ?? 0} credits added to your account. They never expire.
              </p>
            </div>
          ) : result.name === "failed" ? (
            <>
              <h2 id={`${id}-title`} className="text-lg font-semibold">
                Buy Enrichment Pack
              </h2>
              <p id={`${id}-body`} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
                {PURCHASE_FAILED}
              </p>
              <div className="flex justify-end">
                <Button variant="secondary" onClick={onClose}>
                  Close
                </Button>
              </div>
            </>
          ) : (
            <>
              <div>
                <h2 id={`${id}-title`} className="text-lg font-semibold">
                  Buy Enrichment Pack
                </h2>
                <p id={`${id}-body`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  Credits never expire and are used after your monthly allowance.
                </p>
              </div>
              <ul className="space-y-2" aria-label="Enrichment packs">
                {packs.map((pack) => (
                  <li key={pack.id}>
                    {/* Not `disabled` while a checkout starts: that would drop the keyboard's focus
                        (decision 038). The pressed pack is busy; none takes a second press. */}
                    <button
                      type="button"
                      onClick={() => {
                        if (buying === null) void buy(pack);
                      }}
                      aria-disabled={buying !== null || undefined}
                      aria-busy={buying === pack.id || undefined}
                      className={cx(
                        "flex w-full items-center justify-between gap-3 rounded-xl border p-4 text-left transition-colors aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
                        pack.popular
                          ? "border-brand-400 bg-brand-50 hover:bg-brand-100 dark:border-brand-600 dark:bg-brand-900/40 dark:hover:bg-brand-900/60"
                          : "border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800",
                      )}
                    >
                      {/* The name is what the button shows (a spoken "Buy" first), so a voice
                          command that reads the label ("Starter Pack") finds it. */}
                      <span>
                        <span className="flex flex-wrap items-center gap-2 font-semibold">
                          <span>
                            <span className="sr-only">Buy </span>
                            {pack.name}
                          </span>{" "}
                          {pack.popular ? <Badge tone="brand">Best Value</Badge> : null}
                        </span>{" "}
                        <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-300">{pack.count} enrichments</span>
                      </span>{" "}
                      <span className="text-lg font-bold">{buying === pack.id ? "…" : formatEur(pack.price)}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {error ? (
                <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
                  {error}
                </p>
              ) : null}
              <div className="flex justify-end">
                <Button variant="secondary" onClick={onClose} disabled={buying !== null}>
                  Cancel
                </Button>
              </div>
            </>
          )}
        </div>
      ) : null}
    </dialog>
  );
}
