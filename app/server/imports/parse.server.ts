import { Parser } from "htmlparser2";
import { isValidLinkUrl } from "~/lib/links";
import { IMPORT_MAX_BYTES, IMPORT_MAX_DEPTH, IMPORT_MAX_ENTRIES, IMPORT_MAX_UNPACKED_BYTES, IMPORT_MAX_ZIP_FILES, type ImportFormat } from "~/lib/imports";
import { uniqueTags } from "~/lib/tags";
import { isZip, readZipPieces, ZipReadError } from "./unzip.server";

/**
 * Bookmark files read as a stream: every format goes through one pass over the text, a chunk at a
 * time, and yields one entry per bookmark as soon as it is complete, so a 50 MB file never sits
 * in memory whole. A file that cannot be read as its format throws ImportFileError with the line.
 */

export interface ImportEntry {
  line: number;
  url: string;
  title: string | null;
  description: string | null;
  tags: string[];
  savedAt: Date | null;
  /**
   * The file's read state (decision 056): read (Pocket's archive, Instapaper's Archive folder,
   * Omnivore's archived or read-through articles) and archived; a new link starts so.
   */
  read?: boolean;
  archived?: boolean;
  /** Our own export's whole record, restored as it was. */
  payload?: Record<string, unknown>;
}

export type ParseEvent =
  | { kind: "format"; format: ImportFormat }
  | { kind: "entry"; entry: ImportEntry }
  | { kind: "invalid"; line: number; url: string; reason: string };

/** The file as a whole cannot be imported; `line` says where reading stopped. */
export class ImportFileError extends Error {
  override name = "ImportFileError";
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(line > 0 ? `Line ${line}: ${reason}` : reason);
  }
}

/**
 * The file is over one of the limits that keep an upload from taking the server's memory or time
 * (size, bookmarks, nesting, an archive's files and what it unpacks to): a 400, not a broken file.
 * `line` is 0 where no line is to blame (the whole file took too long to read).
 */
export class ImportLimitError extends ImportFileError {
  override name = "ImportLimitError";
}

/** The limits a file is read within (IMPORT_MAX_* by default; tests give smaller ones). */
export interface ImportLimits {
  maxBytes: number;
  maxEntries: number;
  maxDepth: number;
  maxZipFiles: number;
  maxUnpackedBytes: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxBytes: IMPORT_MAX_BYTES,
  maxEntries: IMPORT_MAX_ENTRIES,
  maxDepth: IMPORT_MAX_DEPTH,
  maxZipFiles: IMPORT_MAX_ZIP_FILES,
  maxUnpackedBytes: IMPORT_MAX_UNPACKED_BYTES,
};

const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 50;
const MAX_TEXT = 2_000;

export function cleanTags(raw: unknown[]): string[] {
  const names = raw.map((item) =>
    typeof item === "string" ? item : item && typeof item === "object" && "name" in item ? String((item as { name: unknown }).name) : "",
  );
  return uniqueTags(names, { max: MAX_TAGS, maxLength: MAX_TAG_LENGTH });
}

function cleanText(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(/\s+/g, " ").trim();
  return text ? text.slice(0, MAX_TEXT) : null;
}

