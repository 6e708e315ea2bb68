import type { FetchMethod } from "~/lib/vocabulary";
import { env } from "../platform/env.server";
import type { StepLogger } from "../jobs/log-lines.server";
import { FetchError, safeFetch, type FetchedPage } from "./fetcher.server";
import {
  cacheKey,
  claimRender,
  fetchCacheOn,
  holdRender,
  lockFetchSeeingRender,
  lookUpPage,
  refreshPage,
  releaseRender,
  renderUnderWay,
  seenBefore,
  storeFailure,
  storePage,
  unlockFetch,
  waitForFetch,
  waitForRender,
  type CacheLookup,
} from "./fetch-cache.server";
import { HostDeferral, deferralLimitReason, holdHost, withHostSlot, type DeferralKind, type Deferrals, type WorkLane } from "./host-limits.server";
import { parsePageOffThread } from "./page-parse-pool.server";
import { yieldToInteractive } from "./interactive-first.server";
import { PAGE_EMPTY, PageError, type ParsedPage } from "./page-parser.server";
import { needsBrowser } from "./render.server";
import { renderedFetch } from "./browser-fetch.server";

/**
 * The enrichment's one way to get a saved link's page read: the shared fetch cache first, then
 * a fetch that keeps to the host's limits (host-limits.server.ts), conditional when a stale copy
 * has validators, then the parse, stored for everyone when the page may be shared.
 *
 * A page the browser rule (browser-rule.server.ts) calls script-built comes back as
 * `{ browser: reason }` and its plain parse is not stored: the render queue asks again with
 * `render`, the page is rendered in the headless browser (within the host's limits) and that
 * parse is stored with method browser, so the next save of it within the TTL is a cache hit.
 * The plain fetch's answer goes with it (`shell`), so the render does not fetch the HTML again,
 * and a shareable page's render is claimed for the address (`claim`): saves racing the first one
 * wait for that render's parse instead of fetching and rendering the page again.
 */

export interface PageFetch {
  parsed: ParsedPage;
  /** The address the page came from, after redirects. */
  url: string;
  /** How the page was fetched: plain (our fetcher), cache (the shared fetch cache) or browser (rendered). */
  method: FetchMethod;
  /** The fetch's time (for a cache hit, the look-up's). */
  fetchMs: number;
  /** Why it was not a plain fetch; null for plain. */
  reason: string | null;
}

/** The plain page looks script-built: it should be rendered in the headless browser, for this reason. */
export interface BrowserNeeded {
  browser: string;
  /** False when the page said Cache-Control private/no-store: its render is not shared either. */
  shareable: boolean;
  /** The plain fetch's answer, for the render to open instead of fetching the page again. */
  shell?: FetchedPage;
  /** This save renders the page for every save of the address: given back once its render ends (fetch-cache.server.ts). */
  claim?: string;
}

export interface FetchParsedOptions {
  deferrals: Deferrals;
  step: StepLogger;
  /** background for bulk work (an import's links): host slots and parser threads serve interactive work first. */
  lane?: WorkLane;
  /** Set by the render queue: render the page in the headless browser, for this reason. */
  render?: { reason: string; finalAttempt: boolean; shareable: boolean; linkId: string; claim?: string };
}

export interface PageToFetch {
  url: string;
  normalizedUrl: string;
  /** When the link was queued (its updated_at): a failure seen since counts for it too. */
  queuedAt: Date;
}

const elapsed = (since: number) => Math.round(performance.now() - since);
/** "; 120 ms waiting for a host slot" when the step waited its turn at all (the job log shows where a link's time went). */
const waited = (ms: number, what: string) => (ms >= 1 ? `; ${Math.round(ms)} ms waiting for ${what}` : "");

function age(since: Date): string {
  const minutes = Math.round((Date.now() - since.getTime()) / 60_000);
  if (minutes < 1) return "less than a minute ago";
  if (minutes < 120) return `${minutes} min ago`;
  return `${Math.round(minutes / 60)} h ago`;
}

/** A deferral, or the failure that replaces it once the job has waited its limit. */
function deferOrFail(deferrals: Deferrals, kind: DeferralKind, waitMs: number, message: string): Error {
  const reason = deferralLimitReason(deferrals, kind);
  return reason ? new FetchError(reason, true, kind === "asked" ? "http-status" : "timeout") : new HostDeferral(waitMs, kind, message);
}

/**
 * The error that puts the job back when its host is busy or asked us to wait (or fails it past the
 * deferral limit); null for any other error.
 */
