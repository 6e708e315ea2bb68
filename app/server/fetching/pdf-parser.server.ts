import type * as PdfJs from "pdfjs-dist/legacy/build/pdf.mjs";
import { PAGE_EMPTY, PageError, countWords, titleFromUrl, type ParsedPage } from "./page-parser.server";

/**
 * PDFs (papers, manuals) read with Mozilla's pdf.js (pdfjs-dist, legacy build for Node), in a
 * reader process of their own (pdf-process.server.ts, decision 045: its memory cap and CPU budget
 * bound it). Title from the document's metadata, else its first line; reading time from its page count.
 */
/** Pages read at most; a longer document is summarised from its first ones. */
export const PDF_MAX_PAGES = 200;
/** The reason for a PDF pdf.js opened but could not read through. */
export const PDF_UNREADABLE = "The PDF could not be read";
const MAX_TEXT_CHARS = 200_000;
/** A page of a paper or manual takes about two minutes to read. */
const MINUTES_PER_PAGE = 2;

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

let pdfjs: Promise<typeof PdfJs> | undefined;

/**
 * Loads pdf.js and its worker module (in Node, pdf.js runs its "worker" on the calling thread and
 * imports that 2 MB module at the first document: most of a cold thread's first PDF). The worker
 * module is handed over through `globalThis.pdfjsWorker`, which pdf.js checks before importing it.
 * A parser thread starts this once it is ready, and a PDF that comes before it is done waits for
 * it outside its time budget (page-parse-pool.server.ts).
 */
export function loadPdfjs() {
  pdfjs ??= (async () => {
    const natives = { push: Array.prototype.push, parse: JSON.parse };
    const [library, worker] = await Promise.all([import("pdfjs-dist/legacy/build/pdf.mjs"), import("pdfjs-dist/legacy/build/pdf.worker.mjs")]);
    // The legacy build (the one for Node 20) brings core-js, which swaps two builtins that every
    // HTML parse on the same thread leans on for JavaScript versions: Array.prototype.push (right
    // for array-likes longer than 2^32) and JSON.parse (the source-text proposal). pdf.js needs
    // neither feature; with them the thread's HTML parses took about a tenth more CPU (decision 035).
    Array.prototype.push = natives.push;
    JSON.parse = natives.parse;
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return library;
  })();
  return pdfjs;
}

export async function parsePdf(data: Uint8Array, pageUrl: string): Promise<ParsedPage> {
  const { getDocument } = await loadPdfjs();
  let document;
  try {
    // No images are decoded for text; the cap stops a page that asks for a huge one regardless.
    // pdf.js refuses a Buffer (a Uint8Array it cannot tell from one it may detach): a plain view of the bytes.
    const bytes = Buffer.isBuffer(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data;
    document = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false, disableFontFace: true, maxImageSize: 4096 * 4096, verbosity: 0 }).promise;
  } catch (error) {
    throw unreadable(error);
  }
  try {
    const { info } = (await document.getMetadata().catch(() => ({ info: {} }))) as { info: { Title?: unknown; Author?: unknown; CreationDate?: unknown } };
    const pages: string[] = [];
    let chars = 0;
    for (let number = 1; number <= Math.min(document.numPages, PDF_MAX_PAGES) && chars < MAX_TEXT_CHARS; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = (content.items as TextItem[])
        .map((item) => `${item.str ?? ""}${item.hasEOL ? "\n" : ""}`)
        .join("")
        .replace(/[ \t]+/g, " ")
        .replace(/\n{3,}/g, "\n\n")
        .trim();
      page.cleanup();
      if (text) pages.push(text);
      chars += text.length;
    }
    const text = pages.join("\n\n").slice(0, MAX_TEXT_CHARS);
    if (!text) throw new PageError(PAGE_EMPTY);
    const metaTitle = typeof info.Title === "string" ? info.Title.replace(/\s+/g, " ").trim() : "";
    const firstLine = text.split("\n").find((line) => line.trim())?.trim() ?? "";
    const author = typeof info.Author === "string" ? info.Author.trim() : "";
    return {
      title: (metaTitle || firstLine).slice(0, 300) || titleFromUrl(pageUrl),
      description: text.split(/\n\s*\n/).find((block) => block.trim() && block.trim() !== firstLine)?.replace(/\s+/g, " ").trim().slice(0, 300) ?? null,
      favicon: `${new URL(pageUrl).origin}/favicon.ico`,
      canonicalUrl: null,
      language: null,
      readingMinutes: Math.max(1, document.numPages * MINUTES_PER_PAGE),
      words: countWords(text),
      text,
      headings: [],
      // pdf.js gives no code blocks; a manual's examples stay in the text.
      codeBlocks: [],
      byline: author || null,
      publishedAt: null,
      siteName: null,
      leadImage: null,
      extractor: "pdf",
    };
  } catch (error) {
    throw unreadable(error);
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

/**
 * What a user reads for a PDF pdf.js gave up on, with the cause where it is a known one: a page
 * tree that contains itself is the file's fault, never "failed on our side".
 */
function unreadable(error: unknown): PageError {
  if (error instanceof PageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/circular reference|loop/i.test(message)) return new PageError(`${PDF_UNREADABLE}: its page tree contains itself`);
  if (/password/i.test(message)) return new PageError(`${PDF_UNREADABLE}: it is protected by a password`);
  return new PageError(PDF_UNREADABLE);
}
