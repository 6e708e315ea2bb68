/**
 * The entry of a page parser thread (see page-parse-pool.server.ts): parses one page at a
 * time off the process's event loop. Loaded through tsx by the pool; imported by nothing else.
 */
import { readlinkSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { decodeAs } from "./charset.server";
import { PageError, parsePage } from "./page-parser.server";
import type { ParseRequest, ThreadAnswer } from "./page-parse-pool.server";

const port = parentPort!;

// One page at a time: the pool sends the next request only once this one has answered.
port.on("message", (request: ParseRequest) => {
  let answer: ThreadAnswer;
  try {
    // PDFs never come here: they are read in a process of their own (pdf-process.server.ts).
    const page = parsePage(request.encoded ? decodeAs(request.encoded.bytes, request.encoded.reading) : request.body, request.url, request.contentType);
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