/** Seconds, milliseconds or microseconds since 1970 (exporters differ), or an ISO date. */
export function parseTime(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  let date: Date;
  if (typeof value === "number" || (typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return null;
    date = new Date(n > 1e14 ? n / 1000 : n > 1e11 ? n : n * 1000);
  } else if (typeof value === "string") {
    date = new Date(value);
  } else {
    return null;
  }
  const time = date.getTime();
  // Nothing before the web, nothing from the future beyond a day of clock skew.
  return Number.isNaN(time) || time < Date.UTC(1990, 0, 1) || time > Date.now() + 86_400_000 ? null : date;
}

function entryOrInvalid(entry: ImportEntry): ParseEvent {
  const url = entry.url.trim();
  if (!isValidLinkUrl(url)) return { kind: "invalid", line: entry.line, url: url.slice(0, 300), reason: "not an http(s) URL" };
  return { kind: "entry", entry: { ...entry, url } };
}

/** Newline offsets of the recent chunks: a parser callback's offset becomes a line number. */
class LineIndex {
  private chunks: Array<{ start: number; firstLine: number; newlines: number[] }> = [];
  private offset = 0;
  private lines = 1;

  add(text: string): void {
    const newlines: number[] = [];
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) newlines.push(this.offset + i);
    this.chunks.push({ start: this.offset, firstLine: this.lines, newlines });
    if (this.chunks.length > 8) this.chunks.shift();
    this.offset += text.length;
    this.lines += newlines.length;
  }

  get current(): number {
    return this.lines;
  }

  lineAt(offset: number): number {
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const chunk = this.chunks[c]!;
      if (offset < chunk.start && c > 0) continue;
      let line = chunk.firstLine;
      for (const newline of chunk.newlines) {
        if (newline >= offset) break;
        line++;
      }
      return line;
    }
    return 1;
  }
}

