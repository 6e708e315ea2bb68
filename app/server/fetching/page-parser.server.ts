import { PageError } from "../platform/failure-classes.server";
import { DomHandler, isTag, type AnyNode, type Document, type Element } from "domhandler";
import { Parser } from "htmlparser2";
import type { CodeSnippet } from "../platform/db-schema.server";
import { UNSEEN_TAGS, hasNoiseMarks, pushChildren, squash, textOf } from "./dom-walk.server";
import { ARTICLE_HTML_MAX_CHARS, readablePage, sourceOf } from "./readable-prefix.server";
import { MAX_ELEMENTS } from "./reader-view.server";

/** What we learn from a page before any enrichment. */
export interface ParsedPage {
  title: string | null;
  description: string | null;
  favicon: string;
  canonicalUrl: string | null;
  language: string | null;
  readingMinutes: number;
  /** Words in `text`, counted once where the page is parsed (the job log says it). */
  words: number;
  /** The readable main text, paragraphs separated by blank lines. */
  text: string;
  headings: string[];
  codeBlocks: CodeSnippet[];
  /** Who wrote it, as the page says (a name, not an address). */
  byline: string | null;
  /** When it was published, as an ISO timestamp. */
  publishedAt: string | null;
  siteName: string | null;
  /** The page's own picture of itself (og:image and the like), an absolute http(s) address. */
  leadImage: string | null;
  /** Which reader found the text (see decision 022). */
  extractor: Extractor;
  /**
   * The article's HTML as the page had it, for the reader view (decision 055): the element the
   * semantic or Readability reader chose; null for other readers (the reader shows the text).
   * Never trusted: sanitised whenever shown. Absent from parses made before it was kept.
   */
  articleHtml?: string | null;
}

/**
 * semantic: the page's one <article>, read by the heuristic; readability: Mozilla's Readability;
 * heuristic: the heuristic over the whole page; json-ld: the page's own structured data (a
 * script-built page that ships its text as data); text / markdown / pdf: a document, not a page.
 */
export type Extractor = "semantic" | "readability" | "heuristic" | "json-ld" | "text" | "markdown" | "pdf";

/**
 * Elements nested deeper than this make the page refused. Real pages stay far below it; a
 * page that goes deeper is broken or hostile, and the parser's own bookkeeping grows with
 * the depth (100,000 nested divs took 42 s before any check).
 */
export const MAX_DEPTH = 256;
export const PAGE_TOO_COMPLEX = "The page is too complex to read";
export const PAGE_EMPTY = "The page is empty";

/** A page that was fetched but can never be read: permanent (platform/failure-classes.server.ts), with a reason a person can read. */
export { PageError } from "../platform/failure-classes.server";

const WORDS_PER_MINUTE = 230;
const MAX_TEXT_CHARS = 200_000;

function clean(value: string | undefined | null, max = 500): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? text.slice(0, max) : null;
}

