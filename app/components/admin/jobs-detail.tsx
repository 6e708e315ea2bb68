import { useEffect, useId, useRef } from "react";
import type { FailureDetail } from "~/lib/jobs";
import { LocalTime } from "../local-time";
import { Badge, Button, buttonClass } from "../ui";
import { useModalDialog } from "./use-modal-dialog";

const PRE = "max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-100 p-3 font-mono text-xs dark:bg-slate-800";

export type DetailAction = "retry" | "remove" | "promote";

/**
 * One failure in a modal: the link and its owner, the payload, every attempt with its error (the
 * stack folded away), and the job's log lines, with the actions that apply to its state.
 */
export function FailureDetailDialog({
  detail,
  error,
  busy,
  message,
  onAction,
  onClose,
}: {
  detail: FailureDetail | null;
  error: string | null;
  busy: boolean;
  message: string | null;
  onAction: (action: DetailAction) => void;
  onClose: () => void;
}) {
  const { dialog, initialFocus: close } = useModalDialog(detail !== null || error !== null);
  const id = useId();

  // The action's button is busy, not disabled, so a refusal leaves the focus on it (decision 038).
  // One that succeeds can take its button away (Retry once nothing has failed): its outcome then
  // takes the focus, which would otherwise fall out of the dialog.
  const told = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (message && (!active || active === document.body || active === dialog.current || active.matches(":disabled"))) told.current?.focus();
  }, [message, detail, dialog]);

  const failed = detail?.link?.status === "failed" || detail?.artifact?.status === "failed" || detail?.job?.state === "failed";
  const delayed = detail?.job?.state === "delayed";

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="w-[calc(100%-1rem)] max-w-3xl rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="space-y-4 p-4 sm:p-6" data-testid="failure-detail">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Failure detail
          </h2>
          <button ref={close} type="button" className={buttonClass("ghost", "sm")} onClick={onClose}>
            Close
          </button>
        </div>
        {error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        ) : null}
        {message ? (
          <p ref={told} tabIndex={-1} role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
            {message}
          </p>
        ) : null}
        {detail ? (
          <>
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-500 dark:text-slate-400">Queue</dt>
              <dd className="font-mono">{detail.queue}</dd>
              {detail.link ? (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">Link</dt>
                  <dd className="min-w-0 break-all">
                    <a href={detail.link.url} className="text-brand-700 underline dark:text-brand-300" rel="noreferrer noopener" target="_blank">
                      {detail.link.url}
                    </a>{" "}
                    <Badge tone={detail.link.status === "failed" ? "danger" : detail.link.status === "enriched" ? "success" : "neutral"}>{detail.link.status}</Badge>
                  </dd>
                  {detail.link.error ? (
                    <>
                      <dt className="text-slate-500 dark:text-slate-400">Reason</dt>
                      <dd>{detail.link.error}</dd>
                    </>
                  ) : null}
                </>
              ) : null}
              {detail.artifact ? (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">Result</dt>
                  <dd>
                    {detail.artifact.kind} ({detail.artifact.variant}) <Badge tone={detail.artifact.status === "failed" ? "danger" : "neutral"}>{detail.artifact.status}</Badge>
                    {detail.artifact.error ? <span className="block">{detail.artifact.error}</span> : null}
                  </dd>
                </>
              ) : null}
              <dt className="text-slate-500 dark:text-slate-400">Owner</dt>
              <dd className="break-all">{detail.owner ? `${detail.owner.email} (${detail.owner.role})` : "—"}</dd>
              <dt className="text-slate-500 dark:text-slate-400">Job</dt>
              <dd>
                {detail.job ? (
                  <>
                    #{detail.job.id} {detail.job.name}, {detail.job.state}, attempt {detail.job.attemptsMade} of {detail.job.maxAttempts}
                  </>
                ) : (
                  detail.jobMissing ?? "Not in Redis."
                )}
              </dd>
            </dl>

            <section aria-labelledby={`${id}-payload`}>
              <h3 id={`${id}-payload`} className="text-sm font-semibold">
                Payload
              </h3>
              <pre className={PRE}>{JSON.stringify(detail.payload, null, 2)}</pre>
            </section>

            {detail.job && detail.job.attempts.length > 0 ? (
              <section aria-labelledby={`${id}-attempts`}>
                <h3 id={`${id}-attempts`} className="text-sm font-semibold">
                  Attempts
                </h3>
                <ol className="mt-1 space-y-2 text-sm">
                  {detail.job.attempts.map((attempt) => (
                    <li key={attempt.number} className="rounded-lg border border-slate-200 p-2 dark:border-slate-700" data-testid="failure-attempt">
                      <p>
                        <span className="font-medium">Attempt {attempt.number}</span> · {attempt.outcome} · <LocalTime when={attempt.finishedAt ?? attempt.startedAt} style="stamp" />
                      </p>
                      {attempt.error ? <p className="text-red-700 dark:text-red-300">{attempt.error}</p> : null}
                      {attempt.stack ? (
                        <details className="mt-1">
                          <summary className="cursor-pointer text-xs text-slate-500 dark:text-slate-400">Stack</summary>
                          <pre className={PRE}>{attempt.stack}</pre>
                        </details>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}

            {detail.job ? (
              <section aria-labelledby={`${id}-logs`}>
                <h3 id={`${id}-logs`} className="text-sm font-semibold">
                  Job log
                </h3>
                {detail.job.logs.length === 0 ? (
                  <p className="text-sm text-slate-500 dark:text-slate-400">No log lines.</p>
                ) : (
                  <ol className={PRE} data-testid="failure-logs">
                    {detail.job.logs.map((line, index) => (
                      <li key={index}>
                        {line.at ? (
                          <>
                            <LocalTime when={line.at} style="time" />{" "}
                          </>
                        ) : null}
                        {line.message}
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            ) : null}

            <div className="flex flex-wrap gap-2">
              {failed ? (
                <Button onClick={() => onAction("retry")} busy={busy}>
                  Retry
                </Button>
              ) : null}
              {delayed ? (
                <Button variant="secondary" onClick={() => onAction("promote")} busy={busy}>
                  Promote
                </Button>
              ) : null}
              {detail.job ? (
                <Button variant="danger" onClick={() => onAction("remove")} busy={busy}>
                  Remove job
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
      </div>
    </dialog>
  );
}
