import { useState } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { PublicCard } from "~/lib/review";

const buttonClass = "inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800";
const smallClass = "inline-flex min-h-6 items-center text-brand-700 underline dark:text-brand-300";

/** A button that makes review cards, then says what it made (a status line) or why not (an alert). */
function CardMaker({ label, className, make }: { label: string; className: string; make: () => Promise<string> }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={busy}
        className={className}
        onClick={() => {
          setBusy(true);
          setSaid(null);
          make()
            .then((text) => setSaid({ text, failed: false }))
            .catch((error: unknown) => setSaid({ text: error instanceof ApiError ? error.message : "Could not add it to review. Please try again.", failed: true }))
            .finally(() => setBusy(false));
        }}
      >
        {label}
      </button>
      <span role={said?.failed ? "alert" : "status"} className={said?.failed ? "text-red-700 dark:text-red-300" : "text-slate-700 dark:text-slate-300"}>
        {said?.text ?? ""}
      </span>
    </span>
  );
}

/** "Add to review": a cloze card of one highlight (the user asked for it; nothing is made on its own). */
export function AddHighlightToReview({ highlightId }: { highlightId: string }) {
  return (
    <CardMaker
      label="Add to review"
      className={smallClass}
      make={async () => {
        await apiFetch<PublicCard>("/api/cards", { method: "POST", body: { from: "highlight", highlightId } });
        return "Added to review.";
      }}
    />
  );
}

/** "Add key terms to review": the terms the page defines, as cards; a second press adds only new ones. */
export function AddKeyTermsToReview({ linkId }: { linkId: string }) {
  return (
    <CardMaker
      label="Add key terms to review"
      className={buttonClass}
      make={async () => {
        const made = await apiFetch<{ cards: PublicCard[]; skipped: number }>(`/api/links/${linkId}/cards/terms`, { method: "POST" });
        const n = made.cards.length;
        if (n === 0) return "These key terms are already in review.";
        return `${n} key ${n === 1 ? "term" : "terms"} added to review: ${made.cards.map((card) => card.front).join(", ")}.`;
      }}
    />
  );
}
