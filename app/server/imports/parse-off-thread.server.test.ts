import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, describe, expect, it, vi } from "vitest";
import { closeImportThreads, parseImportOffThread } from "./parse-off-thread.server";
import { ImportFileError, ImportLimitError, parseImport, type ParseEvent } from "./parse.server";

const FIXTURES = "tests/fixtures/imports";

/** The bytes in chunks, telling whether the reader closed them early. */
function source(bytes: Uint8Array, size = 64 * 1024) {
  const state = { closed: false, read: 0 };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for (let at = 0; at < bytes.length; at += size) {
        state.read += Math.min(size, bytes.length - at);
        yield bytes.subarray(at, at + size);
      }
    } finally {
      state.closed = true;
    }
  }
  return { chunks: chunks(), state };
}

async function collect(events: AsyncIterable<ParseEvent>): Promise<ParseEvent[]> {
  const all: ParseEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

async function failure(events: AsyncIterable<ParseEvent>): Promise<ImportFileError> {
  const error = await collect(events).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

/** Folders nested `depth` deep with a bookmark in each: seconds of reading once past a few thousand. */
function nestedFolders(depth: number): Uint8Array {
  const parts = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"];
  for (let i = 0; i < depth; i++) parts.push(`<DT><H3>Folder ${i}</H3>\n<DL><p>\n<DT><A HREF="https://example.test/${i}">Link ${i}</A>\n`);
  parts.push("</DL><p>\n".repeat(depth + 1));
  return new TextEncoder().encode(parts.join(""));
}

afterAll(() => closeImportThreads());

describe("parseImportOffThread", () => {
  it("reads on a thread exactly what parseImport reads, dates included", async () => {
    for (const file of ["browser-bookmarks.html", "omnivore-export.zip", "pocket.csv"]) {
      const bytes = readFileSync(`${FIXTURES}/${file}`);
      expect(await collect(parseImportOffThread(source(bytes, 100).chunks))).toEqual(await collect(parseImport(source(bytes, 100).chunks)));
    }
  });

  it("hands on a broken file's error and a limit as they are, then reads the rest of the upload only to throw it away", async () => {
    const broken = await failure(parseImportOffThread(source(readFileSync(`${FIXTURES}/broken-quote.csv`)).chunks));
    expect(broken).not.toBeInstanceOf(ImportLimitError);
    expect(broken.message).toBe("Line 3: a quoted field is never closed");
    const deep = source(nestedFolders(20_000));
    const error = await failure(parseImportOffThread(deep.chunks));
    expect(error).toBeInstanceOf(ImportLimitError);
    expect(error.message).toBe("Line 304: folders nest more than 100 deep (100 at most)");
    // Refused at its 101st folder; the rest is read in the background, so the client gets the answer.
    await vi.waitFor(() => expect(deep.state.closed).toBe(true));
    expect(deep.state.read).toBe(nestedFolders(20_000).length);
  });

  it("keeps this thread's event loop free while a costly file is read, and stops a read over its budget", async () => {
    // 12,000 levels with no depth limit: about 5 s of one core, which on this thread would block it.
    // Well over the budget, so the check (every 250 ms) stops it before it could finish.
    const file = nestedFolders(12_000);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const error = await failure(parseImportOffThread(source(file).chunks, { limits: { maxDepth: 1_000_000 }, budgetMs: 1_000 }));
    delay.disable();
    expect(error).toBeInstanceOf(ImportLimitError);
    expect(error.message).toBe("reading the file took more than 1 s of processing");
    // The thread worked for a second or more; this loop never waited more than a fraction of it.
    expect(delay.max / 1e6).toBeLessThan(500);
  }, 30_000);
});
