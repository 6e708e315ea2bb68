import { useCallback, useEffect, useId, useRef, useState, type RefObject } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import { AddHighlightToReview } from "./review-cards";
import { anchorAll, quoteAt, trimRange, type TextQuote, type TextRange } from "~/lib/highlight-anchor";
import { HIGHLIGHT_COLOUR_LABELS, HIGHLIGHT_NOTE_MAX, HIGHLIGHT_SWATCH_CLASS, type PublicHighlight } from "~/lib/highlights";
import { isTyping } from "~/lib/list-keys";
import { HIGHLIGHT_COLOURS, type HighlightColour } from "~/lib/vocabulary";
import { useModalDialog } from "../admin/use-modal-dialog";
import { buttonClass } from "../ui";

/**
 * Highlights and notes in the reader (decision 060). The article's text (its element's
 * textContent) is what every position counts in: a selection becomes a text-quote selector
 * (highlight-anchor.ts), and each highlight is drawn back as <mark> elements wherever its quote is
 * found now; one whose quote is gone is listed as not placed, never lost.
 */

const MARK = "mark[data-highlight]";

/** The text nodes under `root` in document order, each with where it starts in root's text. */
function textNodes(root: Element): Array<{ node: Text; start: number }> {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Array<{ node: Text; start: number }> = [];
  let at = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, start: at });
    at += (node as Text).data.length;
  }
  return nodes;
}

function unpaint(root: Element) {
  for (const mark of [...root.querySelectorAll(MARK)]) mark.replaceWith(...mark.childNodes);
  root.normalize();
}

function shorten(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Wraps text[range] in marks (one per text node it crosses); the first is the one focus and the keyboard reach. */
function paint(root: Element, highlight: PublicHighlight, range: TextRange) {
  let first = true;
  for (const { node, start } of textNodes(root)) {
    const end = start + node.data.length;
    if (end <= range.start || start >= range.end || node.data.length === 0) continue;
    let target = node;
    const from = Math.max(range.start, start) - start;
    const to = Math.min(range.end, end) - start;
    if (from > 0) target = target.splitText(from);
    if (to - from < target.data.length) target.splitText(to - from);
    const mark = root.ownerDocument.createElement("mark");
    mark.dataset.highlight = highlight.id;
    mark.dataset.colour = highlight.colour;
    if (first) {
      mark.id = `highlight-${highlight.id}`;
      mark.tabIndex = 0;
      mark.setAttribute("role", "button");
      mark.setAttribute("aria-label", `${HIGHLIGHT_COLOUR_LABELS[highlight.colour]} highlight: ${shorten(highlight.exact)}${highlight.note ? `. Note: ${shorten(highlight.note)}` : ""}. Press Enter to edit.`);
      first = false;
    }
    target.replaceWith(mark);
    mark.append(target);
  }
}

/** The current selection as a range of root's text, or null when it is empty or not (wholly) in root. */
function selectedRange(root: Element): { range: TextRange; rect: DOMRect } | null {
  const selection = root.ownerDocument.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const picked = selection.getRangeAt(0);
  if (!root.contains(picked.startContainer) || !root.contains(picked.endContainer)) return null;
  const before = root.ownerDocument.createRange();
  before.setStart(root, 0);
  before.setEnd(picked.startContainer, picked.startOffset);
  const start = before.toString().length;
  const text = root.textContent ?? "";
  const range = trimRange(text, { start, end: start + picked.toString().length });
  return range ? { range, rect: picked.getBoundingClientRect() } : null;
}

const HIGHLIGHTS_TITLE_ID = "reader-highlights-title";

/** The article's passages a keyboard moves through with j and k: its innermost blocks of text. */
const PASSAGE = "p, li, blockquote, pre, h2, h3, h4, h5, h6, figcaption, dt, dd, th, td";

function passagesOf(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(PASSAGE)].filter((block) => !block.querySelector(PASSAGE) && block.textContent?.trim());
}