async function hostDeferralFor(error: unknown, deferrals: Deferrals, step: StepLogger): Promise<Error | null> {
  if (error instanceof HostDeferral) return deferOrFail(deferrals, error.kind, error.waitMs, error.message);
  if (!(error instanceof FetchError && error.serverWait)) return null;
  // Every job for that host waits as long as it said (capped), not only this one.
  const waitMs = await holdHost(error.serverWait.host, error.serverWait.ms);
  step(`${error.message}; the site asked us to come back in ${Math.ceil(waitMs / 1000)} s`);
  return deferOrFail(deferrals, "asked", waitMs, `${error.serverWait.host} asked us to wait (${error.message})`);
}

function failureFrom(lookup: Extract<CacheLookup, { state: "failed" }>): Error {
  const reason = lookup.entry.failure ?? "The page could not be fetched";
  if (lookup.entry.failure_kind === "page") return new PageError(reason);
  return new FetchError(reason, true, (lookup.entry.failure_kind ?? "network") as FetchError["kind"]);
}

function fromCache(lookup: Extract<CacheLookup, { state: "fresh" }>, started: number, step: StepLogger): PageFetch {
  const fetchMs = elapsed(started);
  const reason = `reused the shared fetch cache's copy, fetched ${age(lookup.entry.fetched_at)}`;
  step(`page from the shared fetch cache in ${fetchMs} ms (fetched ${age(lookup.entry.fetched_at)}): ${lookup.parse.title ? JSON.stringify(lookup.parse.title) : "no title"}, ${lookup.parse.words} words`);
  return { parsed: lookup.parse, url: lookup.entry.final_url ?? lookup.entry.url, method: "cache", fetchMs, reason };
}

export async function fetchParsedPage(target: PageToFetch, options: FetchParsedOptions): Promise<PageFetch | BrowserNeeded> {
  const { deferrals, step, render } = options;
  const started = performance.now();
  if (!fetchCacheOn()) return fetchAndParse(target, { state: "none" }, options);
  const key = cacheKey(target.normalizedUrl);
  let lookup = await lookUpPage(key, target.queuedAt);
  if (lookup.state === "fresh") {
    if (render?.claim) await releaseRender(key, render.claim);
    return fromCache(lookup, started, step);
  }
  if (lookup.state === "failed") throw failureFrom(lookup);

  // A render job whose page another save is rendering waits for that render's parse.
  if (render) {
    const pending = await renderUnderWay(key);
    if (pending && pending.claim !== render.claim) {
      step("another save is rendering this page; waiting for it");
      if (!(await waitForRender(key, env().CRAWLER_WAIT_MS))) throw deferOrFail(deferrals, "busy", 0, "another save is rendering this page");
      lookup = await lookUpPage(key, target.queuedAt);
      if (lookup.state === "fresh") return fromCache(lookup, performance.now(), step);
      if (lookup.state === "failed") throw failureFrom(lookup);
      // That render ended without a shared parse (it failed, or fell back to the HTML): render it here.
    }
  }

  // Another save of the same address may be fetching it right now: wait for its parse.
  // With the lock comes whether a save that found the page script-built before us claimed its render.
  let { lock, render: claimed, seen } = await lockFetchSeeingRender(key);
  if (lock === null) {
    step("another save is fetching this page; waiting for it");
    const finished = await waitForFetch(key, env().CRAWLER_WAIT_MS);
    if (finished) {
      lookup = await lookUpPage(key, target.queuedAt);
      if (lookup.state === "fresh") return fromCache(lookup, performance.now(), step);
      if (lookup.state === "failed") throw failureFrom(lookup);
      ({ lock, render: claimed, seen } = await lockFetchSeeingRender(key));
    }
    if (lock === null) throw deferOrFail(deferrals, "busy", 0, "another save is fetching this page");
  }
  try {
    if (render) {
      // The render this one waited for may have stored its parse and given its claim back between
      // our look-up and our claim check; under the lock that render has finished storing.
      lookup = await lookUpPage(key, target.queuedAt);
      if (lookup.state === "fresh") {
        if (render.claim) await releaseRender(key, render.claim);
        return fromCache(lookup, performance.now(), step);
      }
      if (lookup.state === "failed") throw failureFrom(lookup);
      return await renderHandedOver(target, lookup, { ...options, key, render });
    }
    // A save that held the lock between our look-up and our lock may have stored the page: look
    // again when the address was fetched before (a page saved once is not looked up twice).
    if (seen) {
      lookup = await lookUpPage(key, target.queuedAt);
      if (lookup.state === "fresh") return fromCache(lookup, performance.now(), step);
      if (lookup.state === "failed") throw failureFrom(lookup);
    }
    if (claimed) {
      step("another save's render of this page is under way: waiting for it in the render queue");
      return { browser: claimed.reason, shareable: true };
    }
    const fetched = await fetchAndParse(target, lookup, { ...options, key });
    if ("browser" in fetched && fetched.shareable) fetched.claim = await claimRender(key, fetched.browser);
    return fetched;
  } finally {
    await unlockFetch(key, lock);
  }
}

