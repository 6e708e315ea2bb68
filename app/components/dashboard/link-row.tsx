import { useEffect, useId, useRef, useState } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { highlightSegments } from "~/lib/link-search";
import { NOTES_MAX_CHARS, STATUS_LABELS, TAG_MAX_CHARS, TITLE_MAX_CHARS, fetchLabel, type LinkDetail, type PublicLink } from "~/lib/links";
import { featureInfo, isFeatureKey } from "~/lib/entitlements";
import { enrichedWithLabel } from "~/lib/plan-enrichment";
import { uniqueTags } from "~/lib/tags";
import { Favicon } from "../favicon";
import { useDateFormat } from "../local-time";
import { useToast } from "../toast";
import { Badge, Button, TagChips, cx } from "../ui";

function StatusBadge({ status }: { status: PublicLink["status"] }) {
  if (status === "pending") {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-medium text-sky-800 dark:bg-sky-900/50 dark:text-sky-200">
        <span className="h-3 w-3 animate-spin rounded-full border-2 border-sky-300 border-t-sky-700" aria-hidden />
        {STATUS_LABELS.pending}
      </span>
    );
  }
  // Not enriched is a choice of plan or allowance, not a failure: no alarm colour.
  return <Badge tone={status === "enriched" ? "success" : status === "unenriched" ? "neutral" : "danger"}>{STATUS_LABELS[status]}</Badge>;
}

