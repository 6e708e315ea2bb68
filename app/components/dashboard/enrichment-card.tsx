import { Link, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { ARTIFACT_ACCESS, type ArtifactKind, type ArtifactSummary, type EnrichmentItem, type PublicArtifact } from "~/lib/artifacts";
import { CATEGORIES, DIFFICULTY_LEVELS, type AdvancedSummary, type CategorySlug, type Course, type Difficulty, type Quiz, type Rephrase } from "~/lib/enrichment";
import { switchedOffMessage, upgradeUrl, type FeatureAccess, type FeatureAccessMap } from "~/lib/entitlements";
import { LockIcon } from "../icons";
import { useToast } from "../toast";
import { Badge, Button, buttonClass, cx } from "../ui";
import { LinkDetails } from "./link-row";

/** A stored result as the card knows it: a page says which exist; a result arrives when opened. */
type CardArtifact = ArtifactSummary & { result?: PublicArtifact["result"] };

/** Keeps the newer copy of an artifact (by updatedAt), as events and polls may cross. */
function mergeNewer(current: CardArtifact[], incoming: CardArtifact): CardArtifact[] {
  const existing = current.find((a) => a.id === incoming.id);
  if (existing && Date.parse(existing.updatedAt) > Date.parse(incoming.updatedAt)) return current;
  // The same version without its result (a page, a poll) keeps the result already fetched.
  const merged = existing && incoming.result === undefined && existing.updatedAt === incoming.updatedAt ? { ...incoming, result: existing.result } : incoming;
  return [...current.filter((a) => a.id !== incoming.id), merged];
}

type ArtifactListener = (listener: (linkId: string, artifact: PublicArtifact) => void) => () => void;

/**
 * An action the plan does not have: a lock leading to the upgrade page, or, for a feature the
 * operator switched off, a plain note (no upgrade would bring it back).
 */
function LockedAction({ kind, access }: { kind: ArtifactKind | "export"; access: FeatureAccess }) {
  const { label, feature } = kind === "export" ? { label: "Export", feature: "markdownExport" as const } : ARTIFACT_ACCESS[kind];
  if (access === "switched-off") {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-slate-500 dark:text-slate-400" title={switchedOffMessage(feature)} data-testid="switched-off">
        {label}
        <Badge>
          Switched off<span className="sr-only"> for now by the operator</span>
        </Badge>
      </span>
    );
  }
  return (
    <Link to={upgradeUrl(feature)} className={cx(buttonClass("secondary", "sm"), "opacity-70")} aria-label={`${label} (locked, upgrade to unlock)`}>
      <LockIcon className="h-3.5 w-3.5" />
      {label}
    </Link>
  );
}

/** Takes the quiz in the page: pick an answer per question, then see the score and explanations. */
export function QuizView({ quiz }: { quiz: Quiz }) {
  const [answers, setAnswers] = useState<Array<number | null>>(quiz.questions.map(() => null));
  const [checked, setChecked] = useState(false);
  const score = quiz.questions.filter((q, i) => answers[i] === q.answerIndex).length;
  return (
    <div className="space-y-4" data-testid="quiz">
      {quiz.questions.map((q, i) => (
        <fieldset key={i} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">
            {i + 1}. {q.question}
          </legend>
          <div className="mt-2 space-y-1">
            {q.options.map((option, j) => (
              <label
                key={j}
                className={cx(
                  "flex items-center gap-2 rounded px-2 py-1 text-sm",
                  checked && j === q.answerIndex && "bg-emerald-100 dark:bg-emerald-900/40",
                  checked && answers[i] === j && j !== q.answerIndex && "bg-red-100 dark:bg-red-900/40",
                )}
              >
                <input
                  type="radio"
                  name={`q${i}`}
                  checked={answers[i] === j}
                  disabled={checked}
                  onChange={() => setAnswers((a) => a.map((v, k) => (k === i ? j : v)))}
                />
                {option}
              </label>
            ))}
          </div>
          {checked ? <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{q.explanation}</p> : null}
        </fieldset>
      ))}
      {checked ? (
        <div className="flex items-center gap-3">
          <p className="font-semibold" role="status">
            You scored {score}/{quiz.questions.length}
          </p>
          <Button size="sm" variant="secondary" onClick={() => (setAnswers(quiz.questions.map(() => null)), setChecked(false))}>
            Try again
          </Button>
        </div>
      ) : (
        <Button size="sm" onClick={() => setChecked(true)} disabled={answers.some((a) => a === null)}>
          Check answers
        </Button>
      )}
    </div>
  );
}

