import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { PublicLink } from "~/lib/links";
import { isTyping } from "~/lib/list-keys";
import {
  READER_FONT_SIZES,
  READER_FONT_SIZE_LABELS,
  READER_WIDTHS,
  READER_WIDTH_LABELS,
  minutesLeft,
  type ReaderArticle,
  type ReaderSettings,
} from "~/lib/reader";
import { hostOf } from "../favicon";
import { ExternalLinkIcon } from "../icons";
import { LocalTime } from "../local-time";
import { HighlightEditor, HighlightList, SelectionToolbar, useHighlights } from "./highlights";
import { AddKeyTermsToReview } from "./review-cards";
import { TextArticle } from "./text-article";

/** The position is saved this long after the reader stops scrolling. */
export const POSITION_SAVE_DELAY_MS = 800;
/** Space scrolls a window's height less this much, so the line read last stays in sight. */
const SCROLL_OVERLAP_PX = 80;
/** Read this far down, the article counts as read to the end: the link is marked read (issue 35). */
const READ_TO_END = 0.98;
/** Space and Shift+Space are left to what has the focus when it uses them itself. */
const USES_SPACE = "button, summary, select, input, textarea, [role='button'], [role='menuitem'], [role='checkbox'], [role='switch']";

/** How far down the page the reader is, 0..1; null when the whole page fits the window. */
function scrollProgress(): number | null {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return max > 0 ? Math.min(1, Math.max(0, window.scrollY / max)) : null;
}

const selectClass =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/**
 * The reader view (decision 055): the article in a readable column, the owner's place in it kept
 * as they scroll and restored when they come back, and keys: Space / Shift+Space a screen down or
 * up, `o` the original in a new tab, `m` mark read (or unread again). Reading to the end marks the
 * link read once, unless the owner has marked it unread on this page.
 */
