import { BrowserError } from "../fetching/browser.server";
import { safeFetch, type FetchedPage } from "../fetching/fetcher.server";
import { browserSetup, needsBrowser, renderPage } from "../fetching/render.server";
import { enqueueRender } from "../jobs/queue.server";
import type { StepLogger } from "../jobs/job-log.server";
import { env } from "../platform/env.server";
import type { Link } from "../platform/db-schema.server";
import { log } from "../platform/logger.server";

/** How a link's page was had: by a plain fetch or in the headless browser, how long it took, and why the browser. */
export interface FetchRecord {
  method: "plain" | "browser";
  ms: number;
  /** Why the browser was needed (browser-rule.server.ts); for a plain fetch after a browser that failed, why it was tried. */
  reason: string | null;
}

export interface PageWithRecord {
  page: FetchedPage;
  record: FetchRecord;
}

/**
 * Keeps a link's fetch record. Until the link has columns for it, the record goes to the job's
 * log and the worker's log (one line per link, `fetch recorded`), where it can be read and
 * counted; the columns' migration wires it into the stored fields.
 */
export function recordFetch(linkId: string, record: FetchRecord, step: StepLogger): void {
  step(`fetch record: ${record.method} in ${record.ms} ms${record.reason ? ` (${record.reason})` : ""}`);
  log.info("fetch recorded", { linkId, method: record.method, ms: record.ms, reason: record.reason ?? undefined });
}

/**
 * The hook in enrichment: a page the rule sends to the browser goes to the render queue, which
 * runs the enrichment again with the page rendered. True when it was handed over.
 */
export async function handToBrowser(link: Link, page: FetchedPage, text: string, step: StepLogger): Promise<boolean> {
  if (page.data) return false;
  const reason = needsBrowser({ html: page.body, contentType: page.contentType, text });
  if (!reason) return false;
  await enqueueRender({ linkId: link.id, importId: link.import_id, reason });
  step(`handed to the headless browser: ${reason}`);
  return true;
}

function plainFetch(url: string): Promise<FetchedPage> {
  const config = env();
  return safeFetch(url, { allowlist: config.FETCH_ALLOWLIST, timeoutMs: config.FETCH_TIMEOUT_MS, maxBytes: config.FETCH_MAX_BYTES });
}

/**
 * The page as the headless browser leaves it once its scripts ran, as if fetched. A page the
 * browser cannot render on the last attempt (or a process with no browser) is read from its
 * HTML as sent, as before there was a browser; an address the fetcher refuses fails as it would.
 */
export async function renderedFetch(url: string, { reason, finalAttempt, step }: { reason: string; finalAttempt: boolean; step: StepLogger }): Promise<PageWithRecord> {
  const started = performance.now();
  const plain = async (why: string): Promise<PageWithRecord> => {
    const page = await plainFetch(url);
    return { page, record: { method: "plain", ms: Math.round(performance.now() - started), reason: `${reason}; ${why}` } };
  };
  if (browserSetup().mode === "off") {
    step("no headless browser in this worker: reading the page from its HTML as sent");
    return plain("no browser in the worker that took it");
  }
  try {
    const rendered = await renderPage(url);
    step(`rendered in the browser in ${rendered.ms} ms: ${rendered.requests} request(s) fetched, ${rendered.blocked} refused; browser at ${rendered.rssMb} MB`);
    const body = rendered.html;
    return {
      page: { url: rendered.url, status: 200, contentType: "text/html", charset: "utf-8", body, bytes: Buffer.byteLength(body), redirects: [] },
      record: { method: "browser", ms: rendered.ms, reason },
    };
  } catch (error) {
    if (!(error instanceof BrowserError) || !finalAttempt) throw error;
    step(`the browser failed (${error.message}): reading the page from its HTML as sent`);
    return plain(`browser failed: ${error.message}`);
  }
}
