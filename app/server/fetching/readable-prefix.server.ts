import { hasChildren, isTag, isText, type AnyNode, type Element, type ParentNode } from "domhandler";
import { UNSEEN_TAGS, hasNoiseMarks, pushChildren, squash, textOf } from "./dom-walk.server";
import { CUT_LAST_MARK, CUT_MARK_PREFIX, CUT_OPEN_MARK, readableContent, type ReadableContent } from "./reader-view.server";

/**
 * Readability decides which element is the article from the page's first this-many characters of
 * prose (visible text outside links and outside what surrounds an article: navigation, headers,
 * footers, sidebars and the like, see `UNCOUNTED`); a longer page is given to it only up to the
 * end of the block where that much prose is reached, and the rest of the chosen element is read on
 * from the htmlparser2 tree that `parsePage` already has (decision 034). Readability's cost grows
 * with what it is given (about 0.07 ms a KB), while its choice is made from the first hundred
 * paragraphs or so: a long article is 10–20k characters and the enrichers read its first 6,000.
 * Menus and sidebars do not count, so a page whose article starts after 50,000 characters of
 * links is still cut inside its article, not before it.
 */
export const READABLE_PREFIX_CHARS = 20_000;

/** The longest article HTML kept for the reader view (link_articles' check says the same); a longer one shows as text. */
export const ARTICLE_HTML_MAX_CHARS = 500_000;

/** Not counted towards the cut: what is never shown, links, and what surrounds an article. */
const UNCOUNTED = new Set([...UNSEEN_TAGS, "a", "nav", "header", "footer", "aside", "button", "select", "form"]);

/** The page is cut after one of these, never inside (the outermost one holding the text where the cut falls). */
const CUT_BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "ul", "ol", "dl", "table", "figure"]);

/** A page given to Readability only up to a cut, and how to find its place again. */
export interface PrefixCut {
  /** The page up to the cut, each element open there marked with its depth, the last block before it marked too. */
  html: string;
  /** The elements open at the cut in the htmlparser2 tree, outermost first (the index the mark carries). */
  open: Element[];
  /** The block the cut comes after. */
  last: AnyNode;
  /** Where the rest of the page starts in the page's source. */
  end: number;
}

/** The first text node past `maxChars` characters of prose under `root`, or null for a shorter page. */
function textNodePast(root: ParentNode, maxChars: number): AnyNode | null {
  let chars = 0;
  const stack: AnyNode[] = [];
  pushChildren(stack, root.children);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      chars += node.data.trim().length;
      if (chars > maxChars) return node;
    } else if (isTag(node) && (UNCOUNTED.has(node.name) || hasNoiseMarks(node))) continue;
    else if (hasChildren(node)) pushChildren(stack, node.children);
  }
  return null;
}

/**
 * The page cut after the block where its prose under `root` (the <body>) passes
 * `maxChars`, or null when the page is shorter or the cut would keep nearly all of it.
 * `root` must come from a parse of `html` with start and end indices.
 */
export function cutPage(html: string, root: ParentNode, maxChars = READABLE_PREFIX_CHARS): PrefixCut | null {
  // A page that carries our marks itself could not be told from them: it is read whole.
  if (html.includes(CUT_MARK_PREFIX)) return null;
  const past = textNodePast(root, maxChars);
  if (!past) return null;
  let last: AnyNode = past;
  for (let node = past.parent; node && node !== root; node = node.parent) {
    if (isTag(node) && CUT_BLOCKS.has(node.name)) last = node;
  }
  // An element closed by the next tag (`<p>one<p>two`) ends, by htmlparser2's count, after that tag.
  const end = last.next?.startIndex ?? (last.endIndex === null ? null : last.endIndex + 1);
  if (end === null || end >= html.length) return null;
  const open: Element[] = [];
  for (let node = last.parent; node && isTag(node); node = node.parent) open.unshift(node);
  // Marks go in right after each start tag's name, front to back.
  const marks: Array<[number, string]> = open.map((element, i) => [element.startIndex!, ` ${CUT_OPEN_MARK}="${i}"`]);
  if (isTag(last)) marks.push([last.startIndex!, ` ${CUT_LAST_MARK}=""`]);
  const parts: string[] = [];
  let from = 0;
  for (const [start, mark] of marks) {
    const name = (isTag(last) && start === last.startIndex ? last : open.find((e) => e.startIndex === start)!).name;
    const at = start + 1 + name.length;
    if (html.slice(start + 1, at).toLowerCase() !== name) continue;
    parts.push(html.slice(from, at), mark);
    from = at;
  }
  parts.push(html.slice(from, end));
  return { html: parts.join(""), open, last, end };
}

/** Elements that make their parent a container of blocks rather than a paragraph of its own. */
const BLOCK_LEVEL = new Set([...CUT_BLOCKS, "div", "section", "article", "main", "header", "footer", "nav", "aside", "form", "hr", "li", "details"]);
/** What the rest is read as, as `blocksOf` reads Readability's result: blocks, code kept apart. */
const TEXT_BLOCKS = new Set(["p", "blockquote", "td", "th", "dd", "dt", "figcaption", "caption"]);
const HEADING = /^h[1-6]$/;
/** Left out of the rest: code (kept apart), what is never shown, and what surrounds an article. */
const SKIP = new Set(["pre", ...UNSEEN_TAGS, "svg", "button", "form", "select", "iframe", "nav", "header", "footer", "aside"]);