function ArtifactResult({ artifact }: { artifact: CardArtifact }) {
  if (artifact.status === "pending") {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <span className="h-3 w-3 animate-spin rounded-full border-2 border-sky-300 border-t-sky-700" aria-hidden /> Processing…
      </p>
    );
  }
  if (artifact.status === "error") return <p className="text-sm text-red-600 dark:text-red-400">{artifact.error}</p>;
  if (!artifact.result) return <p className="text-sm text-slate-600 dark:text-slate-300">Opening…</p>;
  const engine = <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Made by {artifact.engine?.startsWith("local/") ? "the local engine" : artifact.engine}</p>;
  switch (artifact.kind) {
    case "quiz":
      return (
        <>
          <QuizView quiz={artifact.result as Quiz} />
          {engine}
        </>
      );
    case "rephrase":
      return (
        <>
          <p className="whitespace-pre-line text-sm leading-6">{(artifact.result as Rephrase).text}</p>
          {engine}
        </>
      );
    case "advanced": {
      const advanced = artifact.result as AdvancedSummary;
      return (
        <>
          <p className="text-sm leading-6">{advanced.summary}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {advanced.keyPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {engine}
        </>
      );
    }
    case "course": {
      const course = artifact.result as Course;
      return (
        <div className="space-y-3">
          <p className="font-medium">{course.title}</p>
          {course.lessons.map((lesson, i) => (
            <details key={i} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <summary className="cursor-pointer text-sm font-medium">
                Lesson {i + 1}: {lesson.title}
              </summary>
              <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Objective: {lesson.objective}</p>
              <p className="mt-2 whitespace-pre-line text-sm leading-6">{lesson.content}</p>
              <p className="mt-2 text-sm italic">Check: {lesson.checkQuestion}</p>
            </details>
          ))}
          {engine}
        </div>
      );
    }
  }
}

/**
 * An enriched link on the Enrichments tab, collapsed: title, category and summary first, which
 * results exist, the actions the plan allows; "Show details" opens tag suggestions and code
 * snippets. A result opened (or generated) shows above the details. `access` is the server's
 * answer for the user's plan, as the sidebar shows it.
 */