/** A whole passage as a text range of the article (what h or n acts on when nothing is selected). */
function passageRange(root: Element, block: Element): TextRange | null {
  const before = root.ownerDocument.createRange();
  before.setStart(root, 0);
  before.setEnd(block, 0);
  const start = before.toString().length;
  return trimRange(root.textContent ?? "", { start, end: start + (block.textContent ?? "").length });
}

type Editing = { kind: "existing"; id: string } | { kind: "new"; quote: TextQuote };

export function useHighlights({ linkId, initial, article }: { linkId: string; initial: PublicHighlight[]; article: RefObject<HTMLDivElement> }) {
  const [highlights, setHighlights] = useState(initial);
  const [placed, setPlaced] = useState<Set<string>>(new Set());
  const [toolbar, setToolbar] = useState<{ range: TextRange; top: number; left: number } | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const focusListOnClose = useRef(false);
  // Runs after the editor's own effect has closed its dialog (a child's effects run first), so
  // the browser's return of the focus to the deleted highlight is over: no frame counting.
  useEffect(() => {
    if (editing !== null || !focusListOnClose.current) return;
    focusListOnClose.current = false;
    document.getElementById(HIGHLIGHTS_TITLE_ID)?.focus();
  }, [editing]);
  const [message, setMessage] = useState<string | null>(null);

  // Draw the highlights wherever their quotes are now; what cannot be placed is listed.
  useEffect(() => {
    const root = article.current;
    if (!root) return;
    unpaint(root);
    const text = root.textContent ?? "";
    const anchored = anchorAll(text, highlights);
    for (const { quote, range } of anchored) if (range) paint(root, quote, range);
    setPlaced(new Set(anchored.filter((entry) => entry.range).map((entry) => entry.quote.id)));
  }, [highlights, article]);

  // After the marks are drawn, a link to one (#highlight-{id}) scrolls to it and focuses it.
  useEffect(() => {
    const hash = window.location.hash;
    if (!hash.startsWith("#highlight-")) return;
    const mark = document.getElementById(hash.slice(1));
    if (mark) {
      mark.scrollIntoView({ block: "center" });
      mark.focus({ preventScroll: true });
    }
    // Only once, on arrival.
  }, []);

  const readSelection = useCallback(() => {
    const root = article.current;
    const found = root ? selectedRange(root) : null;
    if (!found) {
      setToolbar(null);
      return null;
    }
    const width = 300;
    const left = Math.min(Math.max(8, found.rect.left + found.rect.width / 2 - width / 2), window.innerWidth - width - 8);
    const top = found.rect.top > 64 ? found.rect.top - 56 : found.rect.bottom + 8;
    setToolbar({ range: found.range, top: Math.max(8, top), left: Math.max(8, left) });
    return found.range;
  }, [article]);

  useEffect(() => {
    let frame = 0;
    const onChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => readSelection());
    };
    document.addEventListener("selectionchange", onChange);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("selectionchange", onChange);
    };
  }, [readSelection]);

  const create = useCallback(
    async (range: TextRange, colour: HighlightColour, note: string | null = null) => {
      const root = article.current;
      if (!root) return;
      const quote = quoteAt(root.textContent ?? "", range);
      try {
        const made = await apiFetch<PublicHighlight>(`/api/links/${linkId}/highlights`, { method: "POST", body: { ...quote, colour, note } });
        document.getSelection()?.removeAllRanges();
        setToolbar(null);
        setHighlights((now) => [...now, made]);
        setMessage(note ? "Highlighted, with your note." : "Highlighted.");
      } catch (error) {
        setMessage(error instanceof ApiError ? error.message : "Could not save the highlight. Please try again.");
      }
    },
    [article, linkId],
  );

  const openNoteForSelection = useCallback(
    (range: TextRange) => {
      const root = article.current;
      if (!root) return;
      setEditing({ kind: "new", quote: quoteAt(root.textContent ?? "", range) });
    },
    [article],
  );

  const save = useCallback(
    async (target: Editing, colour: HighlightColour, note: string) => {
      try {
        if (target.kind === "new") {
          const made = await apiFetch<PublicHighlight>(`/api/links/${linkId}/highlights`, { method: "POST", body: { ...target.quote, colour, note } });
          document.getSelection()?.removeAllRanges();
          setToolbar(null);
          setHighlights((now) => [...now, made]);
        } else {
          const changed = await apiFetch<PublicHighlight>(`/api/highlights/${target.id}`, { method: "PATCH", body: { colour, note } });
          setHighlights((now) => now.map((highlight) => (highlight.id === changed.id ? changed : highlight)));
        }
        setEditing(null);
        setMessage(note.trim() ? "Note saved." : "Highlight saved.");
      } catch (error) {
        setMessage(error instanceof ApiError ? error.message : "Could not save. Please try again.");
      }
    },
    [linkId],
  );

  const remove = useCallback(async (id: string) => {
    try {
      await apiFetch(`/api/highlights/${id}`, { method: "DELETE" });
      setHighlights((now) => now.filter((highlight) => highlight.id !== id));
      setEditing(null);
      setMessage("Highlight deleted.");
      // The dialog gives the focus back to the highlight it was opened from, which is gone: once it
      // has closed, the keyboard goes on from the page's highlight list (the effect below).
      focusListOnClose.current = true;
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : "Could not delete the highlight. Please try again.");
    }
  }, []);

  // Without a mouse there is often no selection: j and k move through the passages, shown with an
  // outline, and h or n then act on the whole passage (as Readwise's focus paragraph does).
  const passage = useRef<HTMLElement | null>(null);
  const movePassage = useCallback(
    (step: 1 | -1) => {
      const root = article.current;
      if (!root) return;
      const blocks = passagesOf(root);
      if (blocks.length === 0) return;
      let index = passage.current ? blocks.indexOf(passage.current) : -1;
      if (index === -1) {
        // The first move starts from the first passage on screen.
        const first = blocks.findIndex((block) => block.getBoundingClientRect().bottom > 0);
        index = step === 1 ? Math.max(first, 0) : Math.max(first - 1, 0);
      } else index = Math.min(Math.max(index + step, 0), blocks.length - 1);
      passage.current?.removeAttribute("data-passage");
      const block = blocks[index]!;
      block.setAttribute("data-passage", "");
      passage.current = block;
      block.scrollIntoView({ block: "nearest" });
      setMessage(`Passage ${index + 1} of ${blocks.length}: h highlights it, n adds a note.`);
    },
    [article],
  );

  // Keys: h highlights the selection (or the passage j/k chose); n adds a note to it, or edits the
  // focused highlight; Enter or Space on a highlight edits it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || editing) return;
      const focused = event.target instanceof Element ? event.target.closest<HTMLElement>(MARK) : null;
      if (focused && (event.key === "Enter" || event.key === " " || event.key === "n")) {
        event.preventDefault();
        setEditing({ kind: "existing", id: focused.dataset.highlight! });
        return;
      }
      if ((event.key === "j" || event.key === "k") && !event.shiftKey) {
        event.preventDefault();
        movePassage(event.key === "j" ? 1 : -1);
        return;
      }
      if ((event.key === "h" || event.key === "n") && !event.shiftKey) {
        const root = article.current;
        const chosen = root && passage.current && root.contains(passage.current) ? passageRange(root, passage.current) : null;
        const range = (root ? selectedRange(root)?.range : null) ?? chosen;
        if (!range) return;
        event.preventDefault();
        if (event.key === "h") void create(range, "yellow");
        else openNoteForSelection(range);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [article, create, editing, movePassage, openNoteForSelection]);

  // A click on a highlight edits it (unless the click made a selection).
  useEffect(() => {
    const root = article.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const mark = event.target instanceof Element ? event.target.closest<HTMLElement>(MARK) : null;
      // A highlighted link still opens: its highlight is reached by Tab and Enter.
      if (!mark || mark.closest("a") || !document.getSelection()?.isCollapsed) return;
      setEditing({ kind: "existing", id: mark.dataset.highlight! });
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, [article]);

  return { highlights, placed, toolbar, editing, setEditing, message, create, openNoteForSelection, save, remove };
}