/** The render of a claimed page gives its claim back once it ends for good (not when it steps aside or will be tried again). */
async function renderHandedOver(
  target: PageToFetch,
  lookup: CacheLookup,
  options: FetchParsedOptions & { key: string; render: NonNullable<FetchParsedOptions["render"]> },
): Promise<PageFetch | BrowserNeeded> {
  const { key, render } = options;
  // The claim's expiry alone could end it under a long render (or one whose job waited long in
  // the queue), and the next save would render the page a second time.
  const stopHolding = render.claim ? await holdRender(key, render.claim) : undefined;
  try {
    const page = await fetchAndParse(target, lookup, options);
    if (render.claim) await releaseRender(key, render.claim);
    return page;
  } catch (error) {
    const again = error instanceof HostDeferral || (!render.finalAttempt && !(error instanceof PageError) && !(error instanceof FetchError && error.permanent));
    if (render.claim && !again) await releaseRender(key, render.claim);
    throw error;
  } finally {
    stopHolding?.();
  }
}

async function fetchAndParse(
  target: PageToFetch,
  lookup: CacheLookup,
  { deferrals, step, key, render, lane = "interactive" }: FetchParsedOptions & { key?: string },
): Promise<PageFetch | BrowserNeeded> {
  if (render) return renderAndParse(target, { deferrals, step, key, render, lane });
  const config = env();
  const stale = lookup.state === "stale" ? lookup.entry : undefined;
  const conditional = stale && (stale.etag || stale.last_modified) ? { etag: stale.etag, lastModified: stale.last_modified } : undefined;
  const asked = performance.now();
  let started = asked;
  let page: FetchedPage;
  try {
    page = await withHostSlot(
      new URL(target.url).host,
      () => {
        // The wait for a slot is not the fetch's time.
        started = performance.now();
        return safeFetch(target.url, { allowlist: config.FETCH_ALLOWLIST, timeoutMs: config.FETCH_TIMEOUT_MS, maxBytes: config.FETCH_MAX_BYTES, conditional });
      },
      lane,
    );
  } catch (error) {
    const deferral = await hostDeferralFor(error, deferrals, step);
    if (deferral) throw deferral;
    if (key && error instanceof FetchError && error.permanent) await storeFailure(key, target.normalizedUrl, error.message, error.kind);
    throw error;
  }
  const fetchMs = elapsed(started);
  if (page.status === 304 && stale) {
    await refreshPage(key!, { etag: page.etag ?? null, lastModified: page.lastModified ?? null });
    const parsed = stale.parse as ParsedPage;
    step(`not modified since ${age(stale.fetched_at)} (HTTP 304 in ${fetchMs} ms): the stored parse is reused`);
    return { parsed, url: stale.final_url ?? target.url, method: "cache", fetchMs, reason: `revalidated: the site answered 304 Not Modified to our conditional request (copy fetched ${age(stale.fetched_at)})` };
  }
  const redirects = page.redirects.length ? `, ${page.redirects.length} redirect(s)` : "";
  step(`fetched ${(page.bytes / 1024).toFixed(1)} KB in ${fetchMs} ms (HTTP ${page.status}, ${page.contentType || "no type"}${redirects})${waited(started - asked, "a host slot")}`);
  const yielded = await yieldToInteractive(lane);
  if (yielded >= 50) step(`waited ${yielded} ms before parsing: links added by hand go first`);
  const parseStarted = performance.now();
  let threadAt = parseStarted;
  let parsed: ParsedPage;
  try {
    parsed = await parsePageOffThread(page, { lane, onStart: () => (threadAt = performance.now()) });
  } catch (error) {
    // An empty shell may be built by its scripts: the browser reads it before it is called empty.
    if (error instanceof PageError && error.message === PAGE_EMPTY) {
      const browser = browserReasonFor(page, "", step);
      if (browser) return browser;
    }
    if (key && error instanceof PageError) await storeFailure(key, target.normalizedUrl, error.message, "page");
    throw error;
  }
  step(`parsed in ${elapsed(parseStarted)} ms by ${parsed.extractor}: ${parsed.title ? JSON.stringify(parsed.title) : "no title"}, ${parsed.words} words${waited(threadAt - parseStarted, "a parser thread")}`);
  // A script-built shell: its plain parse is not worth sharing; the render queue reads it again.
  const browser = browserReasonFor(page, parsed.text, step);
  if (browser) return browser;
  // Stored at the address's second fetch (or when refreshing a stale copy): see seenBefore.
  if (key && page.shareable !== false && (stale || (await seenBefore(key)))) {
    await storePage(key, target.normalizedUrl, {
      finalUrl: page.url,
      contentType: page.contentType,
      bytes: page.bytes,
      parse: parsed,
      etag: page.etag ?? null,
      lastModified: page.lastModified ?? null,
    });
  }
  return { parsed, url: page.url, method: "plain", fetchMs, reason: null };
}

