/**
 * The entry of a page parser thread (see page-parse-pool.server.ts): parses one page at a
 * time off the process's event loop. Loaded through tsx by the pool; imported by nothing else.
 */
import { parentPort } from "node:worker_threads";
import { PageError, parsePage } from "./page-parser.server";
import type { ParseRequest, ThreadAnswer } from "./page-parse-pool.server";

const port = parentPort!;

port.on("message", (request: ParseRequest) => {
  let answer: ThreadAnswer;
  try {
    answer = { page: parsePage(request.body, request.url, request.contentType) };
  } catch (error) {
    answer = error instanceof PageError ? { pageError: error.message } : { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});

port.postMessage({ ready: true } satisfies ThreadAnswer);
