/**
 * Reading feeds (decision 070): RSS, Atom, RDF and JSON Feed through feedsmith, loaded when the
 * first feed is read (decision 059), a site page's `<link rel="alternate">` feeds, and OPML.
 * No I/O here: feeds.server.ts fetches.
 */
import type * as Feedsmith from "feedsmith";

let feedsmith: Promise<typeof Feedsmith> | undefined;
const load = () => (feedsmith ??= import("feedsmith"));

export const NOT_A_FEED = "Not a feed";

export interface FeedEntry {
  /** The entry's guid or id, or its address without one: what the seen set is keyed by. */
  key: string;
  url: string;
  title: string | null;
  /** Milliseconds since the epoch, when the entry gives a date we can read. */
  publishedAt: number | null;
}

export interface ParsedFeed {
  title: string | null;
  siteUrl: string | null;
  entries: FeedEntry[];
}

/** The document is not a feed feedsmith recognises. */
export class NotAFeedError extends Error {
  constructor() {
    super(NOT_A_FEED);
  }
}

const text = (value: unknown): string | null => {
  const raw = typeof value === "string" ? value : value && typeof value === "object" && "value" in value ? (value as { value?: unknown }).value : undefined;
  if (typeof raw !== "string") return null;
  const clean = raw.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
  return clean ? clean.slice(0, 300) : null;
};

