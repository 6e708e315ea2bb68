import * as cheerio from "cheerio";
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
const NOISE = "script, style, noscript, template, svg, iframe, form, nav, header, footer, aside, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true], .ad, .ads, .advert, .advertisement, .cookie, .cookies, .newsletter, .share, .social, .sidebar, .comments, #comments";

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
  [/^\s*(import|from)\s+[\w.]+\s+import|def \w+\(.*\):|print\(/m, "python"],
  [/^\s*(const|let|var|function|import|export)\b.*(=>|;|\{)/m, "javascript"],
  [/\binterface \w+\s*\{|: (string|number|boolean)\b/m, "typescript"],
  [/^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE TABLE)\b/im, "sql"],
  [/^\s*(\$ |npm |yarn |pnpm |git |docker |curl |sudo |apt-get )/m, "bash"],
  [/^\s*(public|private|protected)?\s*(static\s+)?(class|void|int|String)\b.*[;{]$/m, "java"],
  [/\bfunc \w+\(|package main/m, "go"],
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

function extractCode($: cheerio.CheerioAPI): CodeSnippet[] {
  const seen = new Set<string>();
  const snippets: CodeSnippet[] = [];
  $("pre, code").each((_, element) => {
    const node = $(element);
    // A <code> inside a <pre> is the same block; inline <code> shorter than a line is not a snippet.
    if (element.tagName === "code" && node.parent().is("pre")) return;
    const code = node.text().replace(/\s+$/, "");
    if (element.tagName === "code" && !code.includes("\n") && code.length < 40) return;
    if (!code.trim() || seen.has(code)) return;
    seen.add(code);
    const classes = `${node.attr("class") ?? ""} ${node.find("code").attr("class") ?? ""} ${node.attr("data-lang") ?? ""}`;
    snippets.push({ language: detectCodeLanguage(classes, code), code: code.slice(0, 20_000) });
  });
  return snippets.slice(0, 20);
}

function extractText($: cheerio.CheerioAPI): { text: string; headings: string[] } {
  const root = $("article").first().length ? $("article").first() : $("main").first().length ? $("main").first() : $("body");
  const scope = root.clone();
  scope.find(NOISE).remove();
  scope.find("pre").remove();
  const blocks: string[] = [];
  const headings: string[] = [];
  scope.find("h1, h2, h3, h4, p, li, blockquote, td, dd").each((_, element) => {
    const text = $(element).text().replace(/\s+/g, " ").trim();
    if (!text) return;
    if (/^h[1-4]$/.test(element.tagName)) headings.push(text);
    // Skip list items that are only links (menus that escaped the noise filter).
    if (element.tagName === "li" && $(element).children("a").length === 1 && $(element).text().trim() === $(element).children("a").text().trim()) return;
    blocks.push(text);
  });
  let text = blocks.join("\n\n");
  if (!text) text = scope.text().replace(/\s+/g, " ").trim();
  return { text: text.slice(0, MAX_TEXT_CHARS), headings: headings.slice(0, 50) };
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

  const $ = cheerio.load(body);
  const meta = (selector: string) => clean($(selector).first().attr("content"));
  const title =
    meta('meta[property="og:title"]') ??
    meta('meta[name="twitter:title"]') ??
    clean($("title").first().text(), 300) ??
    clean($("h1").first().text(), 300);
  const description =
    meta('meta[property="og:description"]') ?? meta('meta[name="twitter:description"]') ?? meta('meta[name="description"]');
  const iconHref = $('link[rel~="icon"], link[rel="shortcut icon"], link[rel="apple-touch-icon"]').first().attr("href");
  const favicon = absolute(iconHref, pageUrl) ?? `${origin}/favicon.ico`;
  const canonicalUrl = absolute($('link[rel="canonical"]').attr("href"), pageUrl) ?? absolute(meta('meta[property="og:url"]') ?? undefined, pageUrl);
  const language = clean($("html").attr("lang") ?? meta('meta[http-equiv="content-language"]'), 20)?.split(/[-_]/)[0]?.toLowerCase() ?? null;
  const codeBlocks = extractCode($);
  const { text, headings } = extractText($);
  const words = text.split(/\s+/).filter(Boolean).length;
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
