import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { FeatureAccessMap } from "~/lib/entitlements";
import { formatCount } from "~/lib/library";
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_MAX_BYTES,
  type PublicImport,
} from "~/lib/imports";
import { useModalDialog } from "../admin/use-modal-dialog";
import { LockIcon } from "../icons";
import { useToast } from "../toast";
import { Button, cx } from "../ui";

const STATUS_TEXT: Record<PublicImport["status"], string> = {
  parsing: "Reading the file…",
  saving: "Saving links…",
  enriching: "Enriching imported links…",
  done: "Done",
  failed: "Failed",
};

const POLL_MS = 2_000;

/**
 * The import dialog, opened from the bar's Import and export menu: the formats it reads, the
 * file button, and the import followed live (the dashboard's event stream, a slow poll behind it),
 * with one action to enrich links left "Not enriched". It stays mounted while closed, so an import
 * goes on being followed; while one runs with the dialog closed, a line under the bar says how far
 * it got and opens the dialog again.
 */
export function ImportPanel({
  access,
  onImport,
  onSettled,
  open,
  onOpen,
  onClose,
}: {
  access: FeatureAccessMap;
  onImport: (listener: (progress: PublicImport) => void) => () => void;
  onSettled: () => void;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { dialog } = useModalDialog(open);
  const toast = useToast();
  const [current, setCurrent] = useState<PublicImport | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const currentId = current?.id;
  const active =
    current !== null &&
    current.status !== "done" &&
    current.status !== "failed";

  useEffect(
    () =>
      onImport((progress) =>
        setCurrent((shown) =>
          shown === null || shown.id === progress.id ? progress : shown
        )
      ),
    [onImport]
  );

  useEffect(() => {
    if (!active || !currentId) return;
    const timer = setInterval(() => {
      apiFetch<PublicImport>(`/api/imports/${currentId}`).then(
        setCurrent,
        () => undefined
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, currentId]);

  const settled = current?.status === "done";
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES)
      return toast.show("The file is larger than 50 MB.", "error");
    setUploading(true);
    try {
      const response = await fetch(
        `/api/imports?name=${encodeURIComponent(file.name.slice(0, 200))}`,
        { method: "POST", body: file, credentials: "same-origin" }
      );
      const body = (await response.json()) as PublicImport & {
        message?: string;
        import?: PublicImport;
      };
      if (!response.ok) {
        if (body.import) setCurrent(body.import);
        toast.show(body.message ?? "The import failed.", "error");
        return;
      }
      setCurrent(body);
    } catch {
      toast.show("The upload was interrupted. Please try again.", "error");
    } finally {
      setUploading(false);
    }
  }

  async function enrichRest() {
    try {
      const { queued } = await apiFetch<{ queued: number }>(
        "/api/imports/enrich",
        { method: "POST" }
      );
      toast.show(
        `${queued} link${queued === 1 ? "" : "s"} queued for enrichment.`,
        "success"
      );
      if (currentId)
        setCurrent(await apiFetch<PublicImport>(`/api/imports/${currentId}`));
    } catch (error) {
      toast.show(
        error instanceof ApiError
          ? error.message
          : "Could not queue the links. Please try again.",
        "error"
      );
    }
  }

  const batch = access.batchProcessing === "available";
  const total = current ? Math.max(1, current.saved) : 1;
  const finished = current
    ? current.enriched + current.failed + current.notEnriched
    : 0;
  const percent = current
    ? current.status === "done"
      ? 100
      : current.status === "enriching"
      ? Math.round((finished / total) * 100)
      : 0
    : 0;
  const figures: Array<[string, number, string]> = current
    ? [
        ["Parsed", current.parsed, "parsed"],
        ["Saved", current.saved, "saved"],
        ["Duplicates", current.duplicates, "duplicates"],
        ["Enriched", current.enriched, "enriched"],
        ["Not enriched", current.notEnriched, "not-enriched"],
        ["Failed", current.failed, "failed"],
        ["Invalid", current.invalid, "invalid"],
      ]
    : [];

  return (
    <>
      {current && !open && (active || uploading) ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm dark:border-slate-800 dark:bg-slate-900"
          data-testid="import-strip"
        >
          <span className="min-w-0 flex-1 truncate">
            {current.fileName ? `${current.fileName}: ` : ""}
            {STATUS_TEXT[current.status]} {percent > 0 ? `${percent}%` : null}
          </span>
          <button
            type="button"
            onClick={onOpen}
            className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            Import details
          </button>
        </div>
      ) : null}
      <dialog
        ref={dialog}
        aria-labelledby="import-heading"
        data-testid="import-panel"
        onCancel={(event) => {
          event.preventDefault();
          onClose();
        }}
        className="w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="space-y-3 p-5">
          <div className="flex items-start justify-between gap-2">
            <h2 id="import-heading" className="text-lg font-semibold">
              Import bookmarks
            </h2>
            <Button size="sm" variant="ghost" onClick={onClose}>
              Close
            </Button>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Browser bookmarks (HTML), Pocket, Raindrop, Karakeep, Linkwarden,
            Omnivore (its export zip or JSON), our own JSON or a list of URLs —
            up to 50 MB.
            {batch
              ? " Imported links are enriched as far as your allowance reaches."
              : " Imported links are saved; enriching them in bulk is part of Creator."}
          </p>
          <div>
            {/* The button opens it: out of the tab order, or a keyboard stops on an invisible 1-pixel box. */}
            <input
              ref={input}
              id="import-file"
              type="file"
              className="sr-only"
              tabIndex={-1}
              accept=".html,.htm,.csv,.json,.txt,.zip,text/html,text/csv,application/json,text/plain,application/zip"
              onChange={upload}
              disabled={uploading || active}
            />
            <Button
              size="sm"
              variant="secondary"
              onClick={() => input.current?.click()}
              busy={uploading || active}
            >
              {uploading ? "Uploading…" : "Import bookmarks"}
            </Button>
            <label htmlFor="import-file" className="sr-only">
              Bookmark file to import
            </label>
          </div>
          {current ? (
            <div
              className="mt-3"
              data-testid="import-progress"
              data-status={current.status}
            >
              <p
                role="status"
                className={cx(
                  "text-sm font-medium",
                  current.status === "failed" &&
                    "text-red-600 dark:text-red-400"
                )}
              >
                {current.fileName ? `${current.fileName}: ` : ""}
                {STATUS_TEXT[current.status]}
                {current.format
                  ? ` (${IMPORT_FORMAT_LABELS[current.format]})`
                  : ""}
              </p>
              {current.error ? (
                <p className="mt-1 text-sm text-red-600 dark:text-red-400">
                  {current.error}
                </p>
              ) : null}
              <div
                className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                role="progressbar"
                aria-label="Import progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div
                  className="h-full rounded-full bg-brand-600 transition-all"
                  style={{ width: `${percent}%` }}
                />
              </div>
              <dl className="mt-2 grid grid-cols-3 gap-2 text-xs sm:grid-cols-7">
                {figures.map(([label, value, key]) => (
                  <div key={key}>
                    <dt className="text-slate-600 dark:text-slate-300">
                      {label}
                    </dt>
                    <dd className="font-semibold" data-testid={`import-${key}`}>
                      {formatCount(value)}
                    </dd>
                  </div>
                ))}
              </dl>
              {current.invalidLines.length ? (
                <details className="mt-2 text-xs">
                  <summary>Invalid entries</summary>
                  <ul className="mt-1 space-y-0.5">
                    {current.invalidLines.map((entry) => (
                      <li key={`${entry.line}-${entry.url}`}>
                        Line {entry.line}: {entry.url || "(no URL)"} —{" "}
                        {entry.reason}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              {current.status === "done" && current.notEnriched > 0 ? (
                <div className="mt-2">
                  {batch ? (
                    <Button size="sm" onClick={enrichRest}>
                      Enrich {formatCount(current.notEnriched)} not-enriched
                      links
                    </Button>
                  ) : (
                    <Link
                      className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                      to="/upgrade?feature=batchProcessing"
                    >
                      <LockIcon className="h-3.5 w-3.5" label="Locked" />
                      Enrich them all at once with Creator
                    </Link>
                  )}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      </dialog>
    </>
  );
}