/** An http(s) address, resolved against `base`; null for anything else (mailto:, javascript:, junk). */
export function absoluteHttpUrl(value: unknown, base: string): string | null {
  if (typeof value !== "string" || !value.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

const dateOf = (...values: unknown[]): number | null => {
  for (const value of values) {
    if (typeof value !== "string") continue;
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return at;
  }
  return null;
};

type AtomLink = { href?: string; rel?: string };
const alternate = (links: AtomLink[] | undefined): string | undefined =>
  (links ?? []).find((link) => !link.rel || link.rel === "alternate")?.href;

/**
 * The feed's title, site and entries. Entries without an http(s) address are left out; relative
 * addresses are read against the feed's own. Throws NotAFeedError for anything else.
 */
export async function parseFeedDocument(body: string, feedUrl: string): Promise<ParsedFeed> {
  const { parseFeed } = await load();
  let parsed: Feedsmith.AnyFeed;
  try {
    parsed = parseFeed(body.trim());
  } catch {
    throw new NotAFeedError();
  }
  const entries: FeedEntry[] = [];
  const add = (url: string | null, key: unknown, title: unknown, publishedAt: number | null) => {
    if (!url) return;
    const id = typeof key === "string" && key.trim() ? key.trim().slice(0, 2000) : url;
    entries.push({ key: id, url, title: text(title), publishedAt });
  };
  switch (parsed.format) {
    case "rss": {
      const { feed } = parsed;
      const site = absoluteHttpUrl(feed.link, feedUrl);
      for (const item of feed.items ?? []) {
        const permalink = item.guid?.isPermaLink !== false && item.guid?.value ? item.guid.value : undefined;
        add(absoluteHttpUrl(item.link ?? permalink, site ?? feedUrl), item.guid?.value, item.title, dateOf(item.pubDate, item.dc?.dates?.[0]));
      }
      return { title: text(feed.title), siteUrl: site, entries };
    }
    case "atom": {
      const { feed } = parsed;
      const site = absoluteHttpUrl(alternate(feed.links), feedUrl);
      for (const entry of feed.entries ?? []) add(absoluteHttpUrl(alternate(entry.links), feedUrl), entry.id, entry.title, dateOf(entry.published, entry.updated));
      return { title: text(feed.title), siteUrl: site, entries };
    }
    case "rdf": {
      const { feed } = parsed;
      const site = absoluteHttpUrl(feed.link, feedUrl);
      for (const item of feed.items ?? []) add(absoluteHttpUrl(item.link, site ?? feedUrl), item.rdf?.about, item.title, dateOf(item.dc?.dates?.[0]));
      return { title: text(feed.title), siteUrl: site, entries };
    }
    case "json": {
      const { feed } = parsed;
      const site = absoluteHttpUrl(feed.home_page_url, feedUrl);
      for (const item of feed.items ?? []) add(absoluteHttpUrl(item.url ?? item.external_url, feedUrl), item.id, item.title, dateOf(item.date_published, item.date_modified));
      return { title: text(feed.title), siteUrl: site, entries };
    }
  }
}

/**
 * The entries to save from a poll: the unseen ones, newest first when they carry dates (else in the
 * feed's own order, which is newest first by custom), at most `limit`.
 */
export function newestEntries(entries: FeedEntry[], limit: number): FeedEntry[] {
  const unique = [...new Map(entries.map((entry) => [entry.key, entry])).values()];
  const dated = unique.every((entry) => entry.publishedAt !== null);
  const ordered = dated ? unique.map((entry, index) => ({ entry, index })).sort((a, b) => b.entry.publishedAt! - a.entry.publishedAt! || a.index - b.index).map(({ entry }) => entry) : unique;
  return ordered.slice(0, limit);
}

const FEED_TYPES = ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json", "application/rdf+xml"];

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, "&");

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z_:][-\w:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    const name = match[1]!.toLowerCase();
    if (!found.has(name)) found.set(name, decodeAttribute(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return found;
}

/**
 * The feeds a page names in its `<link rel="alternate" type="application/rss+xml|atom+xml|feed+json">`
 * elements, as absolute addresses in the page's order (a `<base href>` is honoured).
 */
export function discoverFeedLinks(html: string, pageUrl: string): string[] {
  // The head is where they belong; reading no further keeps a huge page cheap.
  const head = html.slice(0, 512 * 1024);
  const baseTag = /<base\b[^>]*>/i.exec(head)?.[0];
  const base = (baseTag && absoluteHttpUrl(attributes(baseTag).get("href"), pageUrl)) || pageUrl;
  const found: string[] = [];
  for (const [tag] of head.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const rels = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    const type = (attrs.get("type") ?? "").toLowerCase().split(";")[0]!.trim();
    if (!rels.includes("alternate") || !FEED_TYPES.includes(type)) continue;
    const url = absoluteHttpUrl(attrs.get("href"), base);
    if (url && !found.includes(url)) found.push(url);
  }
  return found;
}

/** Whether a fetched document is a web page rather than a feed (then it is searched for feed links). */
export function looksLikeHtml(contentType: string, body: string): boolean {
  if (contentType === "text/html" || contentType === "application/xhtml+xml") return true;
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html)\b/i.test(body.slice(0, 2048));
}

export interface OpmlFeed {
  url: string;
  title: string | null;
  siteUrl: string | null;
}

/** The feeds an OPML file lists (outlines with an xmlUrl, folders flattened). Throws on a file that is not OPML. */
export async function parseOpmlDocument(body: string): Promise<{ feeds: OpmlFeed[]; skipped: number }> {
  const { parseOpml } = await load();
  let document: Feedsmith.Opml.Document<string>;
  try {
    document = parseOpml(body.trim());
  } catch {
    throw new Error("That file is not an OPML outline");
  }
  const feeds: OpmlFeed[] = [];
  let skipped = 0;
  const walk = (outlines: Feedsmith.Opml.Outline<string>[] | undefined) => {
    for (const outline of outlines ?? []) {
      if (outline.xmlUrl !== undefined) {
        const url = absoluteHttpUrl(outline.xmlUrl, "http://invalid.invalid/");
        if (url && !url.startsWith("http://invalid.invalid/") && url.length <= 2000) {
          feeds.push({ url, title: text(outline.title ?? outline.text), siteUrl: absoluteHttpUrl(outline.htmlUrl, url) });
        } else skipped++;
      }
      walk(outline.outlines);
    }
  };
  walk(document.body?.outlines);
  return { feeds, skipped };
}

/** An OPML 2.0 file of the feeds, as feed readers import it. */
export async function buildOpml(feeds: Array<{ url: string; title: string | null; siteUrl: string | null }>, { title, now = new Date() }: { title: string; now?: Date }): Promise<string> {
  const { generateOpml } = await load();
  return generateOpml({
    head: { title, dateCreated: now.toUTCString() },
    body: {
      outlines: feeds.map((feed) => ({
        text: feed.title ?? feed.url,
        title: feed.title ?? feed.url,
        type: "rss",
        xmlUrl: feed.url,
        ...(feed.siteUrl ? { htmlUrl: feed.siteUrl } : {}),
      })),
    },
  });
}
