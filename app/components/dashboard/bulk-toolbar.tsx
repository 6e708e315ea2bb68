import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { LinkFilter } from "~/lib/api-schemas";
import { BULK_ACTION_LABELS, bulkSummary, deleteConfirmation, type BulkActionName, type PublicBulkOperation } from "~/lib/bulk";
import { switchedOffMessage, type FeatureAccessMap } from "~/lib/entitlements";
import { EXPORT_FORMATS, type ExportFormat } from "~/lib/imports";
import { formatCount, type NumberLocale } from "~/lib/library";
import { keptForLabel, type PublicLink } from "~/lib/links";
import { ConfirmDialog } from "../admin/confirm-dialog";
import { LockIcon } from "../icons";
import { LocalTime } from "../local-time";
import { useToast } from "../toast";
import { Button, buttonClass, cx } from "../ui";
import { useEscapeLayer } from "../use-escape-layer";
import type { RowSelection } from "./link-row";

const POLL_MS = 1_000;

/**
 * Which links are selected: ids picked by hand (a click, or a Shift-click range from the last
 * one), or "all matching" the current search, which the server resolves from the filter so
 * the browser never loads every row.
 */
export function useBulkSelection(links: PublicLink[]) {
  const [ids, setIds] = useState<Set<string>>(() => new Set());
  const [all, setAll] = useState(false);
  const allRef = useRef(all);
  allRef.current = all;
  const anchor = useRef<string | null>(null);
  const linksRef = useRef(links);
  linksRef.current = links;

  const toggle = useCallback((id: string, checked: boolean, shiftKey: boolean) => {
    const list = linksRef.current;
    const from = anchor.current ? list.findIndex((link) => link.id === anchor.current) : -1;
    const to = list.findIndex((link) => link.id === id);
    const range = shiftKey && from >= 0 && to >= 0 ? list.slice(Math.min(from, to), Math.max(from, to) + 1).map((link) => link.id) : [id];
    // Leaving "all matching" by unticking one keeps the rest of what is on screen ticked.
    const wasAll = allRef.current;
    setIds((current) => {
      const next = new Set(wasAll ? list.map((link) => link.id) : current);
      for (const one of range) {
        if (checked) next.add(one);
        else next.delete(one);
      }
      return next;
    });
    setAll(false);
    anchor.current = id;
  }, []);

  const clear = useCallback(() => {
    setIds(new Set());
    setAll(false);
  }, []);
  const selectAll = useCallback(() => {
    setAll(true);
    setIds(new Set());
  }, []);

  // A link that leaves the list (deleted here or elsewhere) leaves the selection.
  useEffect(() => {
    setIds((current) => {
      const present = new Set(links.map((link) => link.id));
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [links]);

  // The same object for a row while its tick stays, so the list's memoised rows are not redrawn.
  const selections = useRef(new Map<string, RowSelection>());
  const rowSelection = (link: PublicLink): RowSelection => {
    const checked = all || ids.has(link.id);
    let selection = selections.current.get(link.id);
    if (selection?.checked !== checked) {
      selection = { checked, onToggle: (next, shiftKey) => toggle(link.id, next, shiftKey) };
      selections.current.set(link.id, selection);
    }
    return selection;
  };
  return { ids, all, clear, selectAll, rowSelection, anchor };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;

/** How many links the search matches, asked of the server when it changes or `refresh` does; null until answered. */
type Form = { kind: "add-tag" | "remove-tag" } | { kind: "export" } | null;

const ACTIONS: BulkActionName[] = ["mark-read", "mark-unread", "archive", "unarchive", "reenrich", "retry", "add-tag", "remove-tag", "share", "unshare", "export", "delete"];
const FORMAT_LABELS: Record<ExportFormat, string> = { json: "JSON", html: "Bookmarks HTML", markdown: "Markdown (zip)" };

/**
 * The bulk toolbar over the saved links (batchProcessing): how many are selected, "Select all N
 * matching", the actions, the running operation's progress (the event stream, a poll behind
 * it), and its result, with Undo after a delete. Escape clears the selection. Locked plans see
 * the upgrade prompt instead. A delete of more than a screenful asks first, with the count; its
 * result and Undo stay until dismissed (the links stay restorable for `keptMs`), so the toolbar
 * is mounted outside the list and outlives a list that the delete emptied.
 */
export function BulkToolbar({
  access,
  selection,
  matching,
  filter,
  locale,
  onBulk,
  onSettled,
  keptMs,
}: {
  access: FeatureAccessMap;
  selection: BulkSelection;
  /** How many links the view holds: the whole library ("Not enriched" ones included), or the search's matches (null while counted); the page shows the same number. */
  matching: number | null;
  /** The reader's number grouping. */
  locale?: NumberLocale;
  /** The current search's filter; {} for every link; null offers no "select all" (a search the server would refuse). */
  filter: LinkFilter | null;
  onBulk: (listener: (progress: PublicBulkOperation) => void) => () => void;
  onSettled: (op: PublicBulkOperation) => void;
  /** How long deleted links stay restorable (LINK_PURGE_AFTER_MS). */
  keptMs: number;
}) {
  const toast = useToast();
  const [op, setOp] = useState<PublicBulkOperation | null>(null);
  const [form, setForm] = useState<Form>(null);
  const [tag, setTag] = useState("");
  const [format, setFormat] = useState<ExportFormat>("json");
  const [busy, setBusy] = useState(false);
  const [undoable, setUndoable] = useState(false);
  const [confirming, setConfirming] = useState<{ title: string; confirmLabel: string } | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const formOpener = useRef<HTMLButtonElement | null>(null);
  // Where focus goes once the next render is on screen (the element may not exist before it).
  const focusNext = useRef<"status" | "undo" | null>(null);
  useEffect(() => {
    const target = focusNext.current === "undo" ? undoRef.current : focusNext.current === "status" ? statusRef.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });
  const { ids, all, clear, selectAll, anchor } = selection;
  const filtered = filter !== null && Object.values(filter).some((value) => value !== undefined && value !== "");
  const settledId = op && op.status !== "running" ? op.id : null;
  const selectAllLabel =
    matching === null ? "Select all matching" : filtered ? `Select all ${formatCount(matching, locale)} matching` : `Select all ${formatCount(matching, locale)} links`;
  // Selecting "all matching" of a search whose size is unknown: the server counts it when asked.
  const count = all ? (matching ?? Number.POSITIVE_INFINITY) : ids.size;
  const countLabel = count === Number.POSITIVE_INFINITY ? "All matching selected" : `${formatCount(count, locale)} selected`;
  const running = op?.status === "running";
  const opId = op?.id;

  useEffect(() => onBulk((progress) => setOp((shown) => (shown && shown.id === progress.id ? progress : shown))), [onBulk]);
  useEffect(() => {
    if (!running || !opId) return;
    const timer = setInterval(() => apiFetch<PublicBulkOperation>(`/api/links/bulk/${opId}`).then(setOp, () => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [running, opId]);

  // Once finished: the list catches up, and a delete offers Undo until the result is dismissed
  // (the server restores the operation's links until they are purged: undoUntil).
  useEffect(() => {
    if (!settledId || !op) return;
    onSettled(op);
    if (op.action === "delete" && op.done > 0) {
      setUndoable(true);
      focusNext.current = "undo";
      return;
    }
    if (op.action !== "export") statusRef.current?.focus();
    // Only when another operation settles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledId]);

  const focusFirstRow = useCallback(() => {
    // The row's title: the list's one Tab stop (decision 052), where x selects again.
    const target = (anchor.current && document.querySelector<HTMLElement>(`[data-link-id="${anchor.current}"] [data-row-link]`)) || document.querySelector<HTMLElement>("[data-row-link]");
    target?.focus();
  }, [anchor]);

  const closeForm = useCallback(() => {
    setForm(null);
    formOpener.current?.focus();
  }, []);

  // Escape closes an open form first (its field's Escape included), then, when nothing is open
  // above it (a menu, a link's detail), clears the selection.
  useEscapeLayer(form !== null, "popup", closeForm, { whileTyping: true });
  useEscapeLayer(count > 0, "selection", () => {
    clear();
    focusFirstRow();
  });

  if (access.batchProcessing === "switched-off") {
    return (
      <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="bulk-locked">
        {switchedOffMessage("batchProcessing")}
      </p>
    );
  }
  if (access.batchProcessing !== "available") {
    return (
      <p className="hidden text-xs text-slate-600 sm:block dark:text-slate-300" data-testid="bulk-locked">
        <Link className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" to="/upgrade?feature=batchProcessing">
          <LockIcon className="h-3.5 w-3.5" label="Locked" />
          Bulk actions (Creator)
        </Link>{" "}
        — select many links and re-enrich, tag, share, export or delete them at once.
      </p>
    );
  }

  const selectionBody = () => (all && filter ? { filter } : { ids: [...ids] });

  /** Starts the action; a refusal is told in a toast, or handed to `onRefused` (the confirm dialog shows it). */
  async function start(action: BulkActionName, extra: { tag?: string; format?: ExportFormat } = {}, onRefused?: (message: string) => void) {
    if (busy) return;
    setBusy(true);
    try {
      const started = await apiFetch<PublicBulkOperation>("/api/links/bulk", { body: { action, ...selectionBody(), ...extra } });
      setForm(null);
      // Download goes away with its form: the focus goes back to Export, which opened it.
      if (action === "export") formOpener.current?.focus();
      if (action === "export" && started.exportUrl) {
        const download = document.createElement("a");
        download.href = started.exportUrl;
        download.download = "";
        document.body.append(download);
        download.click();
        download.remove();
        setOp(started);
        return;
      }
      setUndoable(false);
      setConfirming(null);
      setOp(started);
      clear();
      focusNext.current = "status";
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "The bulk action failed. Please try again";
      if (onRefused) onRefused(message);
      else toast.show(message, "error");
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    if (!op) return;
    setUndoable(false);
    try {
      const restoring = await apiFetch<PublicBulkOperation>("/api/links/bulk", { body: { action: "restore", undo: op.id } });
      setOp(restoring);
      focusNext.current = "status";
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not restore the links. Please try again", "error");
    }
  }

  function choose(action: BulkActionName, button: HTMLButtonElement) {
    if (action === "add-tag" || action === "remove-tag" || action === "export") {
      formOpener.current = button;
      setForm({ kind: action === "export" ? "export" : action });
      return;
    }
    const question = action === "delete" ? deleteConfirmation(count === Number.POSITIVE_INFINITY ? null : count) : null;
    if (question) {
      setConfirmError(null);
      setConfirming(question);
      return;
    }
    void start(action);
  }

  function submitForm(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    if (form.kind === "export") return void start("export", { format });
    const value = tag.trim();
    if (!value) return;
    void start(form.kind, { tag: value });
  }

  const percent = op && op.total > 0 ? Math.round(((op.done + op.failed + op.skipped) / op.total) * 100) : 0;
  const showOp = op !== null && (running || op.action !== "export");

  return (
    <>
      <ConfirmDialog
        request={
          confirming
            ? {
                ...confirming,
                danger: true,
                body: (
                  <p>
                    They move to Recently deleted with their summaries, results and share pages. Undo, or Restore there, brings them back for {keptForLabel(keptMs)}; then
                    they are removed for good.
                  </p>
                ),
              }
            : null
        }
        busy={busy}
        error={confirmError}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void start("delete", {}, setConfirmError)}
      />
      {count === 0 && matching !== 0 && filter !== null ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Button size="sm" variant="secondary" onClick={selectAll} data-testid="bulk-select-all">
            {selectAllLabel}
          </Button>
          <span className="text-xs text-slate-600 dark:text-slate-300">or tick links to act on many at once (Shift-click selects a range).</span>
        </div>
      ) : null}
      {count > 0 || showOp ? (
        <section
          aria-label="Bulk actions"
          data-testid="bulk-toolbar"
          className="sticky top-16 z-30 space-y-2 rounded-2xl border border-brand-200 bg-white/95 p-3 shadow-md backdrop-blur dark:border-brand-800 dark:bg-slate-900/95"
        >
          {count > 0 ? (
            <>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="text-sm font-semibold" role="status" data-testid="bulk-count">
                  {countLabel}
                </p>
                {!all && filter !== null && (matching === null || matching > count) ? (
                  <button type="button" className="rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" onClick={selectAll}>
                    {selectAllLabel}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="rounded text-sm text-slate-600 underline-offset-2 hover:underline dark:text-slate-300"
                  onClick={() => {
                    clear();
                    focusFirstRow();
                  }}
                >
                  Clear selection <span className="sr-only">(Escape)</span>
                </button>
              </div>
              <div className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible" role="group" aria-label="Actions on the selected links">
                {ACTIONS.map((action) => (
                  <Button
                    key={action}
                    size="sm"
                    variant={action === "delete" ? "danger" : "secondary"}
                    className="shrink-0"
                    // Busy, not disabled, while an operation starts or runs: the focus may be on one (Export).
                    busy={busy || running}
                    aria-expanded={action === "add-tag" || action === "remove-tag" || action === "export" ? form?.kind === action : undefined}
                    onClick={(event) => choose(action, event.currentTarget)}
                  >
                    {BULK_ACTION_LABELS[action]}
                  </Button>
                ))}
              </div>
              {form ? (
                <form onSubmit={submitForm} className="flex flex-wrap items-end gap-2" aria-label={form.kind === "export" ? "Export the selected links" : `${BULK_ACTION_LABELS[form.kind]} to the selected links`}>
                  {form.kind === "export" ? (
                    <label className="text-sm">
                      <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">Format</span>
                      <select
                        autoFocus
                        value={format}
                        onChange={(event) => setFormat(event.target.value as ExportFormat)}
                        className="mt-1 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
                      >
                        {EXPORT_FORMATS.filter((f) => f !== "markdown" || access.markdownExport === "available").map((f) => (
                          <option key={f} value={f}>
                            {FORMAT_LABELS[f]}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : (
                    <label className="text-sm">
                      <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">Tag</span>
                      <input
                        autoFocus
                        value={tag}
                        onChange={(event) => setTag(event.target.value)}
                        maxLength={40}
                        required
                        className="mt-1 w-44 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
                      />
                    </label>
                  )}
                  <Button size="sm" type="submit" busy={busy}>
                    {form.kind === "export" ? "Download" : form.kind === "add-tag" ? "Add tag" : "Remove tag"}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={closeForm}>
                    Cancel
                  </Button>
                </form>
              ) : null}
            </>
          ) : null}
          {showOp && op ? (
            <div data-testid="bulk-progress" data-status={op.status} data-action={op.action}>
              <div className="flex flex-wrap items-center gap-2">
                <p ref={statusRef} tabIndex={-1} role="status" className={cx("text-sm", op.status === "failed" && "text-red-600 dark:text-red-400")} data-testid="bulk-status">
                  {running
                    ? `${BULK_ACTION_LABELS[op.action]}: ${formatCount(op.done + op.failed + op.skipped, locale)} of ${formatCount(op.total, locale)}…`
                    : bulkSummary(op)}
                </p>
                {!running && undoable && op.action === "delete" ? (
                  <button ref={undoRef} type="button" className={buttonClass("secondary", "sm")} onClick={undo}>
                    Undo
                  </button>
                ) : null}
                {!running && undoable && op.action === "delete" && op.undoUntil ? (
                  <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="bulk-undo-until">
                    Restorable until <LocalTime when={op.undoUntil} style="date" /> in{" "}
                    <Link to="/dashboard/deleted" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
                      Recently deleted
                    </Link>
                  </span>
                ) : null}
                {!running && count === 0 ? (
                  <Button size="sm" variant="ghost" onClick={() => setOp(null)}>
                    Dismiss
                  </Button>
                ) : null}
              </div>
              {running ? (
                <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label="Bulk action progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                  <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
                </div>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
