import { useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { SHARED_OUTCOMES, isSharedOutcome } from "~/lib/web-app";
import { useToast } from "../toast";

/** After the share sheet's /share-target: says what became of the link, then drops ?shared= from the address. */
export function SharedLinkToast() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const outcome = params.get("shared");
  useEffect(() => {
    if (!isSharedOutcome(outcome)) return;
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
