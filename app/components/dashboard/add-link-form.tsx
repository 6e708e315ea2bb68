import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { ALREADY_SAVED_UNARCHIVED_MESSAGE, INVALID_URL_MESSAGE, isValidLinkUrl, type PublicLink } from "~/lib/links";
import { Favicon } from "../favicon";
import { useToast } from "../toast";
import { Button, cx } from "../ui";

interface Preview {
  title: string | null;
  description: string | null;
  favicon: string | null;
}

/** What the last save found already there (decision 053): a live link to open, or one in Recently deleted to restore. */
type Found = { kind: "saved"; link: PublicLink; unarchived: boolean } | { kind: "deleted"; id: string };

/** Brings the row into view and gives it the focus (it is at the top: a re-save moves it there). */
function openRow(id: string) {
  const row = document.querySelector<HTMLElement>(`[data-link-id="${CSS.escape(id)}"]`);
  row?.scrollIntoView({ block: "center" });
  (row?.querySelector<HTMLElement>("a, button, [tabindex]") ?? row)?.focus();
}

/**
 * Why the preview failed, in a line: the server's own reason for a page it could not fetch or
 * read (a private address and FETCH_ALLOWLIST, a timeout, the page's 404) or for being too busy;
 * a generic line for anything that says nothing. The link can still be saved (the worker retries
 * what may pass).
 */
function previewFailure(error: unknown): string {
  const told = error instanceof ApiError && error.message && ((error.status >= 400 && error.status < 500) || error.status === 503);
  return `No preview: ${told ? error.message : "the page could not be reached just now"}`;
}

/** Whether a key press or paste goes into a field (where it is the field's, not the page's). */
function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The bar's add field: Save stays disabled until the URL is valid; a preview appears while typing.
 * A URL pasted anywhere on the page outside a field is saved at once (the field shows it while
 * it is saved).
 */
