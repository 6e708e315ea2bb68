import { DomHandler, hasChildren, isTag, isText, type AnyNode, type Document, type Element } from "domhandler";
import { Parser } from "htmlparser2";
import type { CodeSnippet } from "../platform/db-schema.server";

/** What we learn from a page before any enrichment. */
export interface ParsedPage {
  title: string | null;
  description: string | null;
  favicon: string;
  canonicalUrl: string | null;
  language: string | null;
  readingMinutes: number;
  /** The readable main text, paragraphs separated by blank lines. */
  text: string;
  headings: string[];
  codeBlocks: CodeSnippet[];
}

/**
 * Elements nested deeper than this make the page refused. Real pages stay far below it; a
 * page that goes deeper is broken or hostile, and the parser's own bookkeeping grows with
 * the depth (100,000 nested divs took 42 s before any check).
 */
export const MAX_DEPTH = 256;
export const PAGE_TOO_COMPLEX = "The page is too complex to read";
export const PAGE_EMPTY = "The page is empty";

/** A page that was fetched but can never be read: permanent, with a reason a person can read. */
export class PageError extends Error {
  readonly permanent = true;
  override name = "PageError";
}

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
const NOISE_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary"]);
const NOISE_CLASS = /(^|[\s_-])(ads?|advert|advertisement|cookies?|newsletter|share|social|sidebar|comments?|promo|related)($|[\s_-])/i;
const BLOCK_TAGS = new Set(["h1", "h2", "h3", "h4", "p", "li", "blockquote", "td", "dd", "figcaption"]);

function isNoise(element: Element): boolean {
  if (NOISE_TAGS.has(element.name)) return true;
  const { role, class: className, id } = element.attribs;
  if (role && NOISE_ROLES.has(role)) return true;
  if (element.attribs["aria-hidden"] === "true") return true;
  return NOISE_CLASS.test(className ?? "") || id === "comments";
}

function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Every walk below keeps its own stack instead of recursing, so no tree, however deep,
 * can overflow the call stack (the parser caps the depth too; this does not rely on it).
 * Nodes come off the stack in document order.
 */
function pushChildren(stack: AnyNode[], nodes: readonly AnyNode[]) {
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]!);
}

/** Elements whose text is never shown on the page. */
const UNSEEN_TAGS = new Set(["script", "style", "noscript", "template"]);

/**
 * The text under `root` in document order (what domutils' recursive textContent gives),
 * leaving out elements named in `skip`.
 */
export function textOf(root: AnyNode | readonly AnyNode[], skip?: ReadonlySet<string>): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [];
  pushChildren(stack, Array.isArray(root) ? root : [root as AnyNode]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) parts.push(node.data);
    else if (skip && isTag(node) && skip.has(node.name)) continue;
    else if (hasChildren(node)) pushChildren(stack, node.children);
  }
  return parts.join("");
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

/**
 * The readable text of block elements under `roots`, outside noise and code blocks; the walk
 * ends once there is more text than we keep.
 */
function collectBlocks(roots: readonly AnyNode[]): { blocks: string[]; headings: string[] } {
  const blocks: string[] = [];
  const headings: string[] = [];
  const stack: AnyNode[] = [];
  let chars = 0;
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
    if (node.name.startsWith("h")) headings.push(text);
    // List items that are only a link are menus that escaped the noise filter.
    const tagChildren = node.children.filter(isTag);
    const onlyLink = node.name === "li" && tagChildren.length === 1 && tagChildren[0]!.name === "a" && squash(textOf(tagChildren[0]!)) === text;
    if (onlyLink) continue;
    blocks.push(text);
    chars += text.length + 2;
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
  const codeBlocks = collectCode(body ? body.children : document.children);
  const scope: AnyNode[] = article ? [article] : main ? [main] : body ? body.children : document.children;
  const { blocks, headings } = collectBlocks(scope);
  let text = blocks.join("\n\n");
  if (!text) text = squash(textOf(scope, UNSEEN_TAGS));
  return { text: text.slice(0, MAX_TEXT_CHARS), headings: headings.slice(0, 50), codeBlocks };
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
  override onopentag(name: string, attribs: Record<string, string>) {
    // The stack holds the document itself, then one entry per open element.
    if (this.tagStack.length > MAX_DEPTH) throw new PageError(PAGE_TOO_COMPLEX);
    super.onopentag(name, attribs);
  }
}

/** htmlparser2 in HTML mode: several times faster than parse5, and we can watch the depth. */
function parseHtml(body: string): Document {
  const handler = new DepthLimitedHandler();
  new Parser(handler, { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }).end(body);
  return handler.root;
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

/** Words, counted without building an array of them. */
function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

/**
 * Reads everything we keep from an HTML page (or a plain-text document). Throws PageError for
 * a page nested too deeply to read and for a page with nothing readable at all.
 */
export function parsePage(body: string, pageUrl: string, contentType = "text/html"): ParsedPage {
  const origin = new URL(pageUrl).origin;
  if (contentType === "text/plain") {
    const text = body.slice(0, MAX_TEXT_CHARS).trim();
    if (!text) throw new PageError(PAGE_EMPTY);
    const firstLine = text.split("\n").find((line) => line.trim());
    return {
      title: clean(firstLine, 200) ?? titleFromUrl(pageUrl),
      description: clean(text.slice(0, 300), 300),
      favicon: `${origin}/favicon.ico`,
      canonicalUrl: null,
      language: null,
      readingMinutes: Math.max(1, Math.round(countWords(text) / WORDS_PER_MINUTE)),
      text,
      headings: [],
      codeBlocks: [],
    };
  }

  const document = parseHtml(body);
  const landmarks = findLandmarks(document);
  // Metadata lives in <head>; a page without one is searched whole.
  const head = headOf(document);
  const found = readHead(head ? [head] : document.children);
  const meta = (name: string) => clean(found.meta.get(name));
  const title = meta("og:title") ?? meta("twitter:title") ?? clean(found.title, 300) ?? clean(landmarks.h1 && textOf(landmarks.h1), 300);
  const description = meta("og:description") ?? meta("twitter:description") ?? meta("description");
  const favicon = absolute(found.icon ?? undefined, pageUrl) ?? `${origin}/favicon.ico`;
  const canonicalUrl = absolute(found.canonical ?? undefined, pageUrl) ?? absolute(meta("og:url") ?? undefined, pageUrl);
  const language = clean(landmarks.html?.attribs.lang ?? meta("content-language"), 20)?.split(/[-_]/)[0]?.toLowerCase() ?? null;
  const { text, headings, codeBlocks } = extractContent(document, landmarks);
  if (!title && !description && !text) throw new PageError(PAGE_EMPTY);
  return {
    title: title ?? titleFromUrl(pageUrl),
    description: description ?? clean(text.split("\n\n")[0], 300),
    favicon,
    canonicalUrl,
    language,
    readingMinutes: Math.max(1, Math.round(countWords(text) / WORDS_PER_MINUTE)),
    text,
    headings,
    codeBlocks,
  };
}
