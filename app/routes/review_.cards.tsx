import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AppPage } from "~/components/app-layout";
import { FilterSelect, inputClass } from "~/components/form";
import { LocalTime } from "~/components/local-time";
import { PRODUCT_NAME } from "~/components/logo";
import { buttonClass } from "~/components/ui";
import { ApiError, apiFetch } from "~/lib/api-client";
import { APP_PAGE } from "~/lib/page-layout";
import {
  cardListQuerySchema,
  type PublicCard,
  type PublicCardReview,
} from "~/lib/review";
import { CARD_STATES } from "~/lib/vocabulary";
import { requireUser } from "~/server/accounts/auth.server";
import { suggestableTags } from "~/server/links/links.server";
import { cardsOf, reviewAllowed } from "~/server/review/review.server";

export const meta: MetaFunction = () => [
  { title: `Cards · Review · ${PRODUCT_NAME}` },
  {
    name: "description",
    content:
      "Your review cards: search, edit, suspend, delete, see each card's history, export to Anki or CSV.",
  },
];
export const handle = APP_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const refused = await reviewAllowed(user);
  if (refused) return { allowed: false as const, ...refused };
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams].filter(
      ([name, value]) =>
        ["q", "tag", "state", "suspended"].includes(name) && value.trim() !== ""
    )
  );
  // A filter the API would refuse is read as none, as a page shows rather than refuses.
  const parsed = cardListQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  const [cards, tags] = await Promise.all([
    cardsOf(user.id, query),
    suggestableTags(user.id),
  ]);
  return {
    allowed: true as const,
    cards,
    tags,
    q: query.q ?? "",
    tag: query.tag ?? "",
    state: query.state ?? "",
    suspended: query.suspended ?? "",
  };
}

const STATE_LABELS: Record<(typeof CARD_STATES)[number], string> = {
  new: "New",
  learning: "Learning",
  review: "Review",
  relearning: "Relearning",
};
const linkClass =
  "inline-flex min-h-6 items-center font-medium text-brand-700 underline dark:text-brand-300";

/** /review/cards: every card, filtered by words, tag, state or suspension; edit, suspend, delete, history; Anki and CSV export. */
export default function ReviewCards() {
  const data = useLoaderData<typeof loader>();
  const [cards, setCards] = useState<PublicCard[]>(
    data.allowed ? data.cards : []
  );
  useEffect(() => setCards(data.allowed ? data.cards : []), [data]);

  if (!data.allowed) {
    return (
      <AppPage title="Cards" description="Your review cards.">
        <p className="mt-4">{data.message}</p>
        {data.upgradeUrl ? (
          <Link
            to={data.upgradeUrl}
            className={`${buttonClass("primary")} mt-4 min-h-11 px-4`}
          >
            See plans
          </Link>
        ) : null}
      </AppPage>
    );
  }
  const filtered =
    data.q !== "" ||
    data.tag !== "" ||
    data.state !== "" ||
    data.suspended !== "";
  return (
    <AppPage
      title="Cards"
      description="Every review card: search, edit, suspend or delete one, see its history, export them to Anki."
    >
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link to="/review" className={linkClass}>
          Back to review
        </Link>
        <a
          href="/api/cards/export?format=anki"
          download
          className={linkClass}
          data-testid="export-anki"
        >
          Export to Anki (text)
        </a>
        <a href="/api/cards/export?format=csv" download className={linkClass}>
          Export as CSV
        </a>
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Cards"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <label className="flex min-w-0 grow flex-col gap-1 text-sm sm:grow-0">
          <span className="font-medium">Search cards</span>
          <input
            type="search"
            name="q"
            defaultValue={data.q}
            maxLength={200}
            className={`${inputClass} sm:w-64`}
          />
        </label>
        <FilterSelect label="Tag" name="tag" value={data.tag} options={[["", "Every tag"], ...data.tags.map((tag) => [tag, tag] as const)]} />
        <FilterSelect label="State" name="state" value={data.state} options={[["", "Every state"], ...CARD_STATES.map((state) => [state, STATE_LABELS[state]] as const)]} />
        <FilterSelect
          label="Suspended"
          name="suspended"
          value={data.suspended}
          options={[
            ["", "Either"],
            ["false", "Active"],
            ["true", "Suspended"],
          ]}
        />
        <button type="submit" className={buttonClass("primary", "md")}>
          Search
        </button>
        {filtered ? (
          <Link
            to="/review/cards"
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline dark:text-brand-300"
          >
            Show all
          </Link>
        ) : null}
      </Form>
      {cards.length === 0 ? (
        <p
          className="mt-6 text-slate-600 dark:text-slate-300"
          data-testid="cards-empty"
        >
          {filtered
            ? "No card matches."
            : "No cards yet. Highlight a passage in the reader and add it to review."}
        </p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" data-testid="card-list">
          {cards.map((card) => (
            <CardEntry
              key={card.id}
              card={card}
              onChange={(next) =>
                setCards((shown) =>
                  shown.map((c) => (c.id === next.id ? next : c))
                )
              }
              onDelete={() =>
                setCards((shown) => shown.filter((c) => c.id !== card.id))
              }
            />
          ))}
        </ul>
      )}
    </AppPage>
  );
}

