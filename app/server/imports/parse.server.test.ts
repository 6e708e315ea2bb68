import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ZipWriter } from "./zip.server";
import { ImportFileError, ImportLimitError, detectFormat, parseImport, parseTime, type ImportEntry, type ImportLimits, type ParseEvent } from "./parse.server";

const FIXTURES = "tests/fixtures/imports";

/** The file in chunks of `size` bytes, so entries and lines straddle chunk edges. */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function parse(file: string | Uint8Array, size = 7, options?: Partial<ImportLimits>) {
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

async function failure(file: string | Uint8Array, size = 7, options?: Partial<ImportLimits>): Promise<ImportFileError> {
  const error = await parse(file, size, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

/** A bookmark file whose folders nest `depth` deep, a bookmark in each (as a hostile upload has them). */
function nestedFolders(depth: number): Uint8Array {
  const parts = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<DL><p>\n"];
  for (let i = 0; i < depth; i++) parts.push(`<DT><H3>Folder ${i}</H3>\n<DL><p>\n<DT><A HREF="https://example.test/${i}">Link ${i}</A>\n`);
  parts.push("</DL><p>\n".repeat(depth + 1));
  return new TextEncoder().encode(parts.join(""));
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

  it("keeps the read state the file has (decision 056): Pocket's archive, Instapaper's Archive folder, Omnivore's archived or read-through articles", async () => {
    const state = (entries: ImportEntry[]) => entries.map((e) => [e.url, e.read ?? false, e.archived ?? false]);
    expect(state((await parse("pocket.html", 9)).entries)).toEqual([
      ["https://example.test/pocket/one", false, false],
      ["https://example.test/pocket/two", false, false],
      ["https://example.test/pocket/three", true, true],
    ]);
    expect(state((await parse("pocket.csv", 5)).entries)).toEqual([
      ["https://example.test/csv/one", false, false],
      ["https://example.test/csv/two", true, true],
      ["https://example.test/csv/one", false, false],
      ["https://example.test/csv/three", false, false],
    ]);
    const instapaper = await parse("instapaper.csv", 6);
    expect(instapaper.format).toBe("pocket-csv");
    expect(state(instapaper.entries)).toEqual([
      ["https://example.test/instapaper/one", false, false],
      ["https://example.test/instapaper/two", true, true],
      ["https://example.test/instapaper/three", false, false],
    ]);
    expect(instapaper.entries.map((e) => [e.title, e.savedAt?.toISOString()])[1]).toEqual(["Instapaper, two", "2023-07-22T04:28:20.000Z"]);
    expect(state((await parse("omnivore.json", 3)).entries)).toEqual([
      ["https://example.test/omnivore/one", true, true],
      ["https://example.test/omnivore/two", false, false],
    ]);
    const progress = new TextEncoder().encode(
      JSON.stringify([
        { url: "https://example.test/o/read", state: "Succeeded", readingProgress: 99, savedAt: "2023-09-01T08:00:00.000Z" },
        { url: "https://example.test/o/half", state: "Succeeded", readingProgress: 40, savedAt: "2023-09-01T08:00:00.000Z" },
      ]),
    );
    expect(state((await parse(progress, 16)).entries)).toEqual([
      ["https://example.test/o/read", true, false],
      ["https://example.test/o/half", false, false],
    ]);
    // A browser's file has no read state: its <h1> is not Pocket's archive.
    expect((await parse("browser-bookmarks.html", 64)).entries.every((e) => e.read === undefined && e.archived === undefined)).toBe(true);
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
  });

  it("reads a metadata file as it unpacks, however large, within the archive's limits", async () => {
    const article = '[{"url": "https://example.test/big", "title": "Big"}';
    const zip = new ZipWriter();
    const big = Buffer.concat([zip.add("metadata_0_to_1.json", `${article}${" ".repeat(21 * 1024 * 1024)}]`), zip.finish()]);
    const result = await parse(big, 64 * 1024);
    expect(result.entries.map((e) => [e.line, e.url, e.title])).toEqual([[1, "https://example.test/big", "Big"]]);
  }, 30_000);

  it("stops a zip bomb at the archive's limits, as a limit: what its metadata unpacks to, and its number of files", async () => {
    // 200 metadata files of 19 MB in a 3.9 MB archive (D2 of issue #33), in miniature: 12 files of 1 MB against a 10 MB limit.
    const spaces = new Uint8Array(1024 * 1024).fill(0x20);
    spaces[0] = 0x5b;
    spaces[spaces.length - 1] = 0x5d;
    const zip = new ZipWriter();
    const bomb = Buffer.concat([...Array.from({ length: 12 }, (_, i) => zip.add(`metadata_${i}_to_${i + 1}.json`, spaces)), zip.finish()]);
    expect(bomb.byteLength).toBeLessThan(100_000);
    const unpacked = await failure(bomb, 64 * 1024, { maxUnpackedBytes: 10 * 1024 * 1024 });
    expect(unpacked).toBeInstanceOf(ImportLimitError);
    expect(unpacked.reason).toBe("the archive's metadata files unpack to more than 10 MB (10 MB at most)");
    // Within the limit the same files are read through (no articles: no bookmarks).
    expect((await failure(bomb, 64 * 1024, { maxUnpackedBytes: 13 * 1024 * 1024 })).message).not.toMatch(/unpack to more/);
    const many = zipSync(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`content/${i}.html`, strToU8("<p>x</p>")])));
    const counted = await failure(many, 1024, { maxZipFiles: 20 });
    expect(counted).toBeInstanceOf(ImportLimitError);
    expect(counted.reason).toBe("the archive holds more than 20 files");
  });

  it("refuses folders nested more than 100 deep at the first folder too deep, as a limit; 100 deep is read", async () => {
    const deep = await failure(nestedFolders(1_000), 64 * 1024);
    expect(deep).toBeInstanceOf(ImportLimitError);
    expect(deep.reason).toBe("folders nest more than 100 deep (100 at most)");
    // The 101st list opens on the line after the 100th folder's bookmark: 3 lines a level after 3 of heading.
    expect(deep.line).toBe(3 + 3 * 100 + 2);
    const atLimit = await parse(nestedFolders(100), 64 * 1024);
    expect(atLimit.entries).toHaveLength(100);
    expect(atLimit.entries.at(-1)!.tags).toHaveLength(20);
  });

  it("refuses JSON nested more than 100 deep, as a limit", async () => {
    const deep = new TextEncoder().encode(`{"bookmarks": [{"content": {"url": "https://example.test/a"}, "extra": ${"[".repeat(1_000)}${"]".repeat(1_000)}}]}`);
    const error = await failure(deep, 4096);
    expect(error).toBeInstanceOf(ImportLimitError);
    expect(error.reason).toBe("the JSON nests more than 100 deep (100 at most)");
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
    const many = await failure("urls.txt", 7, { maxEntries: 2 });
    expect(many.message).toBe("Line 7: the file holds more than 2 bookmarks");
    expect(many).toBeInstanceOf(ImportLimitError);
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
