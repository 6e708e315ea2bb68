import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { AppPage } from "~/components/app-layout";
import { PRODUCT_NAME } from "~/components/logo";
import { buttonClass } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import { APP_PAGE } from "~/lib/page-layout";
import { REVIEW_DUE_EVENT, REVIEW_DUE_LIMIT_DEFAULT, queueAfterGrade, type PublicCard, type Retention } from "~/lib/review";
import { REVIEW_GRADES, type ReviewGrade } from "~/lib/vocabulary";
import { requireUser } from "~/server/accounts/auth.server";
import { reviewSession } from "~/server/review/review.server";

export const meta: MetaFunction = () => [
  { title: `Review · ${PRODUCT_NAME}` },
  { name: "description", content: "Review the cards due today: recall, show the answer, grade it." },
];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return reviewSession(user, REVIEW_DUE_LIMIT_DEFAULT);
}

const GRADE_LABELS: Record<ReviewGrade, string> = { again: "Again", hard: "Hard", good: "Good", easy: "Easy" };

/** /review: the cards due now, one at a time; Space shows the answer, 1–4 grade it; a summary at the end. */
export default function Review() {
  const data = useLoaderData<typeof loader>();
  const [queue, setQueue] = useState<PublicCard[]>(data.allowed ? data.cards : []);
  const [revealed, setRevealed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tally, setTally] = useState<Record<ReviewGrade, number>>({ again: 0, hard: 0, good: 0, easy: 0 });
  // Cards graded this session (a card still being learnt is graded more than once).
  const [seen, setSeen] = useState<ReadonlySet<string>>(new Set());
  const card = queue[0];

  const grade = useCallback(
    async (value: ReviewGrade) => {
      if (!card || busy) return;
      setBusy(true);
      setError(null);
      try {
        const graded = await apiFetch<{ card: PublicCard }>(`/api/review/${card.id}`, { method: "POST", body: { grade: value } });
        // The header's count follows: a card sent to a later time is no longer due.
        if (Date.parse(graded.card.due) > Date.now()) window.dispatchEvent(new CustomEvent(REVIEW_DUE_EVENT, { detail: -1 }));
        setTally((counts) => ({ ...counts, [value]: counts[value] + 1 }));
        setSeen((ids) => new Set(ids).add(card.id));
        // A card still being learnt (due again within minutes) comes back at the end of the session.
        setQueue((cards) => queueAfterGrade(cards, graded.card));
        setRevealed(false);
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : "Could not save the grade. Please try again.");
      } finally {
        setBusy(false);
      }
    },
    [card, busy],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!card || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      if (event.key === " " && !revealed && !target?.closest("button, a")) {
        event.preventDefault();
        setRevealed(true);
      } else if (revealed && /^[1-4]$/.test(event.key)) {
        event.preventDefault();
        void grade(REVIEW_GRADES[Number(event.key) - 1]!);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [card, revealed, grade]);

  if (!data.allowed) {
    return (
      <AppPage title="Review" description="Spaced review of what you chose to learn.">
        <p className="mt-4">{data.message}</p>
        {data.upgradeUrl ? (
          <Link to={data.upgradeUrl} className={`${buttonClass("primary")} mt-4 min-h-11 px-4`}>
            See plans
          </Link>
        ) : null}
      </AppPage>
    );
  }

  const reviewed = seen.size;
  return (
    <AppPage title="Review" description={`${data.dueCount.toLocaleString("en-US")} ${data.dueCount === 1 ? "card" : "cards"} due when the page opened.`}>
      {card ? (
        <section aria-label="Card" className="mt-4 max-w-2xl rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid="review-card">
          <p className="whitespace-pre-line text-lg">{card.front}</p>
          {card.hint && !revealed ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Hint: {card.hint}</p> : null}
          {revealed ? (
            <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
              <p className="whitespace-pre-line font-medium" data-testid="review-answer">
                {card.back}
              </p>
              <p className="mt-2 text-sm">
                <Link to={card.source.href} className="inline-flex min-h-6 items-center text-brand-700 underline dark:text-brand-300">
                  Open the source passage
                </Link>
              </p>
              <div role="group" aria-label="How well did you remember?" className="mt-4 flex flex-wrap gap-2">
                {REVIEW_GRADES.map((value, i) => (
                  <button key={value} type="button" disabled={busy} onClick={() => void grade(value)} className={`${buttonClass(value === "good" ? "primary" : "secondary")} min-h-11 px-4`} aria-keyshortcuts={String(i + 1)}>
                    {GRADE_LABELS[value]} <kbd className="text-xs opacity-80">{i + 1}</kbd>
                  </button>
                ))}
              </div>
            </div>
          ) : (
            <button type="button" onClick={() => setRevealed(true)} className={`${buttonClass("primary")} mt-4 min-h-11 px-4`} aria-keyshortcuts="Space">
              Show answer <kbd className="text-xs opacity-80">Space</kbd>
            </button>
          )}
          {error ? (
            <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
        </section>
      ) : (
        <section aria-label="Session summary" className="mt-4" data-testid="review-summary">
          <p role="status">
            {reviewed === 0 ? "Nothing is due. Make cards from your highlights, and come back when they are due." : `Done: ${reviewed.toLocaleString("en-US")} ${reviewed === 1 ? "card" : "cards"} reviewed.`}
          </p>
          {reviewed > 0 ? (
            <ul className="mt-2 text-sm">
              {REVIEW_GRADES.map((value) => (
                <li key={value}>
                  {GRADE_LABELS[value]}: {tally[value]}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      )}
      <p className="mt-6 text-sm">
        <Link to="/review/cards" className="inline-flex min-h-6 items-center text-brand-700 underline dark:text-brand-300">
          All cards: search, edit, suspend, export to Anki
        </Link>
      </p>
      <RetentionTable retention={data.retention} />
    </AppPage>
  );
}

const percent = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)}%`);

/** Per tag of the cards' links: due, learning, mature, lapsed and the last 30 days' retention. */
function RetentionTable({ retention }: { retention: Retention }) {
  return (
    <section aria-labelledby="retention-heading" className="mt-8" data-testid="retention">
      <h2 id="retention-heading" className="text-lg font-semibold">
        Retention by tag
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Mature: remembered for {retention.matureDays} days or more (FSRS stability). Lapsed: forgotten at least once. Retention: the share of reviews in the last {retention.windowDays} days graded Good or Easy.
      </p>
      {retention.tags.length === 0 ? (
        <p className="mt-2 text-sm">No cards yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                {["Tag", "Cards", "Due", "Learning", "Mature", "Lapsed", "Reviews (30 d)", "Retention"].map((name) => (
                  <th key={name} scope="col" className="px-2 py-2 font-semibold">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {retention.tags.map((row) => (
                <tr key={row.tag ?? ""} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="px-2 py-2 font-medium">
                    {row.tag ?? "Untagged"}
                  </th>
                  <td className="px-2 py-2">{row.cards}</td>
                  <td className="px-2 py-2">{row.due}</td>
                  <td className="px-2 py-2">{row.learning}</td>
                  <td className="px-2 py-2">{row.mature}</td>
                  <td className="px-2 py-2">{row.lapsed}</td>
                  <td className="px-2 py-2">{row.reviews}</td>
                  <td className="px-2 py-2">{percent(row.retention)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
