import * as cheerio from "cheerio";
import { isTag, type AnyNode, type Document, type Element } from "domhandler";
import { textContent } from "domutils";
import type { CodeSnippet } from "./db-schema.server";

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
 * One walk over the DOM (selector unions are slow on big pages): code blocks from <pre>
 * and multi-line <code>, and the readable text of block elements outside the noise.
 */
function walk(root: AnyNode[], pageText: { blocks: string[]; headings: string[] }, code: CodeSnippet[], seen: Set<string>) {
  for (const node of root) {
    if (!isTag(node)) continue;
    if (node.name === "pre" || node.name === "code") {
      const inner = node.name === "pre" ? node.children.find((c): c is Element => isTag(c) && c.name === "code") : undefined;
      const raw = textContent(node).replace(/\s+$/, "");
      const isBlock = node.name === "pre" || raw.includes("\n") || raw.length >= 40;
      if (isBlock) {
        if (raw.trim() && !seen.has(raw) && code.length < 20) {
          seen.add(raw);
          const classes = `${node.attribs.class ?? ""} ${inner?.attribs.class ?? ""} ${node.attribs["data-lang"] ?? ""}`;
          code.push({ language: detectCodeLanguage(classes, raw), code: raw.slice(0, 20_000) });
        }
        continue;
      }
    }
    if (isNoise(node)) continue;
    if (BLOCK_TAGS.has(node.name)) {
      const text = squash(textContent(node));
      if (!text) continue;
      if (node.name.startsWith("h")) pageText.headings.push(text);
      // List items that are only a link are menus that escaped the noise filter.
      const tagChildren = node.children.filter(isTag);
      const onlyLink = node.name === "li" && tagChildren.length === 1 && tagChildren[0]!.name === "a" && squash(textContent(tagChildren[0]!)) === text;
      if (!onlyLink) pageText.blocks.push(text);
      // Code inside a paragraph still counts as a snippet.
      walkCodeOnly(node.children, code, seen);
      continue;
    }
    walk(node.children, pageText, code, seen);
  }
}

function walkCodeOnly(nodes: AnyNode[], code: CodeSnippet[], seen: Set<string>) {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    if (node.name === "pre" || node.name === "code") walk([node], { blocks: [], headings: [] }, code, seen);
    else walkCodeOnly(node.children, code, seen);
  }
}

function extractContent($: cheerio.CheerioAPI): { text: string; headings: string[]; codeBlocks: CodeSnippet[] } {
  const code: CodeSnippet[] = [];
  const seen = new Set<string>();
  const body = $("body").get(0) ?? null;
  const main = $("article").get(0) ?? $("main").get(0) ?? null;
  // Code anywhere in the page; text from the article (or main, or the whole body).
  walkCodeOnly(body ? body.children : ($.root().get(0) as unknown as Document).children, code, seen);
  const pageText = { blocks: [] as string[], headings: [] as string[] };
  const scope: AnyNode[] = main ? [main] : body ? body.children : ($.root().get(0) as unknown as Document).children;
  walk(scope, pageText, [], new Set());
  let text = pageText.blocks.join("\n\n");
  if (!text) text = squash(scope.map((node) => textContent(node)).join(" "));
  return { text: text.slice(0, MAX_TEXT_CHARS), headings: pageText.headings.slice(0, 50), codeBlocks: code };
}

function headOf(document: Document): Element | null {
  const html = document.children.find((node): node is Element => isTag(node) && node.name === "html");
  return (html ?? document).children.find((node): node is Element => isTag(node) && node.name === "head") ?? null;
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

/** Reads everything we keep from an HTML page (or a plain-text document). */
export function parsePage(body: string, pageUrl: string, contentType = "text/html"): ParsedPage {
  const origin = new URL(pageUrl).origin;
  if (contentType === "text/plain") {
    const text = body.slice(0, MAX_TEXT_CHARS).trim();
    const firstLine = text.split("\n").find((line) => line.trim());
    const words = text.split(/\s+/).filter(Boolean).length;
    return {
      title: clean(firstLine, 200) ?? new URL(pageUrl).pathname.split("/").pop() ?? null,
      description: clean(text.slice(0, 300), 300),
      favicon: `${origin}/favicon.ico`,
      canonicalUrl: null,
      language: null,
      readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
      text,
      headings: [],
      codeBlocks: [],
    };
  }

  // htmlparser2 (through the `xml` option, in HTML mode) is several times faster than parse5.
  const $ = cheerio.load(body, { xml: { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true } });
  // Metadata lives in <head>: search only there (each selector would otherwise walk the whole page).
  const head = headOf($.root().get(0) as unknown as Document);
  const inHead = (selector: string) => (head ? $(head).find(selector) : $(selector));
  const meta = (selector: string) => clean(inHead(selector).first().attr("content"));
  const title =
    meta('meta[property="og:title"]') ??
    meta('meta[name="twitter:title"]') ??
    clean(inHead("title").first().text(), 300) ??
    clean($("h1").first().text(), 300);
  const description =
    meta('meta[property="og:description"]') ?? meta('meta[name="twitter:description"]') ?? meta('meta[name="description"]');
  const iconHref = inHead('link[rel~="icon"], link[rel="shortcut icon"], link[rel="apple-touch-icon"]').first().attr("href");
  const favicon = absolute(iconHref, pageUrl) ?? `${origin}/favicon.ico`;
  const canonicalUrl = absolute(inHead('link[rel="canonical"]').attr("href"), pageUrl) ?? absolute(meta('meta[property="og:url"]') ?? undefined, pageUrl);
  const language = clean($("html").attr("lang") ?? meta('meta[http-equiv="content-language"]'), 20)?.split(/[-_]/)[0]?.toLowerCase() ?? null;
  const { text, headings, codeBlocks } = extractContent($);
  const words = countWords(text);
  return {
    title,
    description: description ?? clean(text.split("\n\n")[0], 300),
    favicon,
    canonicalUrl,
    language,
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    text,
    headings,
    codeBlocks,
  };
}
