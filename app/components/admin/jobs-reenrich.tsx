import { useId, useRef, useState, type FormEvent } from "react";
import { formatCount } from "~/lib/admin-stats";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { BulkResult } from "~/lib/jobs";
import { Button } from "../ui";
import { useFocusNext } from "../use-focus-next";
import { ConfirmDialog } from "./confirm-dialog";

interface ReenrichForm {
  user: string;
  engine: string;
  before: string;
}
const EMPTY: ReenrichForm = { user: "", engine: "", before: "" };

/** At most this many re-enrich calls per confirmation (each queues up to MAX_BULK links). */
const MAX_ROUNDS = 20;

const INPUT =
  "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950 focus:border-brand-500";
const LABEL = "block text-sm font-medium";

const errorText = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : "Something went wrong");
const links = (count: number) => `${formatCount(count)} ${count === 1 ? "link" : "links"}`;

function bodyOf(form: ReenrichForm): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim()).map(([key, value]) => [key, value.trim()]));
}

/**
 * Re-enrich enriched links (after switching models): a dry run counts what matches, a
 * confirmation queues them at the lowest priority. The count is tied to the form it was made
 * for, so editing a field asks for a new count before anything can be queued.
 */
export function ReenrichPanel({ onQueued }: { onQueued: () => void }) {
  const id = useId();
  const [form, setForm] = useState<ReenrichForm>(EMPTY);
  const [counted, setCounted] = useState<{ form: ReenrichForm; result: BulkResult } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [queueBusy, setQueueBusy] = useState(false);
  const [queueError, setQueueError] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const focusNext = useFocusNext();

  const field = (name: keyof ReenrichForm) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm({ ...form, [name]: event.target.value });
      setCounted(null);
      setResult(null);
    },
  });

  const count = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await apiFetch<BulkResult>("/api/admin/jobs/reenrich", { body: { ...bodyOf(form), dryRun: true } });
      setCounted({ form, result: answer });
    } catch (caught) {
      setCounted(null);
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const queue = async () => {
    if (!counted) return;
    setQueueBusy(true);
    setQueueError(null);
    let queued = 0;
    try {
      // Each call queues a bounded batch: call again while the server says more match.
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const answer = await apiFetch<BulkResult>("/api/admin/jobs/reenrich", { body: bodyOf(counted.form) });
        queued += answer.queued;
        setResult(`${links(queued)} queued so far…`);
        if (!answer.more || answer.queued === 0) break;
      }
      setResult(`${links(queued)} queued at low priority; they never delay what users add now.`);
      // Re-enrich… is disabled until the next count: the outcome takes the focus, not the page's start.
      focusNext(() => statusRef.current);
      setCounted(null);
      setAsking(false);
      onQueued();
    } catch (caught) {
      setQueueError(errorText(caught));
    } finally {
      setQueueBusy(false);
    }
  };

  const matched = counted?.result.matched ?? 0;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Enrich links again, for example after switching models: all of one user&apos;s, all enriched by an engine, or all enriched before a date
        (fields combine). Users are not charged, and the links stay readable while they wait.
      </p>
      <form onSubmit={(event) => void count(event)} aria-label="Re-enrich links" className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <div>
          <label htmlFor={`${id}-user`} className={LABEL}>
            Owner email
          </label>
          <input {...field("user")} className={INPUT} autoComplete="off" inputMode="email" />
        </div>
        <div>
          <label htmlFor={`${id}-engine`} className={LABEL}>
            Engine
          </label>
          <input {...field("engine")} className={INPUT} autoComplete="off" placeholder="openai/gpt-4o-mini or local" />
        </div>
        <div>
          <label htmlFor={`${id}-before`} className={LABEL}>
            Enriched before
          </label>
          <input {...field("before")} className={INPUT} autoComplete="off" placeholder="7d or 2026-11-01" aria-describedby={`${id}-before-hint`} />
          <span id={`${id}-before-hint`} className="sr-only">
            A duration such as 30m, 2h or 7d, or an ISO date
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <Button type="submit" variant="secondary" busy={busy}>
            {busy ? "Counting…" : "Count matching links"}
          </Button>
          <Button
            onClick={() => {
              setQueueError(null);
              setAsking(true);
            }}
            disabled={!counted || matched === 0 || busy}
          >
            Re-enrich…
          </Button>
        </div>
      </form>
      <div ref={statusRef} tabIndex={-1} aria-live="polite" className="min-h-5 text-sm" data-testid="reenrich-status">
        {error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : counted ? (
          <p className="text-slate-700 dark:text-slate-200">
            Dry run: {links(matched)}
            {counted.result.more ? " (or more)" : ""} {matched === 1 && !counted.result.more ? "matches" : "match"}.
          </p>
        ) : result ? (
          <p className="text-emerald-700 dark:text-emerald-300">{result}</p>
        ) : null}
      </div>
      <ConfirmDialog
        request={
          asking && counted
            ? {
                title: "Re-enrich these links?",
                body: (
                  <p>
                    {links(matched)}
                    {counted.result.more ? " or more" : ""} will be enriched again at low priority, after whatever users add now. They stay as they are until
                    then, and nobody is charged.
                  </p>
                ),
                confirmLabel: "Re-enrich",
              }
            : null
        }
        busy={queueBusy}
        error={queueError}
        onConfirm={() => void queue()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
