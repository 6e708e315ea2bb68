/**
 * The entry of a page parser thread (see page-parse-pool.server.ts): parses one page at a
 * time off the process's event loop. Loaded through tsx by the pool; imported by nothing else.
 */
import { readlinkSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { decodeAs } from "./charset.server";
import { PageError, parsePage } from "./page-parser.server";
import { loadPdfjs, parsePdf } from "./pdf-parser.server";
import type { ParseRequest, ThreadAnswer } from "./page-parse-pool.server";

const port = parentPort!;
let pdfReady = false;

// One page at a time: the pool sends the next request only once this one has answered.
port.on("message", async (request: ParseRequest) => {
  let answer: ThreadAnswer;
  if (request.contentType === "application/pdf" && request.data && !pdfReady) {
    // pdf.js is still loading: the pool stops counting this page's time until it is loaded.
    port.postMessage({ warmingUp: true } satisfies ThreadAnswer);
    await loadPdfjs().then(
  () => (pdfReady = true),
  () => undefined,
);
    pdfReady = true;
    port.postMessage({ warmedUp: true } satisfies ThreadAnswer);
  }
  try {
    const page = request.contentType === "application/pdf" && request.data ? await parsePdf(request.data, request.url) : parsePage(request.encoded ? decodeAs(request.encoded.bytes, request.encoded.reading) : request.body, request.url, request.contentType);
    answer = { page };
  } catch (error) {
    answer = error instanceof PageError ? { pageError: error.message } : { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});

/** This thread's id in the system ("<pid>/task/<tid>"), so the pool can read its CPU time; undefined off Linux. */
function systemThreadId(): number | undefined {
  try {
    return Number(readlinkSync("/proc/thread-self").split("/").pop()) || undefined;
  } catch {
    return undefined;
  }
}

port.postMessage({ ready: true, tid: systemThreadId() } satisfies ThreadAnswer);
// In the background, between pages: a failure here shows again, with its reason, when a PDF comes.
loadPdfjs().then(
  () => (pdfReady = true),
  () => undefined,
);
