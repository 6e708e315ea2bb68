import { BrowserError } from "./browser.server";
import { dropShell, handedOverShell, handOverShell } from "./fetch-cache.server";
import { safeFetch, type FetchedPage } from "./fetcher.server";
import { browserSetup, renderPage } from "./render.server";
import { enqueueRender } from "../jobs/queue.server";
import type { StepLogger } from "../jobs/log-lines.server";
import { env } from "../platform/env.server";
import type { Link } from "../platform/db-schema.server";
import type { WorkLane } from "~/lib/vocabulary";

/** How a link's page was had: by a plain fetch or in the headless browser, how long it took, and why the browser (stored as the link's fetch_method, fetch_ms, fetch_reason through page-fetch.server.ts). */
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
 * The hook in enrichment: a page the rule sent to the browser (page-fetch.server.ts returned its
 * reason) goes to the render queue, which runs the enrichment again with the page rendered. The
 * plain fetch's answer goes with it (in Redis, bounded, for a while), so the browser opens it
 * instead of fetching the page a second time. The render keeps the enrichment's lane: its own
 * queue and the browser's pages for it (decision 049).
 */
export async function handToBrowser(
  link: Link,
  { reason, shareable, shell, claim, lane }: { reason: string; shareable: boolean; shell?: FetchedPage; claim?: string; lane: WorkLane },
  step: StepLogger,
): Promise<void> {
  const handed = shell ? await handOverShell(link.id, link.url, shell) : false;
  await enqueueRender({ linkId: link.id, importId: link.import_id, reason, shareable, claim, lane });
  step(`handed to the headless browser${handed ? " with the page as fetched" : ""}${claim ? ", rendering it for every save of the address" : ""}: ${reason}`);
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
export async function renderedFetch(
  url: string,
  { reason, finalAttempt, step, linkId, lane = "interactive" }: { reason: string; finalAttempt: boolean; step: StepLogger; linkId?: string; lane?: WorkLane },
): Promise<PageWithRecord> {
  const started = performance.now();
  // The plain fetch's answer, when the enrichment handed it over (handToBrowser).
  const shell = linkId ? await handedOverShell(linkId, url) : undefined;
  const done = async <T>(result: T): Promise<T> => {
    if (linkId && shell) await dropShell(linkId);
    return result;
  };
  const plain = async (why: string): Promise<PageWithRecord> => {
    const page = shell ?? (await plainFetch(url));
    return done({ page, record: { method: "plain", ms: Math.round(performance.now() - started), reason: `${reason}; ${why}` } });
  };
  if (browserSetup().mode === "off") {
    step("no headless browser in this worker: reading the page from its HTML as sent");
    return plain("no browser in the worker that took it");
  }
  try {
    const rendered = await renderPage(url, { prefetched: shell, lane });
    const waited = rendered.waitedMs >= 50 ? `; ${rendered.waitedMs} ms waiting for a page in the browser` : "";
    step(`rendered in the browser in ${rendered.ms} ms: ${rendered.requests} request(s) fetched, ${rendered.blocked} refused; browser at ${rendered.rssMb} MB${waited}`);
    const body = rendered.html;
    return done({
      page: { url: rendered.url, status: 200, contentType: "text/html", charset: "utf-8", body, bytes: Buffer.byteLength(body), redirects: [] },
      record: { method: "browser", ms: rendered.ms, reason },
    });
  } catch (error) {
    if (!(error instanceof BrowserError) || !finalAttempt) throw error;
    step(`the browser failed (${error.message}): reading the page from its HTML as sent`);
    return plain(`browser failed: ${error.message}`);
  }
}