/** UTF-8 text in chunks, with the byte limit; invalid UTF-8 or binary data fail the file. */
async function* decode(source: AsyncIterable<Uint8Array>, lines: { current: number }, maxBytes: number): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  const check = (text: string) => {
    if (text.includes("\u0000")) throw new ImportFileError(lines.current, "the file holds binary data, not text");
    return text;
  };
  try {
    for await (const chunk of source) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) throw new ImportLimitError(lines.current, `the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield check(text);
    }
    const rest = decoder.decode();
    if (rest) yield check(rest);
  } catch (error) {
    if (error instanceof TypeError) throw new ImportFileError(lines.current, "the file is not UTF-8 text");
    throw error;
  }
}

/** Which format a file is in, from its first characters. */
export function detectFormat(head: string): "html" | "json" | "csv" | "list" {
  const start = head.replace(/^\uFEFF/, "").trimStart();
  if (start.startsWith("<")) return "html";
  if (start.startsWith("{") || start.startsWith("[")) return "json";
  const firstLine = start.split(/\r?\n/, 1)[0] ?? "";
  if (firstLine.includes(",") && firstLine.split(",").some((cell) => cell.trim().replace(/^"|"$/g, "").toLowerCase() === "url")) return "csv";
  return "list";
}

/**
 * Reads a bookmark file and yields its format first, then its entries and invalid lines. Throws
 * ImportFileError when the file as a whole is unreadable, too big or holds too many bookmarks.
 */
export async function* parseImport(source: AsyncIterable<Uint8Array>, options: Partial<ImportLimits> = {}): AsyncGenerator<ParseEvent> {
  const limits = { ...DEFAULT_IMPORT_LIMITS, ...options };
  const { maxBytes, maxEntries, maxDepth } = limits;
  const { head: firstBytes, stream } = await peekBytes(source, 4);
  if (isZip(firstBytes)) {
    yield* parseOmnivoreZip(stream, limits);
    return;
  }
  const lines = new LineIndex();
  const text = decode(stream, lines, maxBytes);
  // Peek far enough to see the first line, then hand the same stream on.
  let head = "";
  const buffered: string[] = [];
  // Not a for-await loop: leaving one early would close the stream.
  for (let next = await text.next(); !next.done; next = await text.next()) {
    buffered.push(next.value);
    head += next.value;
    if (head.trim().length > 0 && (head.length >= 4096 || /\n/.test(head.trimStart()))) break;
  }
  async function* all(): AsyncGenerator<string> {
    for (const chunk of buffered) {
      lines.add(chunk);
      yield chunk;
    }
    for await (const chunk of text) {
      lines.add(chunk);
      yield chunk;
    }
  }
  if (head.trim().length === 0) throw new ImportFileError(1, "the file is empty");
  const kind = detectFormat(head);
  const parsers = { html: () => parseHtml(all(), lines, maxDepth), json: () => parseJson(all(), maxDepth), csv: () => parseCsv(all()), list: () => parseList(all()) };
  let count = 0;
  for await (const event of parsers[kind]()) {
    if (event.kind === "entry" && ++count > maxEntries) {
      throw new ImportLimitError(event.entry.line, `the file holds more than ${maxEntries.toLocaleString("en")} bookmarks`);
    }
    yield event;
  }
}

/** The first `count` bytes of a stream (fewer if it is shorter), and the whole stream again. */
async function peekBytes(source: AsyncIterable<Uint8Array>, count: number): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < count) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    seen.push(next.value);
    size += next.value.byteLength;
  }
  async function* stream(): AsyncGenerator<Uint8Array> {
    yield* seen;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: Buffer.concat(seen).subarray(0, count), stream: stream() };
}

/** Omnivore's metadata files inside its export archive, at its root or in one folder. */
const OMNIVORE_METADATA = /^(?:[^/]+\/)?metadata_[^/]*\.json$/;

/**
 * Omnivore's export: a ZIP of `metadata_<from>_to_<to>.json` files (arrays of articles, read
 * as Omnivore JSON) beside the articles' content, which is not needed to import them. Each
 * metadata file is read as it unpacks. A line number in an error or an invalid entry is within
 * its metadata file, which the message names.
 */
async function* parseOmnivoreZip(source: AsyncIterable<Uint8Array>, limits: ImportLimits): AsyncGenerator<ParseEvent> {
  yield { kind: "format", format: "omnivore-zip" };
  const pieces = readZipPieces(source, { select: (name) => OMNIVORE_METADATA.test(name), maxBytes: limits.maxBytes, maxFiles: limits.maxZipFiles, maxUnpackedBytes: limits.maxUnpackedBytes });
  let files = 0;
  let count = 0;
  try {
    // Not a for-await loop: each file's text is read from the same pieces, in turn.
    let next = await pieces.next();
    while (!next.done) {
      const { index, name } = next.value;
      files++;
      async function* text(): AsyncGenerator<string> {
        const decoder = new TextDecoder("utf-8", { fatal: true });
        try {
          while (!next.done && next.value.index === index) {
            const piece = next.value;
            const part = decoder.decode(piece.data, { stream: !piece.final });
            next = await pieces.next();
            if (part) yield part;
          }
        } catch (error) {
          if (error instanceof TypeError) throw new ImportFileError(1, `${name} is not UTF-8 text`);
          throw error;
        }
      }
      const chunks = text();
      try {
        for await (const event of parseJson(chunks, limits.maxDepth)) {
          if (event.kind === "format") {
            if (event.format !== "omnivore-json") throw new ImportFileError(1, `${name} is not a list of Omnivore articles`);
            continue;
          }
          if (event.kind === "entry" && ++count > limits.maxEntries) {
            throw new ImportLimitError(event.entry.line, `the archive holds more than ${limits.maxEntries.toLocaleString("en")} bookmarks`);
          }
          yield event;
        }
      } catch (error) {
        if (error instanceof ImportFileError && !error.reason.includes(name)) {
          const Failure = error instanceof ImportLimitError ? ImportLimitError : ImportFileError;
          throw new Failure(error.line, `in ${name}, ${error.reason}`);
        }
        throw error;
      }
    }
  } catch (error) {
    // An archive over a limit is so as a whole, not at a line of it.
    if (error instanceof ZipReadError) throw error.limit ? new ImportLimitError(0, error.message) : new ImportFileError(1, error.message);
    throw error;
  }
  if (files === 0) throw new ImportFileError(1, "the archive holds no metadata_*.json file (is it Omnivore's export?)");
}

/**
 * Netscape bookmark files (every browser, Pocket, Raindrop, Karakeep, Linkwarden): an `<A>` per
 * bookmark, `<H3>` folders around `<DL>` lists, an optional `<DD>` description after each.
 */
async function* parseHtml(chunks: AsyncIterable<string>, lines: LineIndex, maxDepth: number): AsyncGenerator<ParseEvent> {
  const out: ParseEvent[] = [];
  const folders: Array<string | null> = [];
  let pendingFolder: string | null = null;
  let capture: "folder" | "title" | "description" | "heading" | null = null;
  let buffer = "";
  let skipFolder = false;
  // Pocket's HTML export lists its archive under <h1>Read Archive</h1> (the rest under Unread).
  let inArchive = false;
  let current: ImportEntry | null = null;
  let sawBookmarkList = false;
  const flush = () => {
    if (current) out.push(entryOrInvalid(current));
    current = null;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "h1") {
          capture = "heading";
          buffer = "";
        } else if (name === "h3") {
          capture = "folder";
          buffer = "";
          // A browser's own root folders are places, not topics.
          skipFolder = "personal_toolbar_folder" in attributes || "unfiled_bookmarks_folder" in attributes;
        } else if (name === "dl" || name === "ul") {
          sawBookmarkList = true;
          // Each bookmark takes every folder around it as a tag: thousands deep would cost each one thousands.
          if (folders.length > maxDepth) throw new ImportLimitError(lines.lineAt(parser.startIndex), `folders nest more than ${maxDepth} deep (${maxDepth} at most)`);
          folders.push(pendingFolder);
          pendingFolder = null;
        } else if (name === "a") {
          flush();
          const href = attributes.href;
          if (href === undefined) return;
          const tags = (attributes.tags ?? "").split(/[,|]/);
          const folderTags = folders.filter((folder): folder is string => folder !== null);
          current = {
            line: lines.lineAt(parser.startIndex),
            url: href,
            title: null,
            description: null,
            tags: cleanTags([...folderTags, ...tags]),
            savedAt: parseTime(attributes.add_date ?? attributes.time_added),
            ...(inArchive ? { read: true, archived: true } : {}),
          };
          capture = "title";
          buffer = "";
        } else if (name === "dd" && current) {
          capture = "description";
          buffer = "";
        }
      },
      ontext(data) {
        if (capture) buffer += data.length + buffer.length > MAX_TEXT * 2 ? "" : data;
      },
      onclosetag(name) {
        if (name === "h1" && capture === "heading") {
          inArchive = /^read archive$/i.test(cleanText(buffer) ?? "");
          capture = null;
        } else if (name === "h3" && capture === "folder") {
          pendingFolder = skipFolder ? null : cleanText(buffer);
          capture = null;
        } else if (name === "a" && capture === "title" && current) {
          current.title = cleanText(buffer);
          capture = null;
        } else if (name === "dd" && capture === "description" && current) {
          current.description = cleanText(buffer);
          capture = null;
        } else if (name === "dl" || name === "ul") {
          if (capture === "description" && current) current.description = cleanText(buffer);
          capture = null;
          flush();
          folders.pop();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  let format: ImportFormat | null = null;
  for await (const chunk of chunks) {
    if (!format) {
      format = "netscape-html";
      yield { kind: "format", format };
    }
    parser.write(chunk);
    yield* out.splice(0);
  }
  parser.end();
  if (capture === "description" && current) (current as ImportEntry).description = cleanText(buffer);
  flush();
  if (out.length === 0 && !sawBookmarkList) throw new ImportFileError(lines.current, "no bookmarks found: this HTML file is not a bookmark export");
  yield* out.splice(0);
}

/** CSV rows with quoted fields (which may hold commas, quotes and newlines). */
async function* csvRows(chunks: AsyncIterable<string>): AsyncGenerator<{ line: number; cells: string[] }> {
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let quoteLine = 0;
  let afterQuote = false;
  let line = 1;
  let rowLine = 1;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (quoted) {
        if (c === '"') {
          quoted = false;
          afterQuote = true;
        } else {
          if (c === "\n") line++;
          cell += c;
        }
        continue;
      }
      if (c === '"') {
        // "" inside a quoted field is a quote.
        if (afterQuote) cell += '"';
        else if (cell.length > 0) throw new ImportFileError(line, "a quote in the middle of an unquoted field");
        quoted = true;
        quoteLine = line;
        afterQuote = false;
        continue;
      }
      afterQuote = false;
      if (c === ",") {
        cells.push(cell);
        cell = "";
      } else if (c === "\n") {
        cells.push(cell.replace(/\r$/, ""));
        if (cells.some((value) => value.trim() !== "")) yield { line: rowLine, cells };
        cells = [];
        cell = "";
        line++;
        rowLine = line;
      } else {
        cell += c;
      }
      if (cell.length > 100_000) throw new ImportFileError(line, "a field longer than 100,000 characters");
    }
  }
  if (quoted) throw new ImportFileError(quoteLine, "a quoted field is never closed");
  cells.push(cell.replace(/\r$/, ""));
  if (cells.some((value) => value.trim() !== "")) yield { line: rowLine, cells };
}

/**
 * Whether a CSV row says the link was read and archived: Pocket's status "archive", Instapaper's
 * folder "Archive" (its other folders, Unread and Starred among them, are not read).
 */
const csvArchived = (row: Record<string, string>) => row.status?.trim().toLowerCase() === "archive" || row.folder?.trim().toLowerCase() === "archive";

/**
 * Pocket's CSV export (title, url, time_added, tags separated by |, status) and Instapaper's
 * (URL, Title, Selection, Folder, Timestamp, Tags).
 */
async function* parseCsv(chunks: AsyncIterable<string>): AsyncGenerator<ParseEvent> {
  let header: string[] | null = null;
  yield { kind: "format", format: "pocket-csv" };
  for await (const { line, cells } of csvRows(chunks)) {
    if (!header) {
      header = cells.map((cell) => cell.trim().toLowerCase());
      continue;
    }
    if (cells.length !== header.length) throw new ImportFileError(line, `expected ${header.length} fields, found ${cells.length}`);
    const row = Object.fromEntries(header.map((name, i) => [name, cells[i]!]));
    yield entryOrInvalid({
      line,
      url: row.url ?? "",
      title: cleanText(row.title),
      description: cleanText(row.excerpt ?? row.description),
      tags: cleanTags((row.tags ?? "").split(/[|,]/)),
      savedAt: parseTime(row.time_added ?? row.created ?? row.timestamp),
      ...(csvArchived(row) ? { read: true, archived: true } : {}),
    });
  }
}

/** One URL a line; blank lines and # comments are skipped. */
async function* parseList(chunks: AsyncIterable<string>): AsyncGenerator<ParseEvent> {
  yield { kind: "format", format: "url-list" };
  let line = 1;
  let rest = "";
  const one = (text: string, at: number): ParseEvent | null => {
    const value = text.trim();
    if (!value || value.startsWith("#")) return null;
    if (/\s/.test(value)) return { kind: "invalid", line: at, url: value.slice(0, 300), reason: "not an http(s) URL" };
    return entryOrInvalid({ line: at, url: value, title: null, description: null, tags: [], savedAt: null });
  };
  for await (const chunk of chunks) {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop()!;
    if (rest.length > 100_000) throw new ImportFileError(line, "a line longer than 100,000 characters");
    for (const part of parts) {
      const event = one(part, line++);
      if (event) yield event;
    }
  }
  const last = one(rest, line);
  if (last) yield last;
}

type JsonPath = Array<string | number>;

/** Which values of a JSON document are bookmarks (or a Linkwarden collection's name). */
function jsonTarget(path: JsonPath): { format: ImportFormat; what: "entry" | "collection-name" } | null {
  const [a, b, c, d, e] = path;
  if (path.length === 1 && typeof a === "number") return { format: "omnivore-json", what: "entry" };
  if (path.length === 2 && typeof b === "number" && a === "bookmarks") return { format: "karakeep-json", what: "entry" };
  if (path.length === 2 && typeof b === "number" && a === "links") return { format: "linkwise-json", what: "entry" };
  if (path.length === 3 && a === "collections" && typeof b === "number" && c === "name") return { format: "linkwarden-json", what: "collection-name" };
  if (path.length === 4 && a === "collections" && typeof b === "number" && c === "links" && typeof d === "number" && e === undefined) {
    return { format: "linkwarden-json", what: "entry" };
  }
  return null;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Omnivore's reading progress (a percentage) from which an article counts as read: a reader scrolled to the end may stop just short of 100. */
const OMNIVORE_READ_PERCENT = 98;

function jsonEntry(format: ImportFormat, value: unknown, line: number, collection: string | null): ImportEntry {
  const item = record(value);
  switch (format) {
    case "karakeep-json": {
      const content = record(item.content);
      return {
        line,
        url: String(content.url ?? item.url ?? ""),
        title: cleanText(item.title ?? content.title),
        description: cleanText(content.description ?? item.note),
        tags: cleanTags(Array.isArray(item.tags) ? item.tags : []),
        savedAt: parseTime(item.createdAt),
      };
    }
    case "linkwarden-json":
      return {
        line,
        url: String(item.url ?? ""),
        title: cleanText(item.name ?? item.title),
        description: cleanText(item.description),
        tags: cleanTags([...(collection ? [collection] : []), ...(Array.isArray(item.tags) ? item.tags : [])]),
        savedAt: parseTime(item.createdAt),
      };
    case "linkwise-json":
      return {
        line,
        url: String(item.url ?? ""),
        title: cleanText(item.title),
        description: cleanText(item.description),
        tags: cleanTags(Array.isArray(item.tags) ? item.tags : []),
        savedAt: parseTime(item.saved_at ?? item.savedAt),
        payload: item,
      };
    default: {
      // Omnivore: an archived article is done with (read and archived); one read to its end
      // (readingProgress, a percentage) is read.
      const archived = item.state === "Archived" || item.isArchived === true;
      const read = archived || (typeof item.readingProgress === "number" && item.readingProgress >= OMNIVORE_READ_PERCENT);
      return {
        line,
        url: String(item.url ?? ""),
        title: cleanText(item.title),
        description: cleanText(item.description),
        tags: cleanTags(Array.isArray(item.labels) ? item.labels : []),
        savedAt: parseTime(item.savedAt ?? item.createdAt),
        ...(read ? { read: true } : {}),
        ...(archived ? { archived: true } : {}),
      };
    }
  }
}

type Expect = "value" | "key" | "colon" | "comma-or-end" | "value-or-end" | "key-or-end" | "done";
interface Frame {
  kind: "object" | "array";
  key: string | number | null;
}

/**
 * JSON exports (Karakeep, Linkwarden, Omnivore, ours): a small streaming scanner follows the
 * document's structure and hands each bookmark object, and only that, to JSON.parse, so memory
 * holds one bookmark at a time however long the file. A syntax error fails the file with its line.
 */
async function* parseJson(chunks: AsyncIterable<string>, maxDepth: number): AsyncGenerator<ParseEvent> {
  const stack: Frame[] = [];
  let expect = "value" as Expect;
  let line = 1;
  let inString = false;
  let escaped = false;
  let stringIsKey = false;
  let keyText = "";
  let literal = false;
  // The value being captured: its target, where it began and its text so far.
  let capture = null as { target: NonNullable<ReturnType<typeof jsonTarget>>; depth: number; line: number; parts: string[]; from: number } | null;
  let format = null as ImportFormat | null;
  let collection: string | null = null;
  const out: ParseEvent[] = [];
  const fail = (message: string, limit = false): never => {
    throw new (limit ? ImportLimitError : ImportFileError)(line, message);
  };
  const path = (): JsonPath => stack.map((frame) => frame.key).filter((key): key is string | number => key !== null);
  const finishCapture = (chunk: string, end: number) => {
    const done = capture!;
    capture = null;
    done.parts.push(chunk.slice(done.from, end));
    let value: unknown;
    try {
      value = JSON.parse(done.parts.join(""));
    } catch {
      fail("this bookmark is not valid JSON");
    }
    if (!format) {
      format = done.target.format;
      out.push({ kind: "format", format });
    }
    if (done.target.what === "collection-name") collection = typeof value === "string" ? value : null;
    else out.push(entryOrInvalid(jsonEntry(format, value, done.line, collection)));
  };
  // A value starts at the path the stack says: capture it when it is a bookmark.
  const startValue = (chunk: string, i: number) => {
    if (capture) return;
    const target = jsonTarget(path());
    if (target && (!format || target.format === format)) capture = { target, depth: stack.length, line, parts: [], from: i };
  };
  // A value just ended: the container expects a comma or its end.
  const endValue = (chunk: string, end: number) => {
    if (capture && stack.length === capture.depth) finishCapture(chunk, end);
    expect = stack.length === 0 ? "done" : "comma-or-end";
  };

  for await (const chunk of chunks) {
    if (capture) capture.from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92) escaped = true;
        else if (c === 34) {
          inString = false;
          if (stringIsKey) {
            expect = "colon";
          } else {
            endValue(chunk, i + 1);
          }
        } else if (c === 10) fail("a line break inside a string");
        else if (stringIsKey) keyText += chunk[i];
        continue;
      }
      if (literal) {
        // true, false, null and numbers end at the first character that is not theirs.
        if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122) || c === 45 || c === 43 || c === 46 || c === 69) continue;
        literal = false;
        endValue(chunk, i);
      }
      if (c === 10) {
        line++;
        continue;
      }
      if (c === 32 || c === 9 || c === 13) continue;
      switch (expect) {
        case "done":
          fail("more data after the end of the JSON document");
          break;
        case "colon":
          if (c !== 58) fail('expected ":"');
          stack[stack.length - 1]!.key = keyText;
          expect = "value";
          continue;
        case "comma-or-end": {
          const top = stack[stack.length - 1]!;
          if (c === 44) {
            if (top.kind === "array") {
              top.key = (top.key as number) + 1;
              expect = "value";
            } else {
              expect = "key";
            }
            continue;
          }
          if ((c === 93 && top.kind === "array") || (c === 125 && top.kind === "object")) {
            stack.pop();
            endValue(chunk, i + 1);
            continue;
          }
          fail(`expected "," or "${top.kind === "array" ? "]" : "}"}"`);
          break;
        }
        case "key":
        case "key-or-end":
          if (c === 34) {
            inString = true;
            stringIsKey = true;
            keyText = "";
            continue;
          }
          if (c === 125 && expect === "key-or-end") {
            stack.pop();
            endValue(chunk, i + 1);
            continue;
          }
          fail("expected a property name in double quotes");
          break;
        case "value":
        case "value-or-end":
          if (c === 93 && expect === "value-or-end") {
            stack.pop();
            endValue(chunk, i + 1);
            continue;
          }
          startValue(chunk, i);
          if ((c === 123 || c === 91) && stack.length >= maxDepth) fail(`the JSON nests more than ${maxDepth} deep (${maxDepth} at most)`, true);
          if (c === 123) {
            stack.push({ kind: "object", key: null });
            expect = "key-or-end";
          } else if (c === 91) {
            stack.push({ kind: "array", key: 0 });
            expect = "value-or-end";
          } else if (c === 34) {
            inString = true;
            stringIsKey = false;
          } else if ((c >= 48 && c <= 57) || c === 45 || c === 116 || c === 102 || c === 110) {
            literal = true;
          } else {
            fail(`unexpected "${chunk[i]}"`);
          }
          continue;
      }
    }
    if (capture) capture.parts.push(chunk.slice(capture.from));
    if (capture && capture.parts.reduce((size, part) => size + part.length, 0) > 5_000_000) fail("one bookmark is larger than 5 MB");
    yield* out.splice(0);
  }
  if (literal) endValue("", 0);
  if (inString || expect !== "done") fail("the file ends before its JSON document does (is it cut short?)");
  if (!format) fail("no bookmarks found: this JSON file is not a bookmark export we know");
  yield* out.splice(0);
}