/** Noise as the heuristic marks it, and what the page hides. */
function isNoise(element: Element): boolean {
  return hasNoiseMarks(element) || element.attribs.hidden !== undefined;
}

const isList = (node: AnyNode): boolean => isTag(node) && (node.name === "ul" || node.name === "ol");

/** One list's items, one line each, nested items indented (as `listLines` does on Readability's result). */
function listLines(list: Element, depth: number, lines: string[]) {
  const start = list.name === "ol" ? Number.parseInt(list.attribs.start ?? "1", 10) : 1;
  let number = Number.isFinite(start) ? start : 1;
  for (const item of list.children) {
    if (!isTag(item) || item.name !== "li" || isNoise(item)) continue;
    const own = squash(item.children.map((child) => (isList(child) || (isTag(child) && SKIP.has(child.name)) ? "" : textOf(child, SKIP))).join(""));
    if (own) lines.push(`${"  ".repeat(depth)}${list.name === "ol" ? `${number++}.` : "-"} ${own}`);
    for (const child of item.children) if (isList(child)) listLines(child as Element, Math.min(depth + 1, 4), lines);
  }
}

/**
 * The blocks of `container` that start at or after `end` in the source, in document order: what
 * Readability would have kept of the rest of the element it chose. Noise, code and what is never
 * shown stay out; an element holding only inline content is one block (Readability makes such a
 * <div> a paragraph). Stops once `maxChars` of text are read.
 */
export function blocksAfter(container: Element, end: number, maxChars: number): { blocks: string[]; headings: string[] } {
  const blocks: string[] = [];
  const headings: string[] = [];
  let chars = 0;
  const add = (text: string) => {
    blocks.push(text);
    chars += text.length + 2;
  };
  const stack: AnyNode[] = [];
  pushChildren(stack, container.children);
  while (stack.length > 0 && chars < maxChars) {
    const node = stack.pop()!;
    if (node.endIndex !== null && node.endIndex < end) continue;
    const after = node.startIndex !== null && node.startIndex >= end;
    if (isText(node)) {
      const text = after ? squash(node.data) : "";
      if (text) add(text);
      continue;
    }
    if (!isTag(node)) continue;
    // An element open at the cut holds both sides of it: only its children can be taken or left.
    if (!after) {
      pushChildren(stack, node.children);
      continue;
    }
    if (SKIP.has(node.name) || isNoise(node)) continue;
    if (HEADING.test(node.name)) {
      const text = squash(textOf(node, SKIP));
      if (text) {
        headings.push(text);
        add(`${"#".repeat(Number(node.name[1]))} ${text}`);
      }
    } else if (isList(node)) {
      const lines: string[] = [];
      listLines(node, 0, lines);
      if (lines.length) add(lines.join("\n"));
    } else if (TEXT_BLOCKS.has(node.name) || !node.children.some((child) => isTag(child) && BLOCK_LEVEL.has(child.name))) {
      const text = squash(textOf(node, SKIP));
      if (text) add(text);
    } else {
      pushChildren(stack, node.children);
    }
  }
  return { blocks, headings };
}

/** An element's own HTML in the page's source (parsed with indices), or null when it has none or is too long to keep. */
export function sourceOf(html: string, element: Element, maxChars = ARTICLE_HTML_MAX_CHARS): string | null {
  if (element.startIndex === null || element.endIndex === null) return null;
  const length = element.endIndex + 1 - element.startIndex;
  return length > 0 && length <= maxChars ? html.slice(element.startIndex, element.endIndex + 1) : null;
}

/**
 * Readability's main content of a page; a page longer than `maxChars` of prose is read by
 * it up to a cut, and the element it chose is read on past the cut (see `READABLE_PREFIX_CHARS`).
 * `root` is the page's <body> (or document) parsed from `html` with source indices.
 */
export function readablePage(html: string, root: ParentNode, maxTextChars: number, maxChars = READABLE_PREFIX_CHARS): ReadableContent | null {
  const cut = cutPage(html, root, maxChars);
  if (!cut) return readableContent(html);
  const readable = readableContent(cut.html, true);
  if (!readable || readable.openAtCut === null) return readable;
  // The article holds an element that was open at the cut (the outermost such is the one it
  // chose), or only the last block before it (its parent was the <body>, which Readability
  // replaces with a <div> of the same children).
  const container = readable.openAtCut === "last" ? cut.last.parent : cut.open[readable.openAtCut];
  if (!container || !isTag(container)) return readable;
  // The reader view shows the whole element, as the page has it (a slice of the source, no serialising).
  const whole = sourceOf(html, container) ?? readable.html;
  const rest = blocksAfter(container, cut.end, maxTextChars - readable.text.length);
  if (rest.blocks.length === 0) return { ...readable, html: whole };
  // One join, not a concatenation: a flat string, which the word count and the copy to the main thread read faster.
  return { ...readable, html: whole, text: [readable.text, ...rest.blocks].join("\n\n"), headings: [...readable.headings, ...rest.headings] };
}