/** The browser rule over a plain page (CRAWLER_BROWSER and whether a Chromium was found decide its mode). */
function browserReasonFor(page: FetchedPage, text: string, step: StepLogger): BrowserNeeded | null {
  if (page.data) return null;
  // The page's HTML is read (and so decoded, FetchedPage.encoded) only when its text is thin.
  const reason = needsBrowser({
    contentType: page.contentType,
    text,
    get html() {
      return page.body;
    },
  });
  if (!reason) return null;
  step(`the page needs the headless browser: ${reason}`);
  return { browser: reason, shareable: page.shareable !== false, shell: page };
}

/**
 * The render queue's fetch: the page rendered in the headless browser while holding one of its
 * host's slots (the browser's fetch of the page counts against the per-host limit), then parsed.
 * A rendered parse is stored for everyone with method browser; the plain fallback (no browser in
 * this worker, or the browser failed on the last attempt) is not.
 */
async function renderAndParse(
  target: PageToFetch,
  { deferrals, step, key, render, lane = "interactive" }: FetchParsedOptions & { key?: string; render: NonNullable<FetchParsedOptions["render"]> },
): Promise<PageFetch> {
  let fetched;
  try {
    fetched = await withHostSlot(new URL(target.url).host, () =>
      renderedFetch(target.url, { reason: render.reason, finalAttempt: render.finalAttempt, step, linkId: render.linkId, lane }),
      lane,
    );
  } catch (error) {
    const deferral = await hostDeferralFor(error, deferrals, step);
    if (deferral) throw deferral;
    throw error;
  }
  const { page, record } = fetched;
  const parseStarted = performance.now();
  const parsed = await parsePageOffThread(page, { lane });
  step(`parsed in ${elapsed(parseStarted)} ms by ${parsed.extractor}: ${parsed.title ? JSON.stringify(parsed.title) : "no title"}, ${parsed.words} words`);
  if (key && record.method === "browser" && render.shareable) {
    await storePage(key, target.normalizedUrl, {
      finalUrl: page.url,
      contentType: page.contentType,
      bytes: page.bytes,
      parse: parsed,
      etag: null,
      lastModified: null,
      method: "browser",
    });
  }
  return { parsed, url: page.url, method: record.method, fetchMs: record.ms, reason: record.reason };
}

/**
 * "Save page as I see it" (decision 069): the page the user's browser rendered, sent by the
 * extension with the save, read exactly as a fetched page is (the same parser threads, budget and
 * heap; the reader's article sanitised on read) and never fetched from its address: not through
 * the cache, the fetcher or the headless browser. Its parse is the user's alone, so it is never
 * stored in the shared fetch cache; a page that reads as empty fails rather than going to the browser.
 */
export async function parseCapturedPage(capture: { url: string; html: string; capturedAt: Date }, { step, lane = "interactive" }: Pick<FetchParsedOptions, "step" | "lane">): Promise<PageFetch> {
  const started = performance.now();
  const parsed = await parsePageOffThread({ body: capture.html, url: capture.url, contentType: "text/html" }, { lane });
  const bytes = Buffer.byteLength(capture.html);
  step(`read the page captured by the browser extension (${(bytes / 1024).toFixed(1)} KB, not fetched) in ${elapsed(started)} ms by ${parsed.extractor}: ${parsed.title ? JSON.stringify(parsed.title) : "no title"}, ${parsed.words} words`);
  return { parsed, url: capture.url, method: "capture", fetchMs: 0, reason: `captured in the user's browser ${age(capture.capturedAt)}, not fetched` };
}