function absolute(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

const LANGUAGE_HINTS: Array<[RegExp, string]> = [
  [/\bfunc \w+\(|package main/m, "go"],
  [/^\s*(import|from)\s+[\w.]+\s+import|def \w+\(.*\):|print\(/m, "python"],
  [/^\s*(const|let|var|function|import|export)\b.*(=>|;|\{)/m, "javascript"],
  [/\binterface \w+\s*\{|: (string|number|boolean)\b/m, "typescript"],
  [/^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE TABLE)\b/im, "sql"],
  [/^\s*(\$ |npm |yarn |pnpm |git |docker |curl |sudo |apt-get )/m, "bash"],
  [/^\s*(public|private|protected)?\s*(static\s+)?(class|void|int|String)\b.*[;{]$/m, "java"],
  [/\bfn \w+\(|let mut\b|impl\b/m, "rust"],
  [/^\s*using System|namespace \w+|public (class|record) \w+/m, "csharp"],
  [/^\s*[.#]?[\w-]+\s*\{[^}]*:[^}]*;/m, "css"],
  [/^\s*<\/?[a-z][\w-]*[\s>]/im, "html"],
  [/^\s*[{[]\s*"[\w-]+"\s*:/m, "json"],
];

/** The code's language: from class hints (language-x, lang-x, highlight-x), else a guess. */
export function detectCodeLanguage(classes: string, code: string): string {
  const hinted = /(?:^|\s)(?:language|lang|highlight|brush:?)-?(\w[\w+#-]*)/i.exec(classes)?.[1];
  if (hinted) return hinted.toLowerCase().replace(/^js$/, "javascript").replace(/^ts$/, "typescript").replace(/^sh$|^shell$/, "bash");
  return LANGUAGE_HINTS.find(([pattern]) => pattern.test(code))?.[1] ?? "text";
}

const NOISE_TAGS = new Set(["script", "style", "noscript", "template", "svg", "iframe", "form", "nav", "header", "footer", "aside", "button", "select"]);
const BLOCK_TAGS = new Set(["h1", "h2", "h3", "h4", "p", "li", "blockquote", "td", "dd", "figcaption"]);

function isNoise(element: Element): boolean {
  return NOISE_TAGS.has(element.name) || hasNoiseMarks(element);
}

/** A <pre>, or a <code> that spans lines or is long, is a code block; short inline code is text. */
function codeBlockText(element: Element): string | null {
  if (element.name !== "pre" && element.name !== "code") return null;
  const raw = textOf(element).replace(/\s+$/, "");
  return element.name === "pre" || raw.includes("\n") || raw.length >= 40 ? raw : null;
}

/** Code blocks anywhere under `roots` (noise included: a snippet in a sidebar is still code). */
function collectCode(roots: readonly AnyNode[]): CodeSnippet[] {
  const code: CodeSnippet[] = [];
  const seen = new Set<string>();
  const stack: AnyNode[] = [];
  pushChildren(stack, roots);
  while (stack.length > 0 && code.length < 20) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    const raw = codeBlockText(node);
    if (raw === null) {
      pushChildren(stack, node.children);
      continue;
    }
    if (raw.trim() && !seen.has(raw)) {
      seen.add(raw);
      const inner = node.name === "pre" ? node.children.find((c): c is Element => isTag(c) && c.name === "code") : undefined;
      const classes = `${node.attribs.class ?? ""} ${inner?.attribs.class ?? ""} ${node.attribs["data-lang"] ?? ""}`;
      code.push({ language: detectCodeLanguage(classes, raw), code: raw.slice(0, 20_000) });
    }
  }
  return code;
}

/** "- " for an item of an unordered list, its number ("3.") in an ordered one (from the list's `start`). */
function listMarker(item: Element): string {
  const list = item.parent;
  if (!list || !isTag(list) || list.name !== "ol") return "-";
  const start = Number.parseInt(list.attribs.start ?? "1", 10);
  const index = list.children.filter((c): c is Element => isTag(c) && c.name === "li").indexOf(item);
  return `${(Number.isFinite(start) ? start : 1) + Math.max(0, index)}.`;
}

/**
 * The readable text of block elements under `roots`, outside noise and code blocks; the walk
 * ends once there is more text than we keep.
 */
function collectBlocks(roots: readonly AnyNode[]): { blocks: string[]; headings: string[] } {
  const blocks: string[] = [];
  const headings: string[] = [];
  const stack: AnyNode[] = [];
  let chars = 0;
  // The list the last block's item belonged to: the next item of the same list joins its block, one line each.
  let lastList: AnyNode | null = null;
  pushChildren(stack, roots);
  while (stack.length > 0 && chars < MAX_TEXT_CHARS) {
    const node = stack.pop()!;
    if (!isTag(node) || codeBlockText(node) !== null || isNoise(node)) continue;
    if (!BLOCK_TAGS.has(node.name)) {
      pushChildren(stack, node.children);
      continue;
    }
    const text = squash(textOf(node));
    if (!text) continue;
    // List items that are only a link are menus that escaped the noise filter.
    const tagChildren = node.children.filter(isTag);
    const onlyLink = node.name === "li" && tagChildren.length === 1 && tagChildren[0]!.name === "a" && squash(textOf(tagChildren[0]!)) === text;
    if (onlyLink) continue;
    // The structure stays in the text (issue 36): "## " before a heading, "- " or "1. " before a list item.
    if (/^h[1-6]$/.test(node.name)) {
      headings.push(text);
      blocks.push(`${"#".repeat(Number(node.name[1]))} ${text}`);
      lastList = null;
    } else if (node.name === "li") {
      const list = node.parent;
      const line = `${listMarker(node)} ${text}`;
      if (list && list === lastList) blocks[blocks.length - 1] += `\n${line}`;
      else blocks.push(line);
      lastList = list;
    } else {
      blocks.push(text);
      lastList = null;
    }
    chars += text.length + 4;
  }
  return { blocks, headings };
}

type Landmark = "html" | "body" | "article" | "main" | "h1";

/** The first <html>, <body>, <article>, <main> and <h1> in document order, in one walk. */
function findLandmarks(document: Document): Partial<Record<Landmark, Element>> {
  const found: Partial<Record<Landmark, Element>> = {};
  const wanted = new Set<string>(["html", "body", "article", "main", "h1"]);
  const stack: AnyNode[] = [];
  pushChildren(stack, document.children);
  while (stack.length > 0 && wanted.size > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    if (wanted.delete(node.name)) found[node.name as Landmark] = node;
    pushChildren(stack, node.children);
  }
  return found;
}

/**
 * Code anywhere in the page; text from the article (or main, or the whole body): the text
 * of its block elements, else all of its text.
 */
export function extractContent(
  document: Document,
  landmarks = findLandmarks(document),
): { text: string; headings: string[]; codeBlocks: CodeSnippet[] } {
  const { body, article, main } = landmarks;
  const codeBlocks = pageCode(document, landmarks);
  const scope: AnyNode[] = article ? [article] : main ? [main] : body ? body.children : document.children;
  const { blocks, headings } = collectBlocks(scope);
  let text = blocks.join("\n\n");
  if (!text) text = squash(textOf(scope, UNSEEN_TAGS));
  return { text: text.slice(0, MAX_TEXT_CHARS), headings: headings.slice(0, 50), codeBlocks };
}

/** Every code block of the page's body (or the whole document without one). */
function pageCode(document: Document, { body }: Partial<Record<Landmark, Element>>): CodeSnippet[] {
  return collectCode(body ? body.children : document.children);
}

function headOf(document: Document): Element | null {
  const html = document.children.find((node): node is Element => isTag(node) && node.name === "html");
  return (html ?? document).children.find((node): node is Element => isTag(node) && node.name === "head") ?? null;
}

interface HeadMetadata {
  meta: Map<string, string>;
  title: string | null;
  icon: string | null;
  canonical: string | null;
}

const ICON_RELS = new Set(["icon", "shortcut icon", "apple-touch-icon"]);

/**
 * What <head> says about the page, in one walk: the first <title>, <meta> contents by
 * `property`/`name`/`http-equiv` (first wins), the first icon and canonical <link>.
 */
function readHead(scope: readonly AnyNode[]): HeadMetadata {
  const found: HeadMetadata = { meta: new Map(), title: null, icon: null, canonical: null };
  const stack: AnyNode[] = [];
  pushChildren(stack, scope);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    const { attribs } = node;
    if (node.name === "meta" && attribs.content !== undefined) {
      for (const key of [attribs.property, attribs.name, attribs["http-equiv"]]) {
        const name = key?.trim().toLowerCase();
        if (name && !found.meta.has(name)) found.meta.set(name, attribs.content);
      }
    } else if (node.name === "link" && attribs.href !== undefined) {
      const rel = (attribs.rel ?? "").trim().toLowerCase();
      if (found.icon === null && (ICON_RELS.has(rel) || rel.split(/\s+/).includes("icon"))) found.icon = attribs.href;
      if (found.canonical === null && rel === "canonical") found.canonical = attribs.href;
    } else if (node.name === "title" && found.title === null) {
      found.title = textOf(node);
    }
    pushChildren(stack, node.children);
  }
  return found;
}

/**
 * htmlparser2's DOM builder, refusing the page as soon as an element opens deeper than
 * MAX_DEPTH: parsing stops there, and every later step works on a tree of bounded depth.
 */
class DepthLimitedHandler extends DomHandler {
  /** Elements opened, so Readability is not even tried on a page too big for it. */
  elements = 0;
  override onopentag(name: string, attribs: Record<string, string>) {
    // The stack holds the document itself, then one entry per open element.
    if (this.tagStack.length > MAX_DEPTH) throw new PageError(PAGE_TOO_COMPLEX);
    this.elements++;
    super.onopentag(name, attribs);
  }
}

/**
 * htmlparser2 in HTML mode: several times faster than parse5, and we can watch the depth. Nodes
 * keep their place in the source, so a long page can be cut for Readability (decision 034).
 */
function parseHtml(body: string): { document: Document; elements: number } {
  const handler = new DepthLimitedHandler(undefined, { withStartIndices: true, withEndIndices: true });
  new Parser(handler, { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }).end(body);
  return { document: handler.root, elements: handler.elements };
}

/** A name for a page with no title of its own: host and path, as people read an address. */
export function titleFromUrl(pageUrl: string): string {
  const url = new URL(pageUrl);
  let path = url.pathname.replace(/\/+$/, "");
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: keep the path as it was sent.
  }
  return clean(`${url.host}${path}`, 300)!;
}

/** Words, counted without building an array of them (a page has up to 30,000). */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

/** A page's JSON-LD as far as we use it: the first article-like node (or the first node at all). */
interface LinkedData {
  headline: string | null;
  author: string | null;
  datePublished: string | null;
  publisher: string | null;
  image: string | null;
  articleBody: string | null;
}

const LD_SCRIPT = /<script[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi;
const LD_MAX_SCRIPTS = 8;
const LD_MAX_CHARS = 500_000;

function ldName(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(ldName).filter(Boolean).join(", ") || null;
  if (value && typeof value === "object" && typeof (value as { name?: unknown }).name === "string") return (value as { name: string }).name;
  return null;
}

function ldUrl(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return ldUrl(value[0]);
  if (value && typeof value === "object") return ldUrl((value as { url?: unknown }).url);
  return null;
}

/**
 * JSON-LD blocks, found by a bounded scan of the raw page (they may sit anywhere, and most
 * pages have none): at most a few scripts, each parsed only when small enough.
 */
export function readLinkedData(body: string): LinkedData | null {
  const nodes: Array<Record<string, unknown>> = [];
  let count = 0;
  for (const match of body.matchAll(LD_SCRIPT)) {
    if (++count > LD_MAX_SCRIPTS) break;
    const raw = match[1]!;
    if (raw.length > LD_MAX_CHARS) continue;
    try {
      const parsed = JSON.parse(raw) as unknown;
      const list = Array.isArray(parsed) ? parsed : [parsed];
      for (const item of list) {
        if (!item || typeof item !== "object") continue;
        const graph = (item as { "@graph"?: unknown })["@graph"];
        if (Array.isArray(graph)) nodes.push(...graph.filter((node): node is Record<string, unknown> => Boolean(node) && typeof node === "object"));
        else nodes.push(item as Record<string, unknown>);
      }
    } catch {
      // Broken structured data is common; the page is read without it.
    }
  }
  const isArticle = (node: Record<string, unknown>) => /Article|BlogPosting|Report|Posting|Recipe|Review/.test(String(node["@type"] ?? ""));
  const node = nodes.find(isArticle) ?? nodes.find((n) => n.articleBody || n.headline);
  if (!node) return null;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    headline: text(node.headline) ?? text(node.name),
    author: ldName(node.author),
    datePublished: text(node.datePublished),
    publisher: ldName(node.publisher),
    image: ldUrl(node.image),
    articleBody: text(node.articleBody),
  };
}

/** An ISO timestamp for what a page says its date is, or null for anything unreadable. */
export function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value.trim());
  if (Number.isNaN(time)) return null;
  const year = new Date(time).getUTCFullYear();
  return year >= 1990 && year <= 2100 ? new Date(time).toISOString() : null;
}

/** Between a title and a site's name: spaced ASCII marks, or the full-width bar of CJK titles. */
const TITLE_SEPARATORS = /\s+[|–—·:»-]\s+|\s*[｜]\s*/;

/**
 * <title> often carries the site's name ("How X works | Site"). The page's own <h1> is the
 * title when <title> contains it; else a side that is the site's name is dropped.
 */
export function cleanTitle(title: string | null, h1: string | null, siteName: string | null): string | null {
  if (!title) return h1;
  if (h1 && h1.length >= 3 && title !== h1) {
    const lower = title.toLowerCase();
    const heading = h1.toLowerCase();
    // "Heading | Site" or "Site: Heading", not a longer title that merely starts with the heading.
    if (lower.startsWith(heading) && /^(\s*[|–—·:»-]\s|\s*｜)/.test(title.slice(h1.length))) return h1;
    if (lower.endsWith(heading) && /(\s[|–—·:»-]\s*|｜\s*)$/.test(title.slice(0, title.length - h1.length))) return h1;
  }
  const parts = title.split(TITLE_SEPARATORS);
  if (parts.length >= 2 && siteName) {
    const site = siteName.toLowerCase();
    if (parts[parts.length - 1]!.toLowerCase() === site) return parts.slice(0, -1).join(" – ");
    if (parts[0]!.toLowerCase() === site) return parts.slice(1).join(" – ");
  }
  return title;
}

function lengthOf(text: string): { words: number; readingMinutes: number } {
  const words = countWords(text);
  return { words, readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)) };
}

const NO_DETAILS = { byline: null, publishedAt: null, siteName: null, leadImage: null } as const;

function plainTextDocument(body: string, pageUrl: string): ParsedPage {
  const text = body.slice(0, MAX_TEXT_CHARS).trim();
  if (!text) throw new PageError(PAGE_EMPTY);
  const firstLine = text.split("\n").find((line) => line.trim());
  return {
    title: clean(firstLine, 200) ?? titleFromUrl(pageUrl),
    description: clean(text.slice(0, 300), 300),
    favicon: `${new URL(pageUrl).origin}/favicon.ico`,
    canonicalUrl: null,
    language: null,
    ...lengthOf(text),
    text,
    headings: [],
    codeBlocks: [],
    ...NO_DETAILS,
    extractor: "text",
  };
}

const FENCE = /^(`{3,}|~{3,})\s*([\w+#-]*)/;

/**
 * A Markdown file as a page: `#` lines are headings (the first is the title), fenced code goes
 * to the code blocks with its language, and the prose keeps its paragraphs without the markup.
 */
export function parseMarkdown(body: string, pageUrl: string): ParsedPage {
  const source = body.slice(0, MAX_TEXT_CHARS);
  const headings: string[] = [];
  const codeBlocks: CodeSnippet[] = [];
  const prose: string[] = [];
  let fence: { marker: string; language: string; lines: string[] } | null = null;
  let lines = source.split(/\r?\n/);
  // Front matter (--- … ---) is data about the file, not its text.
  if (lines[0]?.trim() === "---") {
    const end = lines.indexOf("---", 1);
    if (end > 0) lines = lines.slice(end + 1);
  }
  for (const line of lines) {
    if (fence) {
      if (line.trim().startsWith(fence.marker)) {
        const code = fence.lines.join("\n").replace(/\s+$/, "");
        if (code.trim() && codeBlocks.length < 20) codeBlocks.push({ language: fence.language || detectCodeLanguage("", code), code: code.slice(0, 20_000) });
        fence = null;
      } else fence.lines.push(line);
      continue;
    }
    const opened = FENCE.exec(line.trim());
    if (opened) {
      fence = { marker: opened[1]!.slice(0, 3), language: detectCodeLanguage(opened[2] ? `language-${opened[2]}` : "", ""), lines: [] };
      if (!opened[2]) fence.language = "";
      prose.push("");
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const text = inlineMarkdown(heading[2]!);
      if (text) {
        headings.push(text);
        prose.push("", `${heading[1]} ${text}`, "");
      }
      continue;
    }
    prose.push(inlineMarkdown(line.replace(/^\s*>\s?/, "").replace(/^(\s*)[*+]\s+/, "$1- ")));
  }
  const text = prose
    .join("\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .join("\n\n");
  if (!text && codeBlocks.length === 0) throw new PageError(PAGE_EMPTY);
  const firstLine = text.split("\n").find((line) => line.trim());
  return {
    title: clean(headings[0] ?? firstLine, 300) ?? titleFromUrl(pageUrl),
    description: clean(text.split("\n\n").find((block) => !/^#{1,6} /.test(block)), 300),
    favicon: `${new URL(pageUrl).origin}/favicon.ico`,
    canonicalUrl: null,
    language: null,
    ...lengthOf(text),
    text,
    headings: headings.slice(0, 50),
    codeBlocks,
    ...NO_DETAILS,
    extractor: "markdown",
  };
}

/** Links, images, emphasis and inline code as the words they show. */
function inlineMarkdown(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|\W)[*_](\S(?:.*?\S)?)[*_](?=\W|$)/g, "$1$2")
    .replace(/`([^`]+)`/g, "$1")
    .trimEnd();
}

/** The address looks like a Markdown file (servers often send them as text/plain). */
const isMarkdownUrl = (pageUrl: string) => /\.(md|markdown|mdx)$/i.test(new URL(pageUrl).pathname);
export const MARKDOWN_TYPES = ["text/markdown", "text/x-markdown"];

/** Enough text that the page's one <article> is taken as it is, without Readability (decision 022). */
const SEMANTIC_MIN_CHARS = 1_000;
/** Less text than this and a JSON-LD articleBody, when longer, is the text instead. */
const THIN_TEXT_CHARS = 500;

/**
 * Reads everything we keep from an HTML page (or a plain-text or Markdown document). Throws
 * PageError for a page nested too deeply to read and for a page with nothing readable at all.
 *
 * The text, in order of preference (decision 022): the page's only <article> when it holds
 * enough text (what Readability would pick, at a fifth of the cost); else Readability's main
 * content; else the heuristic over the page; and for a thin page, its JSON-LD articleBody.
 */
export function parsePage(body: string, pageUrl: string, contentType = "text/html"): ParsedPage {
  if (MARKDOWN_TYPES.includes(contentType) || (contentType === "text/plain" && isMarkdownUrl(pageUrl))) return parseMarkdown(body, pageUrl);
  if (contentType === "text/plain") return plainTextDocument(body, pageUrl);

  const origin = new URL(pageUrl).origin;
  const { document, elements } = parseHtml(body);
  const landmarks = findLandmarks(document);
  // Metadata lives in <head>; a page without one is searched whole.
  const head = headOf(document);
  const found = readHead(head ? [head] : document.children);
  const meta = (name: string) => clean(found.meta.get(name));
  const linked = readLinkedData(body);

  let content: { text: string; headings: string[] } | null = null;
  let extractor: Extractor = "heuristic";
  let heuristic: ReturnType<typeof extractContent> | null = null;
  const articles = body.match(/<article[\s>]/gi)?.length ?? 0;
  if (articles === 1 && landmarks.article) {
    heuristic = extractContent(document, landmarks);
    if (heuristic.text.length >= SEMANTIC_MIN_CHARS) {
      content = heuristic;
      extractor = "semantic";
    }
  }
  const readable = content || elements > MAX_ELEMENTS ? null : readablePage(body, landmarks.body ?? document, MAX_TEXT_CHARS);
  if (readable) {
    content = readable;
    extractor = "readability";
  }
  // The heuristic's text is not needed when Readability answered: only the page's code is.
  if (!content) content = heuristic ??= extractContent(document, landmarks);
  const codeBlocks = heuristic?.codeBlocks ?? pageCode(document, landmarks);
  let { text } = content;
  const articleBody = clean(linked?.articleBody, MAX_TEXT_CHARS);
  if (text.length < THIN_TEXT_CHARS && articleBody && articleBody.length > text.length) {
    text = linked!.articleBody!.trim().slice(0, MAX_TEXT_CHARS);
    extractor = "json-ld";
  }

  const siteName = meta("og:site_name") ?? clean(linked?.publisher, 200) ?? meta("application-name") ?? readable?.siteName ?? null;
  const h1 = clean(landmarks.h1 && textOf(landmarks.h1), 300);
  const title = meta("og:title") ?? meta("twitter:title") ?? clean(linked?.headline, 300) ?? cleanTitle(clean(found.title, 300), h1, siteName);
  const description = meta("og:description") ?? meta("twitter:description") ?? meta("description");
  const favicon = absolute(found.icon ?? undefined, pageUrl) ?? `${origin}/favicon.ico`;
  const canonicalUrl = absolute(found.canonical ?? undefined, pageUrl) ?? absolute(meta("og:url") ?? undefined, pageUrl);
  const language = clean(landmarks.html?.attribs.lang ?? meta("content-language"), 20)?.split(/[-_]/)[0]?.toLowerCase() ?? null;
  // An author given as an address (article:author often is) is not a name to show.
  const named = (value: string | null | undefined) => (value && !/^https?:\/\//i.test(value) ? clean(value, 200) : null);
  const byline = named(meta("author")) ?? named(meta("article:author")) ?? named(linked?.author) ?? named(readable?.byline);
  const publishedAt = isoDate(meta("article:published_time") ?? linked?.datePublished ?? meta("date") ?? meta("dc.date") ?? meta("pubdate") ?? readable?.publishedTime);
  const leadImage = absolute(meta("og:image") ?? meta("og:image:url") ?? meta("twitter:image") ?? meta("twitter:image:src") ?? linked?.image ?? undefined, pageUrl);
  if (!title && !description && !text) throw new PageError(PAGE_EMPTY);
  const articleHtml =
    extractor === "semantic" && landmarks.article ? sourceOf(body, landmarks.article) : extractor === "readability" && readable && readable.html.length <= ARTICLE_HTML_MAX_CHARS ? readable.html : null;
  return {
    title: title ?? titleFromUrl(pageUrl),
    description: description ?? clean(text.split("\n\n")[0]?.replace(/^#{1,6} /, ""), 300),
    favicon,
    canonicalUrl,
    language,
    ...lengthOf(text),
    text,
    headings: content.headings.slice(0, 50),
    codeBlocks,
    byline,
    publishedAt,
    siteName,
    leadImage,
    extractor,
    articleHtml,
  };
}