export function AddLinkForm({ onAdded, clipboardPrompt }: { onAdded: (link: PublicLink) => void; clipboardPrompt: boolean }) {
  const [url, setUrl] = useState("");
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const valid = isValidLinkUrl(url);

  useEffect(() => {
    setPreview(null);
    setPreviewError(null);
    if (!valid) return;
    // An answer for a URL the field no longer holds is dropped.
    let current = true;
    const timer = setTimeout(() => {
      apiFetch<Preview>(`/api/links/preview?url=${encodeURIComponent(url.trim())}`).then(
        (answer) => current && setPreview(answer),
        (error: unknown) => current && setPreviewError(previewFailure(error)),
      );
    }, 500);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [url, valid]);

  async function offerClipboard() {
    if (!clipboardPrompt || url || !navigator.clipboard?.readText) return;
    try {
      const text = (await navigator.clipboard.readText()).trim();
      if (isValidLinkUrl(text)) setSuggestion(text);
    } catch {
      // The browser said no; nothing to suggest.
    }
  }

  const form = useRef<HTMLFormElement>(null);
  const busyRef = useRef(false);
  // Paste a URL anywhere outside a field: saved as if typed and submitted.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (inField(event.target) || busyRef.current) return;
      const text = event.clipboardData?.getData("text/plain").trim() ?? "";
      if (!isValidLinkUrl(text)) return;
      event.preventDefault();
      setUrl(text);
      void saveRef.current(text);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    await save(url.trim());
  }

  async function save(target: string) {
    let saved = false;
    busyRef.current = true;
    setBusy(true);
    setFound(null);
    try {
      const { message, ...link } = await apiFetch<PublicLink & { message?: string }>("/api/links", { body: { url: target } });
      onAdded(link);
      if (message) setFound({ kind: "saved", link, unarchived: message === ALREADY_SAVED_UNARCHIVED_MESSAGE });
      saved = true;
      setUrl("");
      setSuggestion(null);
      if (link.status === "error" && link.error) toast.show(link.error, "error");
    } catch (error) {
      const named = error instanceof ApiError && error.status === 409 ? (error.body as { id?: unknown } | null) : null;
      if (named && typeof named.id === "string") {
        setFound({ kind: "deleted", id: named.id });
        return;
      }
      // The server's own reason when it gave one (a bad URL, a deactivated account, a rate limit,
      // a brief outage); the generic line only for a failure that says nothing.
      const told = error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.status === 503);
      toast.show(told ? error.message : "Failed to add link. Please try again", "error");
    } finally {
      busyRef.current = false;
      setBusy(false);
      // Save stays focusable while busy (Button's busy) but is disabled once the field is cleared,
      // which would drop a keyboard's focus to the body: the field takes it, ready for the next link.
      const focused = document.activeElement;
      if (focused === document.body || (saved && focused instanceof HTMLButtonElement && form.current?.contains(focused))) input.current?.focus();
    }
  }

  const invalid = url !== "" && !valid;
  return (
    <form ref={form} onSubmit={submit} className="relative min-w-0 flex-1">
      <div className="flex gap-2">
        <label htmlFor="add-link-url" className="sr-only">
          Save a link
        </label>
        <input
          ref={input}
          id="add-link-url"
          type="url"
          inputMode="url"
          placeholder="Paste a link to save"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setFound(null);
          }}
          onFocus={offerClipboard}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={previewError && valid ? "add-link-hint add-link-preview-error" : "add-link-hint"}
          className={cx(
            "block h-10 w-full min-w-0 flex-1 rounded-lg border bg-white px-3 text-sm shadow-sm dark:bg-slate-950",
            invalid ? "border-red-500" : "border-slate-300 dark:border-slate-700",
          )}
        />
        <Button type="submit" busy={busy} disabled={!valid} className="h-10 shrink-0">
          {busy ? "Saving..." : "Save"}
        </Button>
      </div>
      <p id="add-link-hint" className={invalid ? "mt-1 text-xs text-red-600 dark:text-red-400" : "sr-only"}>
        {invalid ? INVALID_URL_MESSAGE : "We fetch the page and enrich it in the background. Paste a link anywhere on the page to save it."}
      </p>
      {/* Always in the page, so a screen reader announces the reason when it arrives. */}
      <p id="add-link-preview-error" aria-live="polite" className={previewError && valid ? "mt-1 text-xs text-red-700 wrap-anywhere dark:text-red-300" : "sr-only"} data-testid="link-preview-error">
        {previewError && valid ? previewError : null}
      </p>
      {found ? (
        <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-200" data-testid="already-saved">
          {found.kind === "saved" ? (found.unarchived ? "Already in your library, now back from Archived — " : "Already in your library — ") : "This link is in Recently deleted — "}
          <button
            type="button"
            className="font-medium text-brand-700 underline hover:no-underline dark:text-brand-300"
            onClick={async () => {
              if (found.kind === "saved") {
                setFound(null);
                openRow(found.link.id);
                return;
              }
              try {
                const restored = await apiFetch<PublicLink>(`/api/links/${found.id}/restore`, { method: "POST" });
                onAdded(restored);
                setFound(null);
                setUrl("");
                toast.show("Restored from Recently deleted", "success");
              } catch (error) {
                toast.show(error instanceof ApiError ? error.message : "Could not restore it. Please try again", "error");
              }
            }}
          >
            {found.kind === "saved" ? "Open it" : "Restore it"}
          </button>
        </p>
      ) : null}
      {suggestion && !url ? (
        <button type="button" onClick={() => setUrl(suggestion)} className="mt-2 text-left text-sm text-brand-600 hover:underline dark:text-brand-400">
          Use the link on your clipboard: <span className="break-all font-medium">{suggestion}</span>
        </button>
      ) : null}
      {preview && valid ? (
        <div className="mt-2 flex items-start gap-3 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60" data-testid="link-preview">
          <Favicon src={preview.favicon} url={url.trim()} className="mt-0.5 h-4 w-4" />
          <div>
            <p className="font-medium">{preview.title ?? "Untitled"}</p>
            {preview.description ? <p className="line-clamp-2 text-slate-600 dark:text-slate-400">{preview.description}</p> : null}
          </div>
        </div>
      ) : null}
    </form>
  );
}