function CardEntry({
  card,
  onChange,
  onDelete,
}: {
  card: PublicCard;
  onChange: (card: PublicCard) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<PublicCardReview[] | null>(null);

  async function call(run: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure.message
          : "That did not work. Please try again."
      );
    } finally {
      setBusy(false);
    }
  }
  const patch = (body: Record<string, unknown>) =>
    call(async () =>
      onChange({
        ...(await apiFetch<PublicCard>(`/api/cards/${card.id}`, {
          method: "PATCH",
          body,
        })),
        tags: card.tags,
      })
    );

  return (
    <li
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-testid="card-entry"
    >
      {editing ? (
        <form
          aria-label="Edit card"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            void patch({
              front: form.get("front"),
              back: form.get("back"),
              hint: form.get("hint"),
            }).then(() => setEditing(false));
          }}
          className="flex flex-col gap-3"
        >
          {(["front", "back", "hint"] as const).map((field) => (
            <label key={field} className="flex flex-col gap-1 text-sm">
              <span className="font-medium capitalize">{field}</span>
              <textarea
                name={field}
                defaultValue={card[field] ?? ""}
                required={field !== "hint"}
                rows={field === "hint" ? 2 : 3}
                className={inputClass}
              />
            </label>
          ))}
          <div className="flex gap-2">
            <button
              type="submit"
              disabled={busy}
              className={buttonClass("primary", "md")}
            >
              Save
            </button>
            <button
              type="button"
              onClick={() => setEditing(false)}
              className={buttonClass("secondary", "md")}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="whitespace-pre-line break-words font-medium">
            {card.front}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">
            {card.back}
          </p>
          {card.hint ? (
            <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700 dark:text-slate-300">
              Hint: {card.hint}
            </p>
          ) : null}
        </>
      )}
      <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-300">
        <span>{STATE_LABELS[card.state]}</span>
        {card.suspended ? (
          <span className="font-medium">Suspended</span>
        ) : (
          <span>
            Due <LocalTime when={card.due} style="date" />
          </span>
        )}
        <span>{card.lapses === 1 ? "1 lapse" : `${card.lapses} lapses`}</span>
        {card.tags?.length ? <span>Tags: {card.tags.join(", ")}</span> : null}
        <Link to={card.source.href} className={linkClass}>
          Source passage
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {editing ? null : (
          <button
            type="button"
            disabled={busy}
            onClick={() => setEditing(true)}
            className={buttonClass("secondary", "sm")}
          >
            Edit
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => void patch({ suspended: !card.suspended })}
          className={buttonClass("secondary", "sm")}
        >
          {card.suspended ? "Resume" : "Suspend"}
        </button>
        <button
          type="button"
          disabled={busy}
          aria-expanded={history !== null}
          onClick={() =>
            void (history
              ? setHistory(null)
              : call(async () =>
                  setHistory(
                    (
                      await apiFetch<{ reviews: PublicCardReview[] }>(
                        `/api/cards/${card.id}/reviews`
                      )
                    ).reviews
                  )
                ))
          }
          className={buttonClass("secondary", "sm")}
        >
          History
        </button>
        {confirming ? (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void call(async () => {
                  await apiFetch(`/api/cards/${card.id}`, { method: "DELETE" });
                  onDelete();
                })
              }
              className={buttonClass("danger", "sm")}
            >
              Delete for good
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className={buttonClass("secondary", "sm")}
            >
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={() => setConfirming(true)}
            className={buttonClass("secondary", "sm")}
          >
            Delete
          </button>
        )}
      </div>
      {history ? (
        history.length === 0 ? (
          <p className="mt-2 text-sm">Not reviewed yet.</p>
        ) : (
          <ol aria-label="Review history" className="mt-2 text-sm">
            {history.map((review) => (
              <li key={review.id}>
                <LocalTime when={review.reviewedAt} /> — {review.grade}, next
                due <LocalTime when={review.dueAfter} style="date" />
              </li>
            ))}
          </ol>
        )
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </li>
  );
}
