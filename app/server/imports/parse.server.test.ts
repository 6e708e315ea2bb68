import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ImportFileError, detectFormat, parseImport, parseTime, type ImportEntry, type ParseEvent } from "./parse.server";

const FIXTURES = "tests/fixtures/imports";

/** The file in chunks of `size` bytes, so entries and lines straddle chunk edges. */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function parse(file: string | Uint8Array, size = 7, options?: { maxEntries?: number; maxBytes?: number }) {
  const bytes = typeof file === "string" ? readFileSync(`${FIXTURES}/${file}`) : file;
  const events: ParseEvent[] = [];
  for await (const event of parseImport(chunked(bytes, size), options)) events.push(event);
  const format = events.find((e) => e.kind === "format");
  return {
    format: format?.kind === "format" ? format.format : null,
    entries: events.flatMap((e) => (e.kind === "entry" ? [e.entry] : [])),
    invalid: events.flatMap((e) => (e.kind === "invalid" ? [{ line: e.line, url: e.url }] : [])),
  };
}

async function failure(file: string | Uint8Array, size = 7, options?: { maxEntries?: number }): Promise<ImportFileError> {
  const error = await parse(file, size, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

const pick = (entry: ImportEntry) => ({ line: entry.line, url: entry.url, title: entry.title, tags: entry.tags, savedAt: entry.savedAt?.toISOString() ?? null });

describe("parseImport", () => {
  it("reads a browser's Netscape file: folders become tags (as spelt), the toolbar is not one, dates and descriptions kept", async () => {
    for (const size of [7, 64, 100_000]) {
      const result = await parse("browser-bookmarks.html", size);
      expect(result.format).toBe("netscape-html");
      expect(result.entries.map(pick)).toEqual([
        { line: 13, url: "https://example.test/articles/one", title: "Article one & more", tags: ["Reading", "Essays", "long read"], savedAt: "2020-09-13T12:26:40.000Z" },
        { line: 15, url: "https://example.test/articles/two", title: "Article two", tags: ["Reading"], savedAt: "2020-09-13T12:28:20.000Z" },
        { line: 18, url: "https://EXAMPLE.test/articles/three#top", title: "Article three", tags: ["Reading", "Deep"], savedAt: "2020-09-13T12:30:00.000Z" },
        { line: 21, url: "https://example.test/articles/one", title: "Article one again", tags: [], savedAt: "2020-09-13T12:31:40.000Z" },
        { line: 24, url: "https://example.test/plain", title: "Ünïcödé title", tags: [], savedAt: "2020-09-13T12:35:00.000Z" },
      ]);
      expect(result.entries[0]!.description).toBe("The first article, with a description.");
      expect(result.invalid).toEqual([{ line: 22, url: "javascript:alert(1)" }]);
    }
  });

  it("reads Pocket's HTML and CSV exports, quoted fields included", async () => {
    const html = await parse("pocket.html");
    expect(html.format).toBe("netscape-html");
    expect(html.entries.map((e) => [e.url, e.tags])).toEqual([
      ["https://example.test/pocket/one", ["news", "tech"]],
      ["https://example.test/pocket/two", []],
      ["https://example.test/pocket/three", ["tech"]],
    ]);
    const csv = await parse("pocket.csv", 5);
    expect(csv.format).toBe("pocket-csv");
    expect(csv.entries.map(pick)).toEqual([
      { line: 2, url: "https://example.test/csv/one", title: "Hello, world", tags: ["news", "tech"], savedAt: "2022-08-08T23:06:40.000Z" },
      { line: 3, url: "https://example.test/csv/two", title: 'A "quoted" title', tags: [], savedAt: "2022-08-08T23:08:20.000Z" },
      { line: 5, url: "https://example.test/csv/one", title: "Duplicate", tags: ["dup"], savedAt: "2022-08-08T23:11:40.000Z" },
      { line: 6, url: "https://example.test/csv/three", title: "Multi line title", tags: ["tech"], savedAt: "2022-08-08T23:13:20.000Z" },
    ]);
    expect(csv.invalid).toEqual([{ line: 4, url: "not a url" }]);
  });

  it("reads Karakeep, Linkwarden (the collection is a tag) and Omnivore JSON", async () => {
    const karakeep = await parse("karakeep.json", 11);
    expect(karakeep.format).toBe("karakeep-json");
    expect(karakeep.entries.map(pick)).toEqual([
      { line: 3, url: "https://example.test/karakeep/one", title: "Karakeep one", tags: ["reading", "Dev Tools"], savedAt: "2022-12-02T16:53:20.000Z" },
      { line: 11, url: "https://example.test/karakeep/two", title: null, tags: [], savedAt: "2022-12-02T16:55:00.000Z" },
    ]);
    expect(karakeep.entries[0]!.description).toBe("A note about it");
    expect(karakeep.invalid).toEqual([{ line: 19, url: "" }]);
    const linkwarden = await parse("linkwarden.json", 13);
    expect(linkwarden.format).toBe("linkwarden-json");
    expect(linkwarden.entries.map((e) => [e.url, e.title, e.tags, e.savedAt?.toISOString()])).toEqual([
      ["https://example.test/linkwarden/one", "Linkwarden one", ["Research", "papers"], "2023-05-01T10:00:00.000Z"],
      ["https://example.test/linkwarden/two", "Linkwarden two", ["Research"], "2023-05-02T10:00:00.000Z"],
      ["https://example.test/linkwarden/three", "Linkwarden three", ["Unorganized", "later"], "2023-05-03T10:00:00.000Z"],
    ]);
    const omnivore = await parse("omnivore.json", 3);
    expect(omnivore.format).toBe("omnivore-json");
    expect(omnivore.entries.map((e) => [e.line, e.url, e.tags, e.savedAt?.toISOString()])).toEqual([
      [2, "https://example.test/omnivore/one", ["Newsletters", "tech"], "2023-09-01T08:00:00.000Z"],
      [16, "https://example.test/omnivore/two", [], "2023-09-03T08:00:00.000Z"],
    ]);
  });

  it("reads Omnivore's export zip as it arrives: every metadata file, content skipped, lines within each file", async () => {
    for (const size of [5, 97, 100_000]) {
      const result = await parse("omnivore-export.zip", size);
      expect(result.format).toBe("omnivore-zip");
      expect(result.entries.map((e) => [e.line, e.url, e.title, e.tags, e.savedAt?.toISOString()])).toEqual([
        [2, "https://example.test/omnivore/one", "Omnivore one", ["Newsletters", "tech"], "2023-09-01T08:00:00.000Z"],
        [19, "https://example.test/omnivore/two", "Omnivore two", [], "2023-09-03T08:00:00.000Z"],
        [2, "https://example.test/omnivore/three", "Omnivore three", ["Research"], "2023-10-01T08:00:00.000Z"],
        // A duplicate is the saver's to count; the reader hands it on.
        [25, "https://example.test/omnivore/one", "Omnivore one again", [], "2023-10-03T08:00:00.000Z"],
      ]);
      expect(result.invalid).toEqual([{ line: 16, url: "mailto:someone@example.test" }]);
    }
  });

  it("fails a damaged, cut-short or foreign zip as a whole, saying why", async () => {
    const whole = readFileSync(`${FIXTURES}/omnivore-export.zip`);
    expect((await failure(whole.subarray(0, 300))).message).toMatch(/ends in the middle of a file|damaged/);
    const noMetadata = zipSync({ "notes/readme.txt": strToU8("hello") });
    expect((await failure(noMetadata)).message).toContain("no metadata_*.json");
    const broken = zipSync({ "metadata_0_to_1.json": strToU8('[{"url": "https://example.test/a",\n  "title": }]') });
    const error = await failure(broken);
    expect(error.line).toBe(2);
    expect(error.message).toContain("metadata_0_to_1.json");
    const foreign = zipSync({ "metadata_0_to_1.json": strToU8('{"bookmarks": [{"content": {"url": "https://example.test/a"}}]}') });
    expect((await failure(foreign)).message).toContain("not a list of Omnivore articles");
    // A zip bomb: one metadata file unpacking past the limit stops at the limit.
    const bomb = zipSync({ "metadata_0_to_1.json": new Uint8Array(21 * 1024 * 1024).fill(0x20) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(100_000);
    expect((await failure(bomb, 64 * 1024)).message).toContain("larger than 20 MB unpacked");
  });

  it("reads a plain list, reporting what is not a URL with its line", async () => {
    const list = await parse("urls.txt", 4);
    expect(list.format).toBe("url-list");
    expect(list.entries.map((e) => [e.line, e.url])).toEqual([
      [2, "https://example.test/list/one"],
      [3, "https://example.test/list/two"],
      [7, "https://example.test/list/one"],
      [8, "HTTPS://Example.test/list/three"],
    ]);
    expect(list.invalid).toEqual([
      { line: 5, url: "not a url at all" },
      { line: 6, url: "ftp://example.test/file" },
    ]);
  });

  it("fails a broken file as a whole, saying where", async () => {
    expect((await failure("broken-truncated.json")).message).toMatch(/^Line 12: the file ends before its JSON document does/);
    expect((await failure("broken-quote.csv")).message).toBe("Line 3: a quoted field is never closed");
    expect((await failure(new TextEncoder().encode('{"bookmarks": [{"content": {"url": "https://a.test"}} {"x": 1}]}'))).message).toBe('Line 1: expected "," or "]"');
    expect((await failure(new Uint8Array([0x68, 0x74, 0x74, 0x70, 0x0a, 0xff, 0xfe, 0x0a]))).message).toMatch(/not UTF-8 text/);
    expect((await failure(new TextEncoder().encode("<html><body><p>Hello</p></body></html>"))).message).toMatch(/no bookmarks found/);
    expect((await failure(new TextEncoder().encode("   \n  "))).message).toMatch(/empty/);
    expect((await failure("urls.txt", 7, { maxEntries: 2 })).message).toBe("Line 7: the file holds more than 2 bookmarks");
  });

  it("tells formats apart from the first characters, and reads every exporter's clock", () => {
    expect(detectFormat("\uFEFF  <!DOCTYPE NETSCAPE-Bookmark-file-1>")).toBe("html");
    expect(detectFormat('title,url,time_added\n"a"')).toBe("csv");
    expect(detectFormat("https://a.test/,b\n")).toBe("list");
    expect(parseTime(1600000000)?.toISOString()).toBe("2020-09-13T12:26:40.000Z");
    expect(parseTime("1600000000000")?.toISOString()).toBe("2020-09-13T12:26:40.000Z");
    expect(parseTime(1600000000000000)?.toISOString()).toBe("2020-09-13T12:26:40.000Z");
    expect(parseTime("not a date")).toBeNull();
    expect(parseTime(Date.now() + 10 * 86_400_000)).toBeNull();
  });
});
