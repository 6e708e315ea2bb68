import { useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SHARED_OUTCOMES, isSharedOutcome } from "~/lib/web-app";
import { useToast } from "../toast";

/** After the share sheet's /share-target: says what became of the link, then drops ?shared= from the address. */
export function SharedLinkToast() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const outcome = params.get("shared");
  // The effect can run again before ?shared= has left the address (a new setParams, say): the
  // outcome is told once, and the next share is told again once the address is clean.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!isSharedOutcome(outcome)) {
      told.current = null;
      return;
    }
    if (told.current === outcome) return;
    told.current = outcome;
    const { message, kind } = SHARED_OUTCOMES[outcome];
    // Long enough to read: the user arrives from another app and was not looking for it.
    toast.show(message, kind, { durationMs: 8_000 });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("shared");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [outcome, setParams, toast]);
  return null;
}
