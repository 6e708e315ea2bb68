import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "~/lib/api-client";
import { CHECKOUT_ID_PARAM, CHECKOUT_RESULT_PARAM, type CheckoutState } from "~/lib/billing";

/** How often the return page asks for the checkout's state, and when it gives up. */
export const SYNC_INTERVAL_MS = 1_000;
export const SYNC_TIMEOUT_MS = 30_000;

export type CheckoutReturn =
  | { name: "idle" }
  | { name: "processing" }
  | { name: "success"; checkout: CheckoutState }
  | { name: "failed" }
  | { name: "cancelled" };

/**
 * The page a checkout returns to: reads `?checkout=success|cancelled&checkoutId=`, asks the
 * server to sync that checkout until its credits or plan are on the account (the webhook may be
 * late), then drops the query, which also reloads the page's data (plan, credits, meter).
 */
export function useCheckoutReturn(): { state: CheckoutReturn; reset: () => void } {
  const [params, setParams] = useSearchParams();
  const result = params.get(CHECKOUT_RESULT_PARAM);
  const checkoutId = params.get(CHECKOUT_ID_PARAM);
  const [state, setState] = useState<CheckoutReturn>(() =>
    result === "success" && checkoutId ? { name: "processing" } : result === "cancelled" ? { name: "cancelled" } : { name: "idle" },
  );
  const handled = useRef<string | null>(null);

  const clean = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHECKOUT_RESULT_PARAM);
        next.delete(CHECKOUT_ID_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);

  useEffect(() => {
    if (!result) return;
    const key = `${result}:${checkoutId ?? ""}`;
    if (handled.current === key) return;
    handled.current = key;
    if (result !== "success" || !checkoutId) {
      setState({ name: "cancelled" });
      clean();
      return;
    }
    setState({ name: "processing" });
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + SYNC_TIMEOUT_MS;
    const poll = async () => {
      const checkout = await apiFetch<CheckoutState>(`/api/billing/checkouts/${encodeURIComponent(checkoutId)}/sync`, { method: "POST" }).catch(
        () => null,
      );
      if (stopped) return;
      if (checkout?.fulfilled) {
        setState({ name: "success", checkout });
        clean();
      } else if ((checkout && (checkout.status === "canceled" || checkout.status === "expired")) || Date.now() >= deadline) {
        setState({ name: "failed" });
        clean();
      } else {
        timer = setTimeout(poll, SYNC_INTERVAL_MS);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
      // Strict mode runs effects twice: let the second run start polling again.
      handled.current = null;
    };
  }, [result, checkoutId, clean]);

  return { state, reset: useCallback(() => setState({ name: "idle" }), []) };
}