export function ReaderView({ article, canReview = false }: { article: ReaderArticle; canReview?: boolean }) {
  const [settings, setSettings] = useState<ReaderSettings>(article.settings);
  const [progress, setProgress] = useState(article.progress);
  const [message, setMessage] = useState<string | null>(null);
  const [readAt, setReadAt] = useState(article.readAt);
  // Once read to the end (or marked either way here), scrolling never marks it again.
  const readDecided = useRef(article.readAt !== null || article.progress >= READ_TO_END);
  const restored = useRef(false);
  const pending = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const host = hostOf(article.url) || "the original";
  const articleRef = useRef<HTMLDivElement>(null);
  const highlights = useHighlights({ linkId: article.id, initial: article.highlights, article: articleRef });

  const save = useCallback(
    (value: number) => {
      pending.current = null;
      // keepalive: a save still on its way when the page is left (or reloaded) is not cancelled.
      void fetch(`/api/links/${article.id}/reading-position`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ progress: value }),
        keepalive: true,
      }).catch(() => undefined);
    },
    [article.id],
  );

  // Back where the reader left off: once, after the first paint, before any position is saved.
  useEffect(() => {
    if (article.progress > 0) {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      if (max > 0) window.scrollTo({ top: Math.round(article.progress * max), behavior: "instant" });
    }
    restored.current = true;
  }, [article.progress]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (!restored.current || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const value = scrollProgress();
        if (value === null) return;
        setProgress(value);
        pending.current = value;
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => save(value), POSITION_SAVE_DELAY_MS);
      });
    };
    const flush = () => {
      if (timer.current) clearTimeout(timer.current);
      if (pending.current !== null) save(pending.current);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", flush);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", flush);
      // Leaving for another page of the app: the last position is saved now.
      flush();
    };
  }, [save]);

  /** The owner's read state (decision 056), by PATCH /api/links/{id}. */
  const setRead = useCallback(
    async (read: boolean) => {
      readDecided.current = true;
      try {
        const link = await apiFetch<PublicLink>(`/api/links/${article.id}`, { method: "PATCH", body: { read } });
        setReadAt(link.readAt);
        setMessage(read ? "Marked as read." : "Marked as unread.");
      } catch (error) {
        setMessage(error instanceof ApiError ? error.message : "Could not change the read state. Please try again.");
      }
    },
    [article.id],
  );
  const toggleRead = useCallback(() => void setRead(readAt === null), [readAt, setRead]);

  // Read to the end: marked read once.
  useEffect(() => {
    if (progress >= READ_TO_END && !readDecided.current) void setRead(true);
  }, [progress, setRead]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === " ") {
        if (event.target instanceof Element && event.target.closest(USES_SPACE)) return;
        event.preventDefault();
        const step = Math.max(window.innerHeight - SCROLL_OVERLAP_PX, 40);
        window.scrollBy({ top: event.shiftKey ? -step : step });
      } else if (event.key === "o" && !event.shiftKey) {
        event.preventDefault();
        window.open(article.url, "_blank", "noopener,noreferrer");
      } else if (event.key === "m" && !event.shiftKey) {
        event.preventDefault();
        toggleRead();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [article.url, toggleRead]);

  const choose = async (next: ReaderSettings) => {
    setSettings(next);
    try {
      await apiFetch("/api/preferences/reader", { method: "PUT", body: next });
    } catch {
      setMessage("Could not save the reading settings. They apply to this page only.");
    }
  };

  const left = minutesLeft(article.readingMinutes, progress);
  const facts = [article.siteName ?? hostOf(article.url), article.byline].filter(Boolean).join(" · ");

  return (
    <div className="container-page py-6 sm:py-8" data-testid="reader">
      <div className="reader-column flex flex-wrap items-center justify-between gap-2 text-sm" data-width={settings.width}>
        <Link to="/dashboard" className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
          <span aria-hidden>←</span> Back to links
        </Link>
        <details className="relative">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-2 font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">Reading settings</summary>
          <div className="absolute right-0 z-20 mt-1 flex w-56 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            <SettingSelect label="Text size" value={settings.fontSize} options={READER_FONT_SIZES} labels={READER_FONT_SIZE_LABELS} onChange={(fontSize) => void choose({ ...settings, fontSize })} />
            <SettingSelect label="Line length" value={settings.width} options={READER_WIDTHS} labels={READER_WIDTH_LABELS} onChange={(width) => void choose({ ...settings, width })} />
            <p className="text-xs text-slate-600 dark:text-slate-400">Keys: Space and Shift+Space scroll, o opens the original, m marks it read, h highlights the selected text, n adds a note to it (or edits the focused highlight); with no selection, j and k choose a passage for h and n.</p>
          </div>
        </details>
      </div>

      <article className="reader-column mt-4" data-width={settings.width} data-font={settings.fontSize} aria-labelledby="reader-title">
        <header className="font-sans">
          <h1 id="reader-title" className="text-[1.75em] font-bold leading-tight tracking-tight text-slate-900 dark:text-white">
            {article.title}
          </h1>
          <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-[0.8em] text-slate-600 dark:text-slate-300">
            {facts ? <span>{facts}</span> : null}
            {article.publishedAt ? <LocalTime when={article.publishedAt} style="date" /> : null}
            {left !== null ? <span data-testid="minutes-left">{left === 0 ? "Finished" : `${left} min left`}</span> : null}
          </p>
          <p className="mt-2 text-[0.8em]">
            <a href={article.url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center gap-1 font-medium text-brand-700 underline dark:text-brand-300">
              Open on {host} <ExternalLinkIcon />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </p>
        </header>
        {highlights.message ? (
          <p role="status" className="mt-3 rounded-lg bg-slate-100 px-3 py-2 font-sans text-[0.8em] dark:bg-slate-800" data-testid="highlight-status">
            {highlights.message}
          </p>
        ) : null}
        {message ? (
          <p role="status" className="mt-3 rounded-lg bg-slate-100 px-3 py-2 font-sans text-[0.8em] dark:bg-slate-800">
            {message}
          </p>
        ) : (
          <p role="status" className="sr-only" />
        )}
        {article.leadImage ? (
          <figure className="reader-article mt-6">
            <img src={article.leadImage} alt="" className="w-full" />
          </figure>
        ) : null}
        {article.html ? (
          // Sanitised on the server against an allow-list (app/server/reader/article-html.server.ts).
          <div ref={articleRef} className="reader-article mt-6" data-testid="reader-article" dangerouslySetInnerHTML={{ __html: article.html }} />
        ) : article.text ? (
          <div ref={articleRef} className="reader-article mt-6" data-testid="reader-article">
            <p className="font-sans text-[0.8em] text-slate-600 dark:text-slate-400">We kept this page as text only: its layout, pictures and links are on the original.</p>
            <TextArticle text={article.text} />
          </div>
        ) : (
          <div className="reader-article mt-6" data-testid="reader-article">
            <p>We could not keep this page&apos;s text. You can read it on the original.</p>
          </div>
        )}
        <HighlightList state={highlights} linkId={article.id} isPublic={article.isPublic} shared={article.shareHighlights} canReview={canReview} />
        <footer className="mt-10 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 font-sans text-[0.8em] dark:border-slate-700">
          <a href={article.url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 px-3 font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800">
            Open the original <ExternalLinkIcon />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <button type="button" onClick={toggleRead} aria-keyshortcuts="m" className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800">
            {readAt === null ? "Mark as read" : "Mark as unread"}
          </button>
          {canReview ? <AddKeyTermsToReview linkId={article.id} /> : null}
        </footer>
      </article>
      <SelectionToolbar state={highlights} />
      <HighlightEditor state={highlights} />
    </div>
  );
}

/** One reading setting: a labelled choice among its values. */
function SettingSelect<T extends string>({ label, value, options, labels, onChange }: { label: string; value: T; options: readonly T[]; labels: Record<T, string>; onChange: (value: T) => void }) {
  return (
    <label className="flex flex-col gap-1">
      <span className="font-medium">{label}</span>
      <select className={selectClass} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
