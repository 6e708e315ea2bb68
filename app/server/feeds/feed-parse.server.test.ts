import { describe, expect, it } from "vitest";
import { NOT_A_FEED, buildOpml, discoverFeedLinks, looksLikeHtml, newestEntries, parseFeedDocument, parseOpmlDocument, type FeedEntry } from "./feed-parse.server";
import { backoffMs, failureReason } from "./feeds.server";
import { FetchError } from "../fetching/fetcher.server";

const RSS = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Tom &amp; Co</title><link>https://example.com/</link>
<item><title>First</title><link>/posts/1</link><guid isPermaLink="false">post-1</guid><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate></item>
<item><title><![CDATA[Second <b>bold</b>]]></title><guid>https://example.com/posts/2</guid></item>
<item><title>No address</title><guid isPermaLink="false">x</guid></item>
<item><title>Mail</title><link>mailto:a@example.com</link></item>
</channel></rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">An Atom feed</title><id>urn:feed</id><updated>2026-11-02T00:00:00Z</updated>
<link rel="self" href="https://example.org/atom.xml"/><link rel="alternate" href="https://example.org/"/>
<entry><id>urn:entry:1</id><title>One</title><updated>2026-11-01T00:00:00Z</updated><link rel="alternate" href="https://example.org/one"/><link rel="replies" href="https://example.org/one#comments"/></entry>
</feed>`;

const JSON_FEED = JSON.stringify({
  version: "https://jsonfeed.org/version/1.1",
  title: "A JSON feed",
  home_page_url: "https://example.net/",
  items: [
    { id: "j1", url: "https://example.net/j1", title: "J one", date_published: "2026-11-01T00:00:00Z" },
    { id: "j2", external_url: "https://elsewhere.example/j2", content_text: "no title" },
  ],
});

describe("parseFeedDocument", () => {
  it("reads RSS: the title decoded, relative links against the site, a permalink guid as the address, items without an http(s) address left out", async () => {
    const feed = await parseFeedDocument(RSS, "https://example.com/feed.xml");
    expect(feed.title).toBe("Tom & Co");
    expect(feed.siteUrl).toBe("https://example.com/");
    expect(feed.entries).toEqual([
      { key: "post-1", url: "https://example.com/posts/1", title: "First", publishedAt: Date.parse("2026-11-02T10:00:00Z") },
      { key: "https://example.com/posts/2", url: "https://example.com/posts/2", title: "Second bold", publishedAt: null },
    ]);
  });

  it("reads Atom: the alternate link, the entry id as its key", async () => {
    const feed = await parseFeedDocument(ATOM, "https://example.org/atom.xml");
    expect(feed).toEqual({
      title: "An Atom feed",
      siteUrl: "https://example.org/",
      entries: [{ key: "urn:entry:1", url: "https://example.org/one", title: "One", publishedAt: Date.parse("2026-11-01T00:00:00Z") }],
    });
  });

  it("reads JSON Feed, external_url when there is no url", async () => {
    const feed = await parseFeedDocument(JSON_FEED, "https://example.net/feed.json");
    expect(feed.title).toBe("A JSON feed");
    expect(feed.siteUrl).toBe("https://example.net/");
    expect(feed.entries.map((entry) => [entry.key, entry.url, entry.title])).toEqual([
      ["j1", "https://example.net/j1", "J one"],
      ["j2", "https://elsewhere.example/j2", null],
    ]);
  });

  it("refuses a page, JSON that is not a feed, and nothing at all", async () => {
    for (const body of ["<!doctype html><html><body>Hi</body></html>", '{"hello": "world"}', "", "<rss"]) {
      await expect(parseFeedDocument(body, "https://example.com/")).rejects.toThrow(NOT_A_FEED);
    }
  });
});

describe("newestEntries", () => {
  const entry = (key: string, publishedAt: number | null): FeedEntry => ({ key, url: `https://example.com/${key}`, title: key, publishedAt });

  it("takes the newest by date when every entry has one", () => {
    expect(newestEntries([entry("a", 1), entry("b", 3), entry("c", 2)], 2).map((e) => e.key)).toEqual(["b", "c"]);
  });

  it("keeps the feed's own order when a date is missing, and drops repeated keys", () => {
    expect(newestEntries([entry("a", 1), entry("b", null), entry("a", 5), entry("c", 2)], 10).map((e) => e.key)).toEqual(["a", "b", "c"]);
  });
});