export function EnrichmentCard({
  item,
  access,
  onArtifact,
  embedded = false,
}: {
  item: EnrichmentItem;
  access: FeatureAccessMap;
  onArtifact: ArtifactListener;
  /** Inside a link's detail panel, which shows the title, summary and details itself: the results and their actions only. */
  embedded?: boolean;
}) {
  const link = item.link;
  const [artifacts, setArtifacts] = useState<CardArtifact[]>(item.artifacts);
  const [shown, setShown] = useState<{ kind: ArtifactKind; variant: string } | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [level, setLevel] = useState<Difficulty>("beginner");
  // Why the last request was refused (a plan change, a feature switched off): the result area says it.
  const [refusal, setRefusal] = useState<string | null>(null);
  const toast = useToast();
  const revalidator = useRevalidator();

  const merge = useCallback((artifact: CardArtifact) => setArtifacts((current) => mergeNewer(current, artifact)), []);
  // A fresh copy of the item (re-enriched, a new page) brings its list of results.
  useEffect(() => item.artifacts.forEach(merge), [item.artifacts, merge]);

  useEffect(() => onArtifact((linkId, artifact) => linkId === link.id && merge(artifact)), [onArtifact, link.id, merge]);

  // Backs the event stream up: while a result is being made, look again every few seconds.
  const anyPending = artifacts.some((a) => a.status === "pending");
  useEffect(() => {
    if (!anyPending) return;
    const timer = setInterval(() => {
      apiFetch<{ artifacts: PublicArtifact[] }>(`/api/links/${link.id}/enrichment`).then(
        (data) => data.artifacts.forEach((fresh) => setArtifacts((current) => mergeNewer(current, fresh))),
        () => undefined,
      );
    }, 3_000);
    return () => clearInterval(timer);
  }, [anyPending, link.id]);

  async function run(kind: ArtifactKind, options: { variant?: string; regenerate?: boolean } = {}) {
    setShown({ kind, variant: options.variant ?? "" });
    setRefusal(null);
    try {
      const body = { ...(kind === "rephrase" ? { level: options.variant } : {}), ...(options.regenerate ? { regenerate: true } : {}) };
      merge(await apiFetch<PublicArtifact>(`/api/links/${link.id}/${kind}`, { body }));
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "Something went wrong. Please try again";
      toast.show(message, "error");
      // Nothing is being made: the result area says why rather than "Starting…" for ever.
      setRefusal(message);
      // Refused: the plan or an admin's feature toggle changed since the page loaded. Ask the
      // server again so every lock on the page shows what it now allows.
      if (error instanceof ApiError && error.status === 403) revalidator.revalidate();
    }
  }

  const canUse = (kind: ArtifactKind) => access[ARTIFACT_ACCESS[kind].feature] === "available";
  const current = shown ? artifacts.find((a) => a.kind === shown.kind && a.variant === shown.variant) : undefined;
  const action = (kind: ArtifactKind, label: string, variant = "") =>
    canUse(kind) ? (
      <Button size="sm" variant={shown?.kind === kind ? "primary" : "secondary"} aria-pressed={shown?.kind === kind} onClick={() => run(kind, { variant })}>
        {label}
      </Button>
    ) : (
      <LockedAction kind={kind} access={access[ARTIFACT_ACCESS[kind].feature]} />
    );

  const ready = artifacts.filter((a) => a.status === "ready");
  // Under the card's own h2 in the Enrichments section; under the detail panel's h3 when embedded.
  const ResultHeading = embedded ? "h4" : "h3";
  const detailsId = `details-${link.id}`;
  return (
    <li className={embedded ? "list-none" : "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"} data-testid="enrichment-card">
      {embedded ? null : (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="line-clamp-2 break-words font-medium">{link.title ?? link.url}</h2>
            <a href={link.url} target="_blank" rel="noopener noreferrer" className="mt-0.5 block truncate py-0.5 text-xs text-slate-600 hover:underline dark:text-slate-400">
              {link.url}
            </a>
          </div>
          {link.category && link.category in CATEGORIES ? <Badge tone="brand">{CATEGORIES[link.category as CategorySlug]}</Badge> : null}
        </div>
      )}
      {!embedded && link.summary ? (
        <p className={cx("mt-2 text-sm leading-6", !expanded && "line-clamp-3")} data-testid="enrichment-summary">
          {link.summary}
        </p>
      ) : null}
      {ready.length > 0 ? (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="ready-results">
          Ready: {ready.map((a) => `${ARTIFACT_ACCESS[a.kind].label}${a.variant ? ` (${a.variant})` : ""}`).join(" · ")}
        </p>
      ) : null}
      <div className={cx("flex flex-wrap items-center gap-2", !embedded && "mt-3 border-t border-slate-200 pt-3 dark:border-slate-800")}>
        {action("advanced", "Advanced summary")}
        {action("quiz", "Quiz")}
        {action("course", "Mini-course")}
        {canUse("rephrase") ? (
          <span className="flex items-center gap-1">
            <label htmlFor={`level-${link.id}`} className="sr-only">
              Difficulty
            </label>
            <select
              id={`level-${link.id}`}
              value={level}
              onChange={(e) => setLevel(e.target.value as Difficulty)}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-950"
            >
              {DIFFICULTY_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l[0]!.toUpperCase() + l.slice(1)}
                </option>
              ))}
            </select>
            <Button size="sm" variant={shown?.kind === "rephrase" ? "primary" : "secondary"} aria-pressed={shown?.kind === "rephrase"} onClick={() => run("rephrase", { variant: level })}>
              Rephrase
            </Button>
          </span>
        ) : (
          <LockedAction kind="rephrase" access={access.summaryRephrasing} />
        )}
        {access.markdownExport === "available" ? (
          <>
            <a href={`/api/links/${link.id}/export.md`} className={buttonClass("ghost", "sm")} download>
              Markdown
            </a>
            <a href={`/api/links/${link.id}/export.pdf`} className={buttonClass("ghost", "sm")} download>
              PDF
            </a>
          </>
        ) : (
          <LockedAction kind="export" access={access.markdownExport} />
        )}
        {embedded ? null : (
          <Button size="sm" variant="ghost" className="ml-auto" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((open) => !open)}>
            {expanded ? "Hide details" : "Show details"}
          </Button>
        )}
      </div>
      {shown ? (
        <section className="mt-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/50" aria-label={ARTIFACT_ACCESS[shown.kind].label}>
          <div className="mb-2 flex items-center justify-between">
            <ResultHeading className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
              {ARTIFACT_ACCESS[shown.kind].label}
              {shown.variant ? ` · ${shown.variant}` : ""}
            </ResultHeading>
            {current?.status === "ready" ? (
              <button type="button" className="rounded px-1 py-0.5 text-xs font-medium text-brand-700 hover:underline dark:text-brand-300" onClick={() => run(shown.kind, { variant: shown.variant, regenerate: true })}>
                Regenerate
              </button>
            ) : null}
          </div>
          {current ? (
            <ArtifactResult artifact={current} />
          ) : refusal ? (
            <p className="text-sm text-red-700 dark:text-red-300" data-testid="artifact-refusal">
              {refusal}
            </p>
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">Starting…</p>
          )}
        </section>
      ) : null}
      {expanded ? <LinkDetails detail={link} showSummary={false} id={detailsId} headingLevel="h3" /> : null}
    </li>
  );
}
