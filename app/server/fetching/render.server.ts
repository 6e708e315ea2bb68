import { env } from "../platform/env.server";
import { browserReason, describeReason, type BrowserMode } from "./browser-rule.server";
import { findChromium, Renderer, type RenderedPage } from "./browser.server";
import type { FetchedPage } from "./fetcher.server";
import { LaneSlots } from "./lane-slots.server";
import type { WorkLane } from "~/lib/vocabulary";

/**
 * The headless browser as the rest of the app sees it: whether it is on, the one renderer of
 * this process, and the rule that hands a page to it (browser-rule.server.ts, decision 030).
 */
export interface BrowserSetup {
  /** What CRAWLER_BROWSER asks for. */
  configured: BrowserMode;
  /** What this process does: off when no Chromium is found. */
  mode: BrowserMode;
  executablePath: string | null;
}

let setup: BrowserSetup | undefined;

export function browserSetup(): BrowserSetup {
  if (setup) return setup;
  const config = env();
  const executablePath = config.CRAWLER_BROWSER === "off" ? null : findChromium(config.CHROMIUM_PATH);
  setup = { configured: config.CRAWLER_BROWSER, mode: executablePath ? config.CRAWLER_BROWSER : "off", executablePath };
  return setup;
}

/** The one line the worker logs at start about the browser. */
export function browserStartLine(): { level: "info" | "warn"; message: string } {
  const { configured, mode, executablePath } = browserSetup();
  const config = env();
  if (configured === "off") return { level: "info", message: "worker: headless browser off (CRAWLER_BROWSER=off); pages are read from their HTML as sent" };
  if (mode === "off") {
    const where = config.CHROMIUM_PATH ? `CHROMIUM_PATH=${config.CHROMIUM_PATH} is not an executable` : "no Chromium found in /usr/bin/chromium or chromium-browser";
    return {
      level: "warn",
      message: `worker: headless browser off: ${where}; script-built pages are read from their HTML as sent (install it with apt-get install chromium, or set CHROMIUM_PATH)`,
    };
  }
  return {
    level: "info",
    message: `worker: headless browser on (CRAWLER_BROWSER=${mode}, ${executablePath}, ${config.browserPages} page(s) at a time and 1 more kept for links people add, ${config.CRAWLER_BROWSER_TIMEOUT_MS} ms per page, restart past ${config.CRAWLER_BROWSER_MAX_RSS_MB} MB)`,
  };
}

/** Why this fetched page should be rendered in the browser, as one line; null to read it as it is. */
export function needsBrowser(page: { html: string; contentType: string; text: string }): string | null {
  const reason = browserReason(browserSetup().mode, page);
  return reason ? describeReason(reason) : null;
}

let renderer: Renderer | undefined;

/** This process's renderer, started with its first page. */
export function browserRenderer(): Renderer {
  const { executablePath } = browserSetup();
  if (!executablePath) throw new Error("No browser: CRAWLER_BROWSER is off or no Chromium was found");
  const config = env();
  renderer ??= new Renderer({
    executablePath,
    timeoutMs: config.CRAWLER_BROWSER_TIMEOUT_MS,
    maxRssMb: config.CRAWLER_BROWSER_MAX_RSS_MB,
    allowlist: config.FETCH_ALLOWLIST,
    maxBytes: config.FETCH_MAX_BYTES,
  });
  return renderer;
}

let pages: LaneSlots | undefined;

/** The browser's pages: browserPages for any work, one more kept for people's links (decision 049). */
function browserPages(): LaneSlots {
  pages ??= new LaneSlots(env().browserPages);
  return pages;
}

/**
 * Renders the page on one of the browser's pages of its lane; `prefetched` is its answer already
 * had through the safe fetcher (the browser opens it instead of fetching it again). `waitedMs`:
 * how long it waited for a page.
 */
export function renderPage(url: string, { prefetched, lane = "interactive" }: { prefetched?: FetchedPage; lane?: WorkLane } = {}): Promise<RenderedPage & { waitedMs: number }> {
  return browserPages().run(lane, async (waitedMs) => ({ ...(await browserRenderer().render(url, prefetched)), waitedMs }));
}

/** Closes the browser, if one runs (graceful shutdown). */
export async function closeBrowser(): Promise<void> {
  const running = renderer;
  renderer = undefined;
  await running?.close();
}