function CodeBlock({ language, code }: { language: string; code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="relative mt-2 rounded-lg bg-slate-900 text-slate-100">
      <div className="flex items-center justify-between border-b border-slate-700 px-3 py-1 text-xs text-slate-300">
        <span>{language}</span>
        <button
          type="button"
          onClick={async () => {
            await navigator.clipboard?.writeText(code).catch(() => undefined);
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          }}
          className="rounded px-2 py-0.5 hover:bg-slate-700"
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      {/* A long line scrolls inside the block, which keyboards reach too. */}
      <pre className="overflow-x-auto p-3 text-xs" tabIndex={0} aria-label={`${language} code`}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** Suggested tags (Scout and up): accept one into the link's tags, or dismiss it. */
function TagSuggestions({ detail, onChange }: { detail: LinkDetail; onChange: (detail: LinkDetail) => void }) {
  const toast = useToast();
  if (detail.tagSuggestions.length === 0) return null;
  async function review(tag: string, decision: "accept" | "dismiss") {
    try {
      onChange(await apiFetch<LinkDetail>(`/api/links/${detail.id}/tags`, { body: { [decision]: [tag] } }));
    } catch {
      toast.show("Could not update the tags. Please try again", "error");
    }
  }
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Suggested tags</h3>
      <ul className="mt-1 flex flex-wrap gap-1" aria-label="Suggested tags">
        {detail.tagSuggestions.map((tag) => (
          <li key={tag} className="flex items-center gap-1 rounded-full border border-dashed border-slate-300 py-0.5 pl-2 pr-1 text-xs dark:border-slate-600">
            #{tag}
            <button type="button" onClick={() => review(tag, "accept")} className="rounded-full px-1 text-emerald-600 hover:bg-emerald-50 dark:hover:bg-emerald-900/40" aria-label={`Accept tag ${tag}`}>
              ✓
            </button>
            <button type="button" onClick={() => review(tag, "dismiss")} className="rounded-full px-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800" aria-label={`Dismiss tag ${tag}`}>
              ✕
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A search highlight (escaped HTML with <mark>) drawn as text and <mark> elements. */
function Highlighted({ html }: { html: string }) {
  return (
    <>
      {highlightSegments(html).map((segment, i) =>
        segment.mark ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-500/40 dark:text-amber-50">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

/** The owner's own notes on a link: searchable, saved with one button. */
function NotesEditor({ detail, onSaved }: { detail: LinkDetail; onSaved: (detail: LinkDetail) => void }) {
  const id = useId();
  const toast = useToast();
  const [text, setText] = useState(detail.notes ?? "");
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(detail.notes ?? ""), [detail.notes]);
  const notes = useRef<HTMLTextAreaElement>(null);
  const changed = text !== (detail.notes ?? "");
  async function save() {
    const pressed = document.activeElement;
    setSaving(true);
    try {
      onSaved(await apiFetch<LinkDetail>(`/api/links/${detail.id}`, { method: "PATCH", body: { notes: text } }));
      toast.show("Notes saved.", "success");
      // Saved, the button is disabled (nothing changed), which would drop a keyboard's focus to the
      // page's start: the notes take it.
      if (document.activeElement === pressed || document.activeElement === document.body) notes.current?.focus();
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not save the notes. Please try again", "error");
    } finally {
      setSaving(false);
    }
  }
  return (
    <div>
      <label htmlFor={`${id}-notes`} className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        Your notes
      </label>
      <textarea
        ref={notes}
        id={`${id}-notes`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={NOTES_MAX_CHARS}
        rows={3}
        placeholder="Only you see these; search finds them."
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
      />
      <div className="mt-1 flex items-center justify-between gap-2">
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {text.length.toLocaleString("en-US")} / {NOTES_MAX_CHARS.toLocaleString("en-US")}
        </span>
        <Button size="sm" variant="secondary" onClick={save} busy={saving} disabled={!changed}>
          {saving ? "Saving…" : "Save notes"}
        </Button>
      </div>
    </div>
  );
}

/** What the link was enriched with: the plan then and the plan features that shaped it (decision 041). */
function EnrichedWithNote({ detail }: { detail: LinkDetail }) {
  const format = useDateFormat();
  if (!detail.enrichedAt) return null;
  const features = (detail.enrichedWith?.features ?? []).filter(isFeatureKey).map((key) => featureInfo(key).name);
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="enriched-with">
      {enrichedWithLabel(detail.enrichedWith, format(detail.enrichedAt, "date"))}
      {features.length > 0 ? `: ${features.join(", ").toLowerCase()}` : ""}
    </p>
  );
}

/**
 * The link's title and tags as the user wants them (decision 040): what is saved here is theirs,
 * and no later enrichment removes or renames it; a tag removed here stays off.
 */
function TitleAndTagsEditor({ detail, onSaved }: { detail: LinkDetail; onSaved: (detail: LinkDetail) => void }) {
  const id = useId();
  const toast = useToast();
  const [title, setTitle] = useState(detail.title ?? "");
  const [tags, setTags] = useState(detail.tags.join(", "));
  const [saving, setSaving] = useState(false);
  useEffect(() => setTitle(detail.title ?? ""), [detail.title]);
  useEffect(() => setTags(detail.tags.join(", ")), [detail.tags]);
  const nextTags = uniqueTags(tags.split(","), { maxLength: TAG_MAX_CHARS });
  const titleChanged = title.trim() !== (detail.title ?? "");
  const tagsChanged = nextTags.join("\n") !== detail.tags.join("\n");
  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (saving || (!titleChanged && !tagsChanged)) return;
    setSaving(true);
    try {
      let saved = detail;
      if (tagsChanged) saved = await apiFetch<LinkDetail>(`/api/links/${detail.id}/tags`, { method: "PUT", body: { tags: nextTags } });
      if (titleChanged) saved = await apiFetch<LinkDetail>(`/api/links/${detail.id}`, { method: "PATCH", body: { title: title.trim() || null } });
      onSaved(saved);
      toast.show("Title and tags saved. Enrichment will keep them.", "success");
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not save the title and tags. Please try again", "error");
    } finally {
      setSaving(false);
    }
  }
  const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950";
  const label = "text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400";
  return (
    <form aria-label="Title and tags" onSubmit={save} className="grid gap-2 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-title`} className={label}>
          Title
        </label>
        <input id={`${id}-title`} value={title} onChange={(event) => setTitle(event.target.value)} maxLength={TITLE_MAX_CHARS} className={field} />
      </div>
      <div>
        <label htmlFor={`${id}-tags`} className={label}>
          Tags
        </label>
        <input id={`${id}-tags`} value={tags} onChange={(event) => setTags(event.target.value)} aria-describedby={`${id}-tags-hint`} placeholder="reading, postgres" className={field} />
      </div>
      <div className="flex items-center justify-between gap-2 sm:col-span-2">
        <span id={`${id}-tags-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          Separate tags with commas. Yours stay when the link is enriched again; a tag you remove stays off.
        </span>
        <Button type="submit" size="sm" variant="secondary" busy={saving} disabled={!titleChanged && !tagsChanged}>
          {saving ? "Saving…" : "Save title and tags"}
        </Button>
      </div>
    </form>
  );
}

/** The link's enrichment; `showSummary` false where the card already shows the summary above. */
/** What the reader found about the page: its lead image, who wrote it, where and when. */
function SourceDetails({ detail }: { detail: LinkDetail }) {
  const published = detail.publishedAt ? new Date(detail.publishedAt) : null;
  const facts = [
    detail.byline ? `By ${detail.byline}` : null,
    detail.siteName,
    published ? `Published ${published.toLocaleDateString("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" })}` : null,
  ].filter((fact): fact is string => Boolean(fact));
  if (!detail.leadImage && facts.length === 0) return null;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start" data-testid="link-source">
      {detail.leadImage ? (
        // Decorative: the title beside it says what the page is. Served from our origin, never the page's host.
        <img src={detail.leadImage} alt="" loading="lazy" decoding="async" className="h-32 w-full rounded-lg border border-slate-200 object-cover sm:h-20 sm:w-32 dark:border-slate-800" />
      ) : null}
      {facts.length > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {published ? (
            <>
              {facts.slice(0, -1).map((fact) => `${fact} · `)}
              <time dateTime={detail.publishedAt!}>{facts[facts.length - 1]}</time>
            </>
          ) : (
            facts.join(" · ")
          )}
        </p>
      ) : null}
    </div>
  );
}

export function LinkDetails({ detail: initial, showSummary = true, id }: { detail: LinkDetail; showSummary?: boolean; id?: string }) {
  const [detail, setDetail] = useState(initial);
  useEffect(() => setDetail(initial), [initial]);
  return (
    <div id={id} className="mt-3 space-y-3 border-t border-slate-200 pt-3 text-sm dark:border-slate-800" data-testid="link-details">
      <SourceDetails detail={detail} />
      {showSummary && detail.summary ? (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Summary</h3>
          <p className="mt-1 leading-6">{detail.summary}</p>
        </div>
      ) : null}
      <TitleAndTagsEditor detail={detail} onSaved={setDetail} />
      <TagSuggestions detail={detail} onChange={setDetail} />
      <NotesEditor detail={detail} onSaved={setDetail} />
      {detail.codeSnippets.length > 0 ? (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Code snippets</h3>
          {detail.codeSnippets.map((snippet, i) => (
            <CodeBlock key={i} {...snippet} />
          ))}
        </div>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {detail.readingMinutes ? `${detail.readingMinutes} min read · ` : ""}
        {detail.engine ? `Enriched by ${detail.engine.startsWith("local/") ? "the local engine" : detail.engine}` : ""}
        {detail.fetchMethod ? (
          <span data-testid="fetch-method">
            {detail.engine ? " · " : ""}
            {fetchLabel(detail)}
          </span>
        ) : null}
      </p>
      {detail.fetchReason ? <p className="text-xs text-slate-500 dark:text-slate-400">Why: {detail.fetchReason}</p> : null}
      <EnrichedWithNote detail={detail} />
    </div>
  );
}

/** A row's bulk-selection checkbox: `onToggle` hears whether Shift was held (a range). */
export interface RowSelection {
  checked: boolean;
  onToggle: (checked: boolean, shiftKey: boolean) => void;
}

/** One saved link: favicon, title, status (Processing / Enriched / Failed), reason, Retry, details. */
export function LinkRow({
  link,
  onChange,
  onDelete,
  selection,
  onTag,
}: {
  link: PublicLink;
  onChange: (link: PublicLink) => void;
  onDelete: (link: PublicLink) => void;
  selection?: RowSelection;
  /** Filters the list by a tag the reader clicks. */
  onTag?: (tag: string) => void;
}) {
  const [detail, setDetail] = useState<LinkDetail | null>(null);
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const titleButton = useRef<HTMLButtonElement>(null);

  async function toggle() {
    const next = !open;
    setOpen(next);
    if (next && link.status === "enriched" && detail?.enrichedAt !== link.enrichedAt) {
      setDetail(await apiFetch<LinkDetail>(`/api/links/${link.id}`).catch(() => null));
    }
  }

  async function retry() {
    try {
      onChange(await apiFetch<PublicLink>(`/api/links/${link.id}/retry`, { method: "POST" }));
      // Retry (or Enrich) goes as the link turns Processing: the focus stays on the row, not the page's start.
      titleButton.current?.focus();
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Retry failed. Please try again", "error");
    }
  }

  async function share() {
    try {
      const { shareUrl } = await apiFetch<{ shareUrl: string }>(`/api/links/${link.id}/share`, { method: "POST" });
      await navigator.clipboard?.writeText(shareUrl).catch(() => undefined);
      toast.show(`Public link copied: ${shareUrl}`, "success");
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : "Could not share the link. Please try again", "error");
    }
  }

  return (
    <li
      className={cx(
        "rounded-xl border bg-white p-4 dark:bg-slate-900",
        selection?.checked ? "border-brand-500 ring-1 ring-brand-500 dark:border-brand-400 dark:ring-brand-400" : "border-slate-200 dark:border-slate-800",
      )}
      data-testid="link-row"
      data-status={link.status}
      data-link-id={link.id}
    >
      {/* The title gets the row's full width; status and actions sit on a line of their own below,
          so a phone does not squeeze the title beside them. */}
      <div className="flex items-start gap-3">
        {selection ? (
          // The label makes a target larger than the box itself, easy to hit on a phone.
          <label className="-m-1 flex h-7 w-7 shrink-0 cursor-pointer items-center justify-center">
            <input
              type="checkbox"
              checked={selection.checked}
              // onClick, not onChange: it carries the Shift key for a range (from the mouse and the keyboard's Space alike).
              onClick={(event) => selection.onToggle(event.currentTarget.checked, event.shiftKey)}
              onChange={() => undefined}
              aria-label={`Select ${link.title ?? link.url}`}
              data-select-link={link.id}
              className="h-4 w-4 cursor-pointer accent-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            />
          </label>
        ) : null}
        <Favicon src={link.favicon} url={link.url} className="mt-0.5 h-5 w-5 shrink-0 rounded" />
        <div className="min-w-0 flex-1">
          <button ref={titleButton} type="button" onClick={toggle} className="block w-full rounded text-left" aria-expanded={open}>
            <span className="line-clamp-2 break-words font-medium hover:text-brand-600 dark:hover:text-brand-300">
              {link.highlight?.title ? <Highlighted html={link.highlight.title} /> : (link.title ?? link.url)}
            </span>
          </button>
          <a href={link.url} target="_blank" rel="noopener noreferrer" className="mt-0.5 block truncate py-0.5 text-xs text-slate-600 hover:underline dark:text-slate-400">
            {link.url}
          </a>
          {link.highlight?.snippet ? (
            <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-300" data-testid="search-snippet">
              <Highlighted html={link.highlight.snippet} />
            </p>
          ) : link.description ? (
            <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{link.description}</p>
          ) : null}
          {onTag && link.tags.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
              {link.tags.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    onClick={() => onTag(tag)}
                    aria-label={`Show links tagged ${tag}`}
                    className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 hover:bg-brand-100 hover:text-brand-800 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-brand-900/50 dark:hover:text-brand-100"
                  >
                    #{tag}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <TagChips tags={link.tags} className="mt-2" />
          )}
          {link.status === "error" && link.error ? (
            <p className="mt-2 text-sm text-red-600 dark:text-red-400" data-testid="link-error">
              {link.error}
            </p>
          ) : null}
          {link.status === "unenriched" && link.error ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="link-not-enriched">
              {link.error}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 pl-8">
        <StatusBadge status={link.status} />
        <div className="flex gap-1">
          {link.status === "error" ? (
            <Button size="sm" variant="secondary" onClick={retry} aria-label={`Retry ${link.title ?? link.url}`}>
              Retry
            </Button>
          ) : null}
          {link.status === "unenriched" ? (
            <Button size="sm" variant="secondary" onClick={retry} aria-label={`Enrich ${link.title ?? link.url}`}>
              Enrich
            </Button>
          ) : null}
          {link.status === "enriched" ? (
            <Button size="sm" variant="ghost" onClick={share} aria-label={`Share ${link.title ?? link.url}`}>
              Share
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => onDelete(link)} aria-label={`Delete ${link.title ?? link.url}`} data-delete-link={link.id}>
            Delete
          </Button>
        </div>
      </div>
      {open && detail ? <LinkDetails detail={detail} /> : null}
    </li>
  );
}
