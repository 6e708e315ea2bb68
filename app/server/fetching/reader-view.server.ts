import { createRequire } from "node:module";
import type * as ReadabilityModule from "@mozilla/readability";
import type * as Linkedom from "linkedom";
import { NOISE_CLASS, NOISE_ROLES } from "./noise.server";

// linkedom and Readability (about 0.3 s of CPU to load) are required on the first page read:
// the web server, which reads no pages, never loads them. Synchronously, as the parse is.
const require = createRequire(import.meta.url);
let libraries: { parseHTML: typeof Linkedom.parseHTML; Readability: typeof ReadabilityModule.Readability } | undefined;
function readerLibraries() {
  libraries ??= {
    parseHTML: (require("linkedom") as typeof Linkedom).parseHTML,
    Readability: (require("@mozilla/readability") as typeof ReadabilityModule).Readability,
  };
  return libraries;
}

/**
 * Mozilla's Readability (Firefox's Reader View) on linkedom, a DOM light enough for a parser
 * thread. It is only ever given a page that the depth-capped parse has already accepted (see
 * decision 009) and counted: a page with more elements than MAX_ELEMENTS is not given to it at
 * all (its own maxElemsToParse counts with `getElementsByTagName("*")`, which linkedom answers
 * with nothing), so its cost stays bounded; the heuristic reads such a page.
 */
export const MAX_ELEMENTS = 30_000;
/** Less main text than this and Readability "found nothing": the heuristic answers instead. */
export const MIN_READABLE_CHARS = 200;

export interface ReadableContent {
  /** Blocks separated by blank lines; the items of one list are one block, a line each ("- item"). */
  text: string;
  headings: string[];
  byline: string | null;
  siteName: string | null;
  publishedTime: string | null;
  /** The article's HTML as Readability chose and cleaned it (shown by the reader view, sanitised then; decision 055). */
  html: string;
  /**
   * For a page cut short (`readablePage`): the depth of the outermost element open at the cut
   * that the article holds, "last" when it holds only the last block before the cut, null when
   * it holds neither (the article ends before the cut) or the page was not cut.
   */
  openAtCut: number | "last" | null;
}

/** Attributes that mark, on a page cut short, the elements open at the cut and the block before it. */
export const CUT_MARK_PREFIX = "data-linkwise-";
export const CUT_OPEN_MARK = `${CUT_MARK_PREFIX}open`;
export const CUT_LAST_MARK = `${CUT_MARK_PREFIX}last`;

interface MarkedElement {
  getAttribute(name: string): string | null;
}
interface MarkedContent {
  querySelectorAll(selector: string): ArrayLike<MarkedElement>;
  querySelector(selector: string): unknown;
}

function openAtCut(content: MarkedContent): number | "last" | null {
  const open = content.querySelectorAll(`[${CUT_OPEN_MARK}]`);
  let outermost: number | null = null;
  for (let i = 0; i < open.length; i++) {
    const depth = Number(open[i]!.getAttribute(CUT_OPEN_MARK));
    if (Number.isInteger(depth) && (outermost === null || depth < outermost)) outermost = depth;
  }
  if (outermost !== null) return outermost;
  return content.querySelector(`[${CUT_LAST_MARK}]`) ? "last" : null;
}

/** The small part of the DOM this module walks (linkedom's nodes, typed loosely on purpose). */
interface WalkNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<WalkNode>;
  getAttribute?(name: string): string | null;
}