describe("discoverFeedLinks", () => {
  it("finds rel=alternate feeds of the three types in order, resolved against <base>, entities decoded", () => {
    const page = `<!doctype html><html><head><base href="https://blog.example/sub/">
      <link rel="stylesheet" href="/s.css">
      <link rel="alternate" type="application/rss+xml" title="RSS" href="feed.xml?a=1&amp;b=2">
      <LINK REL="Alternate" TYPE="application/atom+xml" HREF='/atom.xml'>
      <link rel="alternate" type="application/feed+json" href="https://blog.example/feed.json">
      <link rel="alternate" hreflang="fr" href="/fr/">
      <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
      </head><body></body></html>`;
    expect(discoverFeedLinks(page, "https://blog.example/")).toEqual([
      "https://blog.example/sub/feed.xml?a=1&b=2",
      "https://blog.example/atom.xml",
      "https://blog.example/feed.json",
    ]);
  });

  it("finds nothing on a page without feed links", () => {
    expect(discoverFeedLinks("<html><head><title>x</title></head></html>", "https://example.com/")).toEqual([]);
  });
});

describe("looksLikeHtml", () => {
  it("goes by the content type, then by the start of the document", () => {
    expect(looksLikeHtml("text/html", "<rss/>")).toBe(true);
    expect(looksLikeHtml("text/plain", "<!-- hi -->\n<!DOCTYPE html><html>")).toBe(true);
    expect(looksLikeHtml("application/xml", '<?xml version="1.0"?><rss/>')).toBe(false);
  });
});

describe("OPML", () => {
  it("round-trips feeds, folders flattened, outlines without an http(s) xmlUrl counted as skipped", async () => {
    const file = await buildOpml(
      [
        { url: "https://example.com/feed.xml?a=1&b=2", title: "Tom & Co", siteUrl: "https://example.com/" },
        { url: "https://example.org/atom.xml", title: null, siteUrl: null },
      ],
      { title: "Linkwise feeds", now: new Date("2026-11-30T00:00:00Z") },
    );
    expect(file).toContain('xmlUrl="https://example.com/feed.xml?a=1&amp;b=2"');
    expect((await parseOpmlDocument(file)).feeds).toEqual([
      { url: "https://example.com/feed.xml?a=1&b=2", title: "Tom & Co", siteUrl: "https://example.com/" },
      { url: "https://example.org/atom.xml", title: "https://example.org/atom.xml", siteUrl: null },
    ]);
    const nested = `<opml version="1.0"><body><outline text="Folder"><outline text="A" xmlUrl="https://a.example/rss"/><outline text="Bad" xmlUrl="ftp://x/"/></outline><outline text="Rel" xmlUrl="/relative"/></body></opml>`;
    expect(await parseOpmlDocument(nested)).toEqual({ feeds: [{ url: "https://a.example/rss", title: "A", siteUrl: null }], skipped: 2 });
  });

  it("refuses a file that is not OPML", async () => {
    await expect(parseOpmlDocument("<html></html>")).rejects.toThrow("That file is not an OPML outline");
  });
});

describe("a failing feed", () => {
  it("backs off 1 h, doubling, up to 24 h", () => {
    expect([1, 2, 3, 5, 6, 20].map((failures) => backoffMs(failures) / 3_600_000)).toEqual([1, 2, 4, 16, 24, 24]);
  });

  it("shows a short reason", () => {
    expect(failureReason(new FetchError("The page answered 404 Not Found", true, "http-status"))).toBe("HTTP 404");
    expect(failureReason(new FetchError("The page took longer than 15 s", false, "timeout"))).toBe("Timed out");
    expect(failureReason(new FetchError("The page is larger than 5 MB", true, "too-large"))).toBe("The feed is larger than 5 MB");
  });
});