type Highlights = ReturnType<typeof useHighlights>;

/** The small toolbar over a selection: a button per colour, and Note. */
export function SelectionToolbar({ state }: { state: Highlights }) {
  const { toolbar } = state;
  if (!toolbar || state.editing) return null;
  return (
    <div
      role="toolbar"
      aria-label="Highlight the selection"
      data-testid="highlight-toolbar"
      className="fixed z-30 flex items-center gap-1 rounded-xl border border-slate-200 bg-white p-1 font-sans text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      style={{ top: toolbar.top, left: toolbar.left }}
      // Pressing a button must not drop the selection it acts on.
      onMouseDown={(event) => event.preventDefault()}
    >
      {HIGHLIGHT_COLOURS.map((colour) => (
        <button
          key={colour}
          type="button"
          aria-label={`Highlight ${HIGHLIGHT_COLOUR_LABELS[colour].toLowerCase()}`}
          title={`Highlight ${HIGHLIGHT_COLOUR_LABELS[colour].toLowerCase()}`}
          aria-keyshortcuts={colour === "yellow" ? "h" : undefined}
          onClick={() => void state.create(toolbar.range, colour)}
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span aria-hidden className={`h-6 w-6 rounded-full border border-slate-400 ${HIGHLIGHT_SWATCH_CLASS[colour]}`} />
        </button>
      ))}
      <button type="button" aria-keyshortcuts="n" onClick={() => state.openNoteForSelection(toolbar.range)} className="inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800">
        Note
      </button>
    </div>
  );
}

