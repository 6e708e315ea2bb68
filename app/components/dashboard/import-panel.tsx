import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { FeatureAccessMap } from "~/lib/entitlements";
import { IMPORT_FORMAT_LABELS, IMPORT_MAX_BYTES, type PublicImport } from "~/lib/imports";
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
 * Import a bookmark file and follow it live (the dashboard's event stream, a slow poll behind
 * it), enrich links left "Not enriched" with one action, and export the whole library.
 */
export function ImportPanel({ access, onImport, onSettled }: { access: FeatureAccessMap; onImport: (listener: (progress: PublicImport) => void) => () => void; onSettled: () => void }) {
  const toast = useToast();
  const [current, setCurrent] = useState<PublicImport | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const currentId = current?.id;
  const active = current !== null && current.status !== "done" && current.status !== "failed";

  useEffect(() => onImport((progress) => setCurrent((shown) => (shown === null || shown.id === progress.id ? progress : shown))), [onImport]);

  useEffect(() => {
    if (!active || !currentId) return;
    const timer = setInterval(() => {
      apiFetch<PublicImport>(`/api/imports/${currentId}`).then(setCurrent, () => undefined);
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
    if (file.size > IMPORT_MAX_BYTES) return toast.show("The file is larger than 50 MB.", "error");
    setUploading(true);
    try {
      const response = await fetch(`/api/imports?name=${encodeURIComponent(file.name.slice(0, 200))}`, { method: "POST", body: file, credentials: "same-origin" });
      const body = (await response.json()) as PublicImport & { message?: string; import?: PublicImport };
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
      const { queued } = await apiFetch<{ queued: number }>("/api/imports/enrich", { method: "POST" });
      toast.show(`${queued} link${queued === 1 ? "" : "s"} queued for enrichment.`, "success");
      if (currentId) setCurrent(await apiFetch<PublicImport>(`/api/imports/${currentId}`));
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not queue the links. Please try again.", "error");
    }
  }

  const batch = access.batchProcessing === "available";
  const markdown = access.markdownExport === "available";
  const total = current ? Math.max(1, current.saved) : 1;
  const finished = current ? current.enriched + current.failed + current.notEnriched : 0;
  const percent = current ? (current.status === "done" ? 100 : current.status === "enriching" ? Math.round((finished / total) * 100) : 0) : 0;
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
    <section aria-labelledby="import-heading" className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" data-testid="import-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="import-heading" className="text-sm font-semibold">
          Import and export
        </h2>
        <div className="flex flex-wrap gap-2 text-xs">
          <a className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" href="/api/links/export?format=json" download>
            Export JSON
          </a>
          <a className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" href="/api/links/export?format=html" download>
            Export bookmarks HTML
          </a>
          {markdown ? (
            <a className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" href="/api/links/export?format=markdown" download>
              Export Markdown (zip)
            </a>
          ) : (
            <Link className="inline-flex items-center gap-1 text-slate-600 underline-offset-2 hover:underline dark:text-slate-300" to="/upgrade?feature=markdownExport">
              <LockIcon className="h-3.5 w-3.5" label="Locked" />
              Markdown archive (Creator)
            </Link>
          )}
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        Browser bookmarks (HTML), Pocket, Raindrop, Karakeep, Linkwarden, Omnivore (its export zip or JSON), our own JSON or a list of URLs — up to 50 MB.
        {batch ? " Imported links are enriched as far as your allowance reaches." : " Imported links are saved; enriching them in bulk is part of Creator."}
      </p>
      <div className="mt-3">
        {/* The button opens it: out of the tab order, or a keyboard stops on an invisible 1-pixel box. */}
        <input ref={input} id="import-file" type="file" className="sr-only" tabIndex={-1} accept=".html,.htm,.csv,.json,.txt,.zip,text/html,text/csv,application/json,text/plain,application/zip" onChange={upload} disabled={uploading || active} />
        <Button size="sm" variant="secondary" onClick={() => input.current?.click()} busy={uploading || active}>
          {uploading ? "Uploading…" : "Import bookmarks"}
        </Button>
        <label htmlFor="import-file" className="sr-only">
          Bookmark file to import
        </label>
      </div>
      {current ? (
        <div className="mt-3" data-testid="import-progress" data-status={current.status}>
          <p role="status" className={cx("text-sm font-medium", current.status === "failed" && "text-red-600 dark:text-red-400")}>
            {current.fileName ? `${current.fileName}: ` : ""}
            {STATUS_TEXT[current.status]}
            {current.format ? ` (${IMPORT_FORMAT_LABELS[current.format]})` : ""}
          </p>
          {current.error ? <p className="mt-1 text-sm text-red-600 dark:text-red-400">{current.error}</p> : null}
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-xs sm:grid-cols-7">
            {figures.map(([label, value, key]) => (
              <div key={key}>
                <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="font-semibold" data-testid={`import-${key}`}>
                  {value.toLocaleString("en")}
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
                    Line {entry.line}: {entry.url || "(no URL)"} — {entry.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {current.status === "done" && current.notEnriched > 0 ? (
            <div className="mt-2">
              {batch ? (
                <Button size="sm" onClick={enrichRest}>
                  Enrich {current.notEnriched.toLocaleString("en")} not-enriched links
                </Button>
              ) : (
                <Link className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" to="/upgrade?feature=batchProcessing">
                  <LockIcon className="h-3.5 w-3.5" label="Locked" />
                  Enrich them all at once with Creator
                </Link>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
