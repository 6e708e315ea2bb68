import { useEffect, useId, useRef, useState } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { highlightSegments } from "~/lib/link-search";
import { NOTES_MAX_CHARS, STATUS_LABELS, TAG_MAX_CHARS, TITLE_MAX_CHARS, fetchLabel, type LinkDetail, type PublicLink } from "~/lib/links";
import { featureInfo, isFeatureKey } from "~/lib/entitlements";
import { enrichedWithLabel } from "~/lib/plan-enrichment";
import { uniqueTags } from "~/lib/tags";
import { Favicon, hostOf } from "../favicon";
import { useDateFormat } from "../local-time";
import { useToast } from "../toast";
import { Badge, Button, cx } from "../ui";
import { SelectBox, openOnPlainClick, useLinkActions, type LinkItemProps } from "./link-actions";
import { RowMenu } from "./row-menu";

export function StatusBadge({ status }: { status: PublicLink["status"] }) {
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
function TagSuggestions({ detail, onChange, level: H = "h4" }: { detail: LinkDetail; onChange: (detail: LinkDetail) => void; level?: "h3" | "h4" }) {
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
      <H className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Suggested tags</H>
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

/**
 * A field's text that follows its stored value while the user has not changed it: a live update
 * of the link (its enrichment finishing while the detail is open) never replaces what they are typing.
 */
function useSyncedField(stored: string) {
  const [value, setValue] = useState(stored);
  const last = useRef(stored);
  useEffect(() => {
    const before = last.current;
    last.current = stored;
    setValue((current) => (current === before ? stored : current));
  }, [stored]);
  return [value, setValue] as const;
}

/** The owner's own notes on a link: searchable, saved with one button. */
function NotesEditor({ detail, onSaved }: { detail: LinkDetail; onSaved: (detail: LinkDetail) => void }) {
  const id = useId();
  const toast = useToast();
  const [text, setText] = useSyncedField(detail.notes ?? "");
  const [saving, setSaving] = useState(false);
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
        <Button size="sm" variant="secondary" className="shrink-0 whitespace-nowrap" onClick={save} busy={saving} disabled={!changed}>
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
  const [title, setTitle] = useSyncedField(detail.title ?? "");
  const [tags, setTags] = useSyncedField(detail.tags.join(", "));
  const [saving, setSaving] = useState(false);
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
      // The fields show what was stored (tags cleaned up and deduplicated).
      setTitle(saved.title ?? "");
      setTags(saved.tags.join(", "));
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
        <Button type="submit" size="sm" variant="secondary" className="shrink-0 whitespace-nowrap" busy={saving} disabled={!titleChanged && !tagsChanged}>
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

export function LinkDetails({
  detail: initial,
  showSummary = true,
  showReadingTime = true,
  headingLevel: H = "h4",
  id,
}: {
  detail: LinkDetail;
  showSummary?: boolean;
  /** False where the reading time is already shown (the detail panel's header). */
  showReadingTime?: boolean;
  /** Its sections' heading level: under the card's h3, or the panel's h2. */
  headingLevel?: "h3" | "h4";
  id?: string;
}) {
  const [detail, setDetail] = useState(initial);
  useEffect(() => setDetail(initial), [initial]);
  return (
    <div id={id} className="mt-3 space-y-3 border-t border-slate-200 pt-3 text-sm dark:border-slate-800" data-testid="link-details">
      <SourceDetails detail={detail} />
      {showSummary && detail.summary ? (
        <div>
          <H className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Summary</H>
          <p className="mt-1 leading-6">{detail.summary}</p>
        </div>
      ) : null}
      <TitleAndTagsEditor detail={detail} onSaved={setDetail} />
      <TagSuggestions detail={detail} onChange={setDetail} level={H} />
      <NotesEditor detail={detail} onSaved={setDetail} />
      {detail.codeSnippets.length > 0 ? (
        <div>
          <H className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Code snippets</H>
          {detail.codeSnippets.map((snippet, i) => (
            <CodeBlock key={i} {...snippet} />
          ))}
        </div>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {showReadingTime && detail.readingMinutes ? `${detail.readingMinutes} min read · ` : ""}
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

export type { RowSelection } from "./link-actions";

/** How many tags a row shows before "+N". */
const ROW_TAGS = 3;

/** The detail's address (a nested route of the dashboard: the panel survives a reload). */
export const linkDetailPath = (id: string) => `/dashboard/links/${id}`;

/**
 * One saved link as a compact row: title, site, one line of summary, up to three tags, its status
 * only when not enriched (with a failure's reason once), and its actions in a ⋯ menu. The title is
 * the row's one focusable element, and only when `tabStop` (the list's roving Tab stop).
 */
export function LinkRow({ link, onChange, onDelete, onOpen, selection, onTag, tabStop = true, current = false }: LinkItemProps) {
  const titleLink = useRef<HTMLAnchorElement>(null);
  const unreadId = useId();
  const name = link.title ?? link.url;
  const host = hostOf(link.url);
  const unread = link.readAt === null;
  const actions = useLinkActions({ link, onChange, onDelete, onOpen }, titleLink);
  const shownTags = link.tags.slice(0, ROW_TAGS);
  const moreTags = link.tags.length - shownTags.length;
  const reason = (link.status === "error" || link.status === "unenriched") && link.error ? link.error : null;

  return (
    <li
      className={cx(
        "library-item group relative flex items-start gap-3 px-3 py-3 sm:px-4",
        selection?.checked ? "bg-brand-50 dark:bg-brand-900/40" : current ? "bg-slate-100 dark:bg-slate-800/70" : "hover:bg-slate-50 dark:hover:bg-slate-800/40",
      )}
      data-testid="link-row"
      data-status={link.status}
      data-read={unread ? "false" : "true"}
      data-archived={link.archivedAt === null ? "false" : "true"}
      data-link-id={link.id}
      // The address the row is for: its text shows the site alone once the page has a title.
      data-url={link.url}
    >
      {selection ? <SelectBox selection={selection} name={name} linkId={link.id} className="-m-1" /> : null}
      <Favicon src={link.favicon} url={link.url} className="mt-0.5 h-5 w-5 shrink-0 rounded" />
      <div className="min-w-0 flex-1">
        {/* Unread is said, not only drawn (the title's weight): the title's description, so its name stays the title. */}
        {unread ? (
          <span id={unreadId} className="sr-only">
            Unread
          </span>
        ) : null}
        <a
          ref={titleLink}
          href={linkDetailPath(link.id)}
          tabIndex={tabStop ? 0 : -1}
          aria-current={current ? "true" : undefined}
          aria-describedby={unread ? unreadId : undefined}
          data-row-link={link.id}
          onClick={(event) => openOnPlainClick(event, () => onOpen(link))}
          className={cx(
            "line-clamp-2 break-words rounded hover:text-brand-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:hover:text-brand-300",
            // Unread stands out quietly: a heavier title; a read one is lighter.
            unread ? "font-semibold text-slate-900 dark:text-slate-50" : "font-normal text-slate-700 dark:text-slate-300",
          )}
        >
          {link.highlight?.title ? <Highlighted html={link.highlight.title} /> : name}
        </a>
        {/* The site, then one line of what the page is about (where the search matched, when searching). */}
        {(link.title && host) || link.highlight?.snippet || link.description ? (
          <p className="mt-0.5 line-clamp-1 break-words text-sm text-slate-600 dark:text-slate-400" data-testid={link.highlight?.snippet ? "search-snippet" : undefined}>
            {link.title && host ? <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{host}</span> : null}
            {link.title && host && (link.highlight?.snippet || link.description) ? <span aria-hidden> · </span> : null}
            {link.highlight?.snippet ? <Highlighted html={link.highlight.snippet} /> : link.description}
          </p>
        ) : null}
        {link.status !== "enriched" || reason || link.tags.length > 0 ? (
          <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
            {link.status !== "enriched" ? <StatusBadge status={link.status} /> : null}
            {reason ? (
              <span className={cx("min-w-0 text-xs", link.status === "error" ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300")} data-testid={link.status === "error" ? "link-error" : "link-not-enriched"}>
                {reason}
              </span>
            ) : null}
            {link.tags.length > 0 ? (
              <ul className="flex flex-wrap items-center gap-1" aria-label="Tags">
                {shownTags.map((tag, i) => (
                  // A phone's narrow row shows two tags, a wider screen three.
                  <li key={tag} className={i === ROW_TAGS - 1 ? "max-sm:hidden" : undefined}>
                    {onTag ? (
                      // The mouse's shortcut to the tag's links; a keyboard filters from the sidebar or search.
                      <button
                        type="button"
                        tabIndex={-1}
                        onClick={() => onTag(tag)}
                        aria-label={`Show links tagged ${tag}`}
                        className="tag-chip"
                      >
                        {`#${tag}`}
                      </button>
                    ) : (
                      <span className="tag-chip">{`#${tag}`}</span>
                    )}
                  </li>
                ))}
                {moreTags > 0 ? (
                  <li className="text-xs text-slate-600 max-sm:hidden dark:text-slate-400" title={link.tags.slice(ROW_TAGS).map((tag) => `#${tag}`).join(" ")}>
                    +{moreTags}
                    <span className="sr-only"> more tags</span>
                  </li>
                ) : null}
                {link.tags.length >= ROW_TAGS ? (
                  <li className="text-xs text-slate-600 sm:hidden dark:text-slate-400" title={link.tags.slice(ROW_TAGS - 1).map((tag) => `#${tag}`).join(" ")}>
                    +{moreTags + 1}
                    <span className="sr-only"> more tags</span>
                  </li>
                ) : null}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      {/* Shown on hover or focus where there is a mouse; always on touch screens, which have no hover. */}
      <RowMenu
        label={`Actions for ${name}`}
        items={actions}
        className="row-actions -my-1 shrink-0"
      />
    </li>
  );
}