/** Edits a highlight's colour and note (or a new one's, before it is saved), and deletes it. */
export function HighlightEditor({ state }: { state: Highlights }) {
  const id = useId();
  const { editing } = state;
  const current = editing?.kind === "existing" ? state.highlights.find((highlight) => highlight.id === editing.id) : undefined;
  const exact = editing?.kind === "new" ? editing.quote.exact : current?.exact ?? "";
  const [colour, setColour] = useState<HighlightColour>("yellow");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const { dialog, initialFocus } = useModalDialog<HTMLTextAreaElement>(editing !== null);
  const opened = useRef<Editing | null>(null);
  if (editing !== opened.current) {
    opened.current = editing;
    setColour(current?.colour ?? "yellow");
    setNote(current?.note ?? "");
  }
  const close = () => {
    state.setEditing(null);
    // Back to the highlight the editor was opened from.
    if (current) requestAnimationFrame(() => document.getElementById(`highlight-${current.id}`)?.focus());
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      data-testid="highlight-editor"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="w-[min(30rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form
        className="flex flex-col gap-3 p-5 font-sans"
        onSubmit={(event) => {
          event.preventDefault();
          if (editing && !busy) void run(() => state.save(editing, colour, note));
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {editing?.kind === "new" ? "Add a note" : "Edit highlight"}
        </h2>
        <blockquote className="max-h-32 overflow-auto border-l-4 border-slate-300 pl-3 text-sm text-slate-700 dark:border-slate-600 dark:text-slate-300">{shorten(exact, 400)}</blockquote>
        <fieldset>
          <legend className="text-sm font-medium">Colour</legend>
          <div className="mt-1 flex flex-wrap gap-1">
            {HIGHLIGHT_COLOURS.map((option) => (
              <label key={option} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm has-[:checked]:bg-slate-100 dark:has-[:checked]:bg-slate-800">
                <input type="radio" name={`${id}-colour`} value={option} checked={colour === option} onChange={() => setColour(option)} />
                <span aria-hidden className={`h-4 w-4 rounded-full border border-slate-400 ${HIGHLIGHT_SWATCH_CLASS[option]}`} />
                {HIGHLIGHT_COLOUR_LABELS[option]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Note</span>
          <textarea
            ref={initialFocus}
            value={note}
            maxLength={HIGHLIGHT_NOTE_MAX}
            rows={4}
            onChange={(event) => setNote(event.target.value)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
        </label>
        <div className="flex flex-wrap justify-end gap-2">
          {current ? (
            <button type="button" className={`${buttonClass("secondary", "sm")} mr-auto`} onClick={() => void run(() => state.remove(current.id))}>
              Delete highlight
            </button>
          ) : null}
          <button type="button" className={buttonClass("secondary", "sm")} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass("primary", "sm")} aria-busy={busy || undefined}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** "Highlights in this page": every highlight in the article's order, and those that could not be placed. */
export function HighlightList({ state, linkId, isPublic, shared, canReview = false }: { state: Highlights; linkId: string; isPublic: boolean; shared: boolean; canReview?: boolean }) {
  const { highlights, placed } = state;
  const [showOnShare, setShowOnShare] = useState(shared);
  const [shareError, setShareError] = useState<string | null>(null);
  if (highlights.length === 0) return null;
  const toggleShare = async (show: boolean) => {
    setShowOnShare(show);
    setShareError(null);
    try {
      await apiFetch(`/api/links/${linkId}/highlights/sharing`, { method: "PUT", body: { show } });
    } catch (error) {
      setShowOnShare(!show);
      setShareError(error instanceof ApiError ? error.message : "Could not change this. Please try again.");
    }
  };
  const here = highlights.filter((highlight) => placed.has(highlight.id));
  const lost = highlights.filter((highlight) => !placed.has(highlight.id));
  return (
    <section aria-labelledby={HIGHLIGHTS_TITLE_ID} className="mt-10 border-t border-slate-200 pt-4 font-sans text-[0.8em] dark:border-slate-700" data-testid="highlight-list">
      <h2 id={HIGHLIGHTS_TITLE_ID} tabIndex={-1} className="text-[1.2em] font-semibold text-slate-900 outline-none dark:text-white">
        Highlights in this page ({highlights.length})
      </h2>
      <label className="mt-2 flex min-h-11 items-center gap-2 text-slate-700 dark:text-slate-300">
        <input type="checkbox" checked={showOnShare} onChange={(event) => void toggleShare(event.target.checked)} />
        Show these highlights and notes on the public share page{isPublic ? "" : " (when you share this link)"}
      </label>
      {shareError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {shareError}
        </p>
      ) : null}
      <ul className="mt-2 flex flex-col gap-2">
        {here.map((highlight) => (
          <li key={highlight.id} className="flex items-start gap-2">
            <span aria-hidden className={`mt-1.5 h-3 w-3 shrink-0 rounded-full ${HIGHLIGHT_SWATCH_CLASS[highlight.colour]}`} />
            <div className="min-w-0">
              <a href={`#highlight-${highlight.id}`} onClick={(event) => {
                event.preventDefault();
                const mark = document.getElementById(`highlight-${highlight.id}`);
                mark?.scrollIntoView({ block: "center" });
                mark?.focus({ preventScroll: true });
              }} className="inline-flex min-h-6 items-center text-slate-800 underline dark:text-slate-100">
                {shorten(highlight.exact, 140)}
              </a>
              {highlight.note ? <p className="text-slate-600 dark:text-slate-300">{highlight.note}</p> : null}
              {canReview ? <AddHighlightToReview highlightId={highlight.id} /> : null}
            </div>
          </li>
        ))}
      </ul>
      {lost.length ? (
        <>
          <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">Could not place ({lost.length})</h3>
          <p className="text-slate-600 dark:text-slate-300">The article changed since you made these; they are kept here.</p>
          <ul className="mt-2 flex flex-col gap-2" data-testid="unplaced-highlights">
            {lost.map((highlight) => (
              <li key={highlight.id} className="flex items-start gap-2">
                <span aria-hidden className={`mt-1.5 h-3 w-3 shrink-0 rounded-full ${HIGHLIGHT_SWATCH_CLASS[highlight.colour]}`} />
                <div className="min-w-0">
                  <button type="button" onClick={() => state.setEditing({ kind: "existing", id: highlight.id })} className="min-h-6 text-left text-slate-800 underline dark:text-slate-100">
                    {shorten(highlight.exact, 140)}
                  </button>
                  {highlight.note ? <p className="text-slate-600 dark:text-slate-300">{highlight.note}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
