/**
 * The reader view's sanitiser (decision 055): an article's stored HTML is the page's, never
 * trusted. sanitize-html keeps only an allow-list of tags and attributes and rewrites what it
 * keeps: links resolved to absolute http(s)/mailto addresses that open the original in a new tab
 * (rel="noopener noreferrer"); images only when we hold a copy (served from our origin, no
 * third-party request); no script, style, event handler, form, frame or embedded object survives.
 * Pure: the caller says which images we hold.
 */
import { createRequire } from "node:module";
import { Parser } from "htmlparser2";
import type sanitizeHtml from "sanitize-html";
import { NOISE_CLASS, NOISE_ROLES } from "../fetching/noise.server";

// sanitize-html (and postcss under it) loads when the first article is sanitised (decision 059).
const require = createRequire(import.meta.url);

/** What noise and pictures we hold no copy of become while sanitising: an unknown tag, dropped with its content. */
const NOISE_TAG = "linkwise-noise";

/** Tags kept (their attributes below); anything else is dropped and its text kept, unless listed in DROPPED_WITH_CONTENT. */
export const ARTICLE_TAGS = [
  "p", "br", "hr", "h2", "h3", "h4", "h5", "h6", "header", "section", "article", "div", "span",
  "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "q", "cite", "figure", "figcaption", "img",
  "pre", "code", "kbd", "samp", "var", "em", "strong", "b", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup", "abbr", "time",
  "a", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
];

/** Dropped with everything inside them: code, styles, embedded content, forms, and what surrounds an article. */
export const DROPPED_WITH_CONTENT = [
  "script", "style", "noscript", "template", "iframe", "frame", "frameset", "object", "embed", "applet", "svg", "math",
  "video", "audio", "canvas", "form", "button", "input", "select", "textarea", "option", "dialog", "nav", "aside", "footer",
  "link", "meta", "base", "head", "title", NOISE_TAG,
];

export const ARTICLE_ATTRIBUTES: sanitizeHtml.IOptions["allowedAttributes"] = {
  "*": ["lang", "dir"],
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
  ol: ["start", "reversed", "type"],
  li: ["value"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
  time: ["datetime"],
  abbr: ["title"],
  pre: ["class", { name: "tabindex", multiple: false, values: ["0"] }],
  code: ["class"],
};

/** A code block's language is kept as a class (`language-js`), nothing else of the page's classes. */
const CODE_CLASSES = ["language-*", "lang-*"];

const LINK_SCHEMES = new Set(["http:", "https:", "mailto:"]);

/** An address from the article, absolute against the page's, if it is one we link to. */
function resolved(value: string | undefined, baseUrl: string, schemes = LINK_SCHEMES): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), baseUrl);
    return schemes.has(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

const IMAGE_SCHEMES = new Set(["http:", "https:"]);

/** The address an <img> shows: a lazy-loading page keeps the real one in data-src (and the like). */
export function imageSource(attribs: Record<string, string>, baseUrl: string): string | null {
  const candidates = [attribs["data-src"], attribs["data-lazy-src"], attribs["data-original"], attribs.src];
  for (const candidate of candidates) {
    if (candidate && !candidate.trim().startsWith("data:")) {
      const url = resolved(candidate, baseUrl, IMAGE_SCHEMES);
      if (url) return url;
    }
  }
  return null;
}

/** The article's picture addresses, in order, at most `limit` (what the worker keeps a copy of). */
export function articleImageSources(html: string, baseUrl: string, limit = Infinity): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name !== "img" || found.length >= limit) return;
        const source = imageSource(attribs, baseUrl);
        if (source && !found.includes(source)) found.push(source);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

function isNoise(attribs: Record<string, string>): boolean {
  return (
    NOISE_CLASS.test(attribs.class ?? "") ||
    NOISE_CLASS.test(attribs.id ?? "") ||
    (attribs.role !== undefined && NOISE_ROLES.has(attribs.role)) ||
    // What the page itself hides stays hidden (the parser reads it the same way).
    attribs.hidden !== undefined
  );
}

export interface SanitizeOptions {
  /** The page's address: relative links and images resolve against it. */
  baseUrl: string;
  /** Our path for each picture we hold a copy of, by its absolute address; any other picture is left out. */
  images: ReadonlyMap<string, string>;
}

/** The article's HTML, safe to put in our page as it is. */
export function sanitizeArticle(html: string, { baseUrl, images }: SanitizeOptions): string {
  const clean = (require("sanitize-html") as typeof sanitizeHtml)(html, {
    allowedTags: ARTICLE_TAGS,
    allowedAttributes: ARTICLE_ATTRIBUTES,
    allowedClasses: { pre: CODE_CLASSES, code: CODE_CLASSES },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    allowedStyles: {},
    parseStyleAttributes: false,
    disallowedTagsMode: "discard",
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: {
      // The reader's page has its own <h1> (the link's title): the article's headings sit below it.
      h1: "h2",
      a: (tagName, attribs) => {
        const href = resolved(attribs.href, baseUrl);
        return {
          tagName,
          attribs: href ? { href, target: "_blank", rel: "noopener noreferrer", ...(attribs.title ? { title: attribs.title } : {}) } : {},
        };
      },
      img: (tagName, attribs) => {
        const source = imageSource(attribs, baseUrl);
        const ours = source ? images.get(source) : undefined;
        if (!ours) return { tagName: NOISE_TAG, attribs: {} };
        const kept: Record<string, string> = { src: ours, alt: attribs.alt ?? "", loading: "lazy", decoding: "async" };
        for (const name of ["width", "height"] as const) if (/^\d{1,5}$/.test(attribs[name] ?? "")) kept[name] = attribs[name]!;
        if (attribs.title) kept.title = attribs.title;
        return { tagName, attribs: kept };
      },
      // A long line of code scrolls inside its block, which the keyboard can then reach.
      pre: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.class ? { class: attribs.class } : {}), tabindex: "0" } }),
      "*": (tagName, attribs) => (isNoise(attribs) ? { tagName: NOISE_TAG, attribs: {} } : { tagName, attribs }),
    },
    // An element left empty by the rules (a link around a dropped picture, a figure without one) says nothing.
    exclusiveFilter: (frame) => (frame.tag === "figure" || frame.tag === "a") && !frame.text.trim() && !frame.mediaChildren.length,
  });
  // A table scrolls sideways inside its own box (a region the keyboard can reach), never the page.
  // Each region's name is its own (a page with two tables has two landmarks, told apart).
  let tables = 0;
  return clean.replace(/<table>/g, () => `<div class="reader-table" role="region" aria-label="Table ${++tables}" tabindex="0"><table>`).replace(/<\/table>/g, "</table></div>");
}