const ELEMENT = 1;
const HEADING = /^H[1-6]$/;
const BLOCKS = new Set(["P", "BLOCKQUOTE", "TD", "TH", "DD", "DT", "FIGCAPTION", "CAPTION"]);
/** Code is kept apart, with its language (see `ParsedPage.codeBlocks`); the text stays prose. */
const SKIP = new Set(["PRE", "SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "BUTTON", "FORM"]);

const squash = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

/** linkedom builds `childNodes` afresh on every read (a walk of the siblings): read it once. */
function children(node: WalkNode): WalkNode[] {
  return Array.from(node.childNodes);
}

/** Readability keeps some of what surrounds an article (a signature, "related" links): drop it. */
function isNoise(node: WalkNode): boolean {
  if (!node.getAttribute) return false;
  const role = node.getAttribute("role");
  return (
    NOISE_CLASS.test(node.getAttribute("class") ?? "") ||
    NOISE_CLASS.test(node.getAttribute("id") ?? "") ||
    (role !== null && NOISE_ROLES.has(role)) ||
    node.getAttribute("aria-hidden") === "true"
  );
}

interface NoiseElement {
  tagName: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): unknown;
  remove(): void;
}
interface NoiseDocument {
  querySelectorAll(selector: string): ArrayLike<NoiseElement>;
}

/** Never dropped whole, whatever their class says: a noisy word there would take the article with it. */
const KEEP = new Set(["HTML", "BODY", "MAIN", "ARTICLE"]);

/**
 * Drops consent walls, signatures, pagination and the like before Readability scores the page:
 * it turns small <div>s into <p>s and loses their classes, so afterwards they cannot be told.
 * An element holding the page's <h1> stays (a wrapper with an unlucky class name).
 */
function removeNoise(document: NoiseDocument) {
  const marked = document.querySelectorAll("[class],[id],[role],[aria-hidden]");
  const drop: NoiseElement[] = [];
  for (let i = 0; i < marked.length; i++) {
    const element = marked[i]!;
    if (!KEEP.has(element.tagName) && isNoise(element as unknown as WalkNode) && !element.querySelector("h1")) drop.push(element);
  }
  for (const element of drop) element.remove();
}

/** One list's items, one line each; a nested list's items follow their parent item, indented. */
function listLines(list: WalkNode, depth: number, lines: string[]) {
  // An ordered list's items keep their numbers (from its `start`), so steps stay steps in the stored text.
  const start = list.nodeName === "OL" ? Number.parseInt(list.getAttribute?.("start") ?? "1", 10) : 1;
  let number = Number.isFinite(start) ? start : 1;
  for (const item of children(list)) {
    if (item.nodeType !== ELEMENT || item.nodeName !== "LI" || isNoise(item)) continue;
    const own = children(item)
      .filter((child) => !(child.nodeType === ELEMENT && (child.nodeName === "UL" || child.nodeName === "OL" || SKIP.has(child.nodeName))))
      .map((child) => child.textContent ?? "")
      .join("");
    const text = squash(own);
    if (text) lines.push(`${"  ".repeat(depth)}${list.nodeName === "OL" ? `${number++}.` : "-"} ${text}`);
    for (const child of children(item)) {
      if (child.nodeType === ELEMENT && (child.nodeName === "UL" || child.nodeName === "OL")) listLines(child, Math.min(depth + 1, 4), lines);
    }
  }
}

/** The article's blocks in document order, walked with a stack (no recursion on the page's depth). */
function blocksOf(root: WalkNode): { blocks: string[]; headings: string[] } {
  const blocks: string[] = [];
  const headings: string[] = [];
  const stack: WalkNode[] = children(root).reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT || SKIP.has(node.nodeName) || isNoise(node)) continue;
    if (HEADING.test(node.nodeName)) {
      const text = squash(node.textContent);
      if (text) {
        headings.push(text);
        blocks.push(`${"#".repeat(Number(node.nodeName[1]))} ${text}`);
      }
    } else if (node.nodeName === "UL" || node.nodeName === "OL") {
      const lines: string[] = [];
      listLines(node, 0, lines);
      if (lines.length) blocks.push(lines.join("\n"));
    } else if (BLOCKS.has(node.nodeName)) {
      const text = squash(node.textContent);
      if (text) blocks.push(text);
    } else {
      stack.push(...children(node).reverse());
    }
  }
  return { blocks, headings };
}

/**
 * Readability's steps that only make the article look right in a reader view (absolute links and
 * image addresses, nested <div>s unwrapped, style attributes dropped) change none of its text:
 * we read text, so they are skipped (about 5% of a page's parse). Which article it picks and
 * what it cleans out of it stay as they are.
 */
function skipPresentation(reader: object) {
  const steps = reader as unknown as Record<"_postProcessContent" | "_cleanStyles", () => void>;
  steps._postProcessContent = () => undefined;
  steps._cleanStyles = () => undefined;
}

/**
 * The page's main content by Readability, or null when it finds none (or the page is too big for
 * it). `cut`: the page was cut short and marked (see `readablePage`): say where the article stands.
 */
export function readableContent(html: string, cut = false): ReadableContent | null {
  const { parseHTML, Readability } = readerLibraries();
  // linkedom builds no usable <body> for a fragment without <html>, and Readability needs one.
  const { document } = parseHTML(/<html[\s>]/i.test(html.slice(0, 4096)) ? html : `<!doctype html><html><body>${html}</body></html>`);
  removeNoise(document as unknown as NoiseDocument);
  let article;
  try {
    const reader = new Readability(document as unknown as Document, {
      keepClasses: true,
      // The element itself: serialising it back to HTML would cost more than the rest.
      serializer: (element) => element,
    });
    skipPresentation(reader);
    article = reader.parse();
  } catch {
    // A page it cannot walk: the heuristic reads it instead.
    return null;
  }
  if (!article?.content) return null;
  const { blocks, headings } = blocksOf(article.content as unknown as WalkNode);
  let text = blocks.join("\n\n");
  if (!text) text = squash(article.textContent ?? "");
  if (text.length < MIN_READABLE_CHARS) return null;
  return {
    text,
    headings,
    byline: squash(article.byline ?? "") || null,
    siteName: squash(article.siteName ?? "") || null,
    publishedTime: squash(article.publishedTime ?? "") || null,
    html: (article.content as unknown as { innerHTML: string }).innerHTML,
    openAtCut: cut ? openAtCut(article.content as unknown as MarkedContent) : null,
  };
}
