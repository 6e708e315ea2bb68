/**
 * The entry of a PDF reader process (see pdf-process.server.ts): reads one PDF at a time with
 * pdf.js, with a capped heap and its parent's watchdog on its memory. Started through tsx by the
 * parent; imported by nothing else.
 */
import { PageError } from "./page-parser.server";
import { loadPdfjs, parsePdf } from "./pdf-parser.server";
import type { PdfAnswer, PdfRequest } from "./pdf-process.server";

const send = (answer: PdfAnswer) => process.send?.(answer);

process.on("message", async (request: PdfRequest) => {
  try {
    send({ page: await parsePdf(request.data, request.url) });
  } catch (error) {
    send(error instanceof PageError ? { pageError: error.message } : { error: error instanceof Error ? error.message : String(error) });
  }
});
// The parent gone (closed, killed, crashed): nothing is left to read for.
process.on("disconnect", () => process.exit(0));

await loadPdfjs();
send({ ready: true });
