import { accessSync, constants, readdirSync, readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Frame, Page, Route } from "playwright-core";
import { THIN_TEXT_CHARS } from "./browser-rule.server";
import { FetchError, safeFetch, type FetchedPage } from "./fetcher.server";
import { log } from "../platform/logger.server";
import { BrowserError } from "../platform/failure-classes.server";

/**
 * The headless browser for script-built pages (decision 030): one long-lived Chromium per
 * process, a fresh context per page, and not one byte reaching the page from anywhere but our
 * safe fetcher. Every request the page makes is intercepted and either fulfilled by safeFetch
 * (which resolves, checks and pins every address, redirects included) or aborted; requests
 * interception cannot see (a worker's, a preconnect, a WebSocket) meet a proxy that does not
 * exist and a resolver that answers nothing, so they fail instead of leaving.
 */

/** Where Debian, Ubuntu, Alpine and snap put Chromium. */
const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium", "/snap/bin/chromium"];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH when it names an executable, else the first Chromium found; null for none. */
export function findChromium(explicit?: string): string | null {
  if (explicit) return isExecutable(explicit) ? explicit : null;
  return CHROMIUM_CANDIDATES.find(isExecutable) ?? null;
}

export interface RendererOptions {
  executablePath: string;
  /** Hard limit for one page, from the first request to its HTML. */
  timeoutMs: number;
  /**
   * The browser's memory (all its processes) past which it is closed and started again after a
   * page; a page that takes it past twice this while it runs is stopped (PAGE_MEMORY_FACTOR).
   */
  maxRssMb: number;
  /** The browser's memory past which a page running in it is stopped; PAGE_MEMORY_FACTOR times maxRssMb unless given. */
  pageMaxRssMb?: number;
  /** The renderers' CPU time a page's scripts may hold its main thread without a break; SCRIPT_BUDGET_MS unless given. */
  scriptBudgetMs?: number;
  /** The safe fetcher's settings, used for the page and everything it loads. */
  allowlist: string[];
  maxBytes: number;
}

export interface RenderedPage {
  /** The address the page ended on (after redirects). */
  url: string;
  /** The document as the scripts left it (page.content()). */
  html: string;
  ms: number;
  /** Requests fulfilled through the safe fetcher, and those refused or aborted. */
  requests: number;
  blocked: number;
  /** The browser's memory after the page, in MB. */
  rssMb: number;
}

/** A page the browser could not render; transient unless the address itself was refused (platform/failure-classes.server.ts). */
export { BrowserError } from "../platform/failure-classes.server";

/** Only what builds the text: the page, its scripts and the data they fetch. */
const ALLOWED_TYPES = new Set(["document", "script", "xhr", "fetch"]);
/** More requests than this from one page and the rest are refused. */
const MAX_REQUESTS = 150;
/**
 * Once the page holds this much text it is taken without waiting for the network to go quiet;
 * with less (but more than a thin page's), once its text has not changed for TEXT_STABLE_MS.
 */
export const RENDERED_TEXT_TARGET = 1_000;
const TEXT_STABLE_MS = 300;
const LAUNCH_TIMEOUT_MS = 30_000;
/** A page that takes the browser past this many times its restart ceiling while it runs is stopped. */
export const PAGE_MEMORY_FACTOR = 2;
/** How often the browser is weighed while a page runs. */
const MEMORY_WATCH_MS = 200;
/**
 * A page's scripts may hold its main thread for this much of the renderers' CPU time without a break
 * (at most half the render's time): CPU, not wall time, so a busy machine does not stop an ordinary page.
 */
const SCRIPT_BUDGET_MS = 5_000;
/** How often the page's main thread is asked whether it is free. */
const SCRIPT_PROBE_MS = 250;
/** A page's JavaScript heap, per renderer: past it the renderer dies of its own accord. */
const RENDERER_HEAP_MB = 512;
const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 LinkwiseBot/1.0 (+https://linkwise.app/bot)";

/**
 * Everything a request might reach without interception goes to a proxy whose name never
 * resolves (loopback included, which Chromium would otherwise send direct), WebRTC may not use
 * UDP outside a proxy, and the resolver answers nothing. Heavy and chatty features are off.
 */
function launchArgs(marker: string): string[] {
  return [
    "--proxy-server=http://blocked.invalid:9",
    "--proxy-bypass-list=<-loopback>",
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-domain-reliability",
    "--disable-sync",
    "--no-pings",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--mute-audio",
    "--blink-settings=imagesEnabled=false",
    `--js-flags=--max-old-space-size=${RENDERER_HEAP_MB}`,
    // Not a Chromium switch: lets us find this browser's processes in /proc to weigh them.
    `--linkwise-renderer=${marker}`,
  ];
}

const PAGE_SIZE_KB = 4;

function readProc(pid: string, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
}

/**
 * A process's memory in KB: its proportional set size (resident pages, each page shared with
 * other processes counted in part), else its RSS. Chromium's processes share most of their
 * pages: summed RSS says 600–850 MB where PSS says 280–290 (measured), and the PSS is what the
 * machine really gives the browser.
 */
function memoryKb(pid: string): number {
  const rollup = readProc(pid, "smaps_rollup");
  const pss = rollup ? /^Pss:\s+(\d+)/m.exec(rollup)?.[1] : undefined;
  if (pss !== undefined) return Number(pss);
  const statm = readProc(pid, "statm");
  return statm ? Number(statm.split(" ")[1] ?? 0) * PAGE_SIZE_KB : 0;
}

/**
 * The memory of the browser marked `marker` and all its descendants (zygotes, renderers,
 * utilities), in MB: the sum of their PSS (see memoryKb); 0 when /proc is not there (not Linux).
 */
export function browserRssMb(marker: string): number {
  let kb = 0;
  for (const pid of browserPids(marker)) kb += memoryKb(pid);
  return Math.round(kb / 1024);
}

/** The processes of the browser marked `marker`: the browser and all its descendants; none off Linux. */
function browserPids(marker: string): Set<string> {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return new Set();
  }
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const pid of pids) {
    const stat = readProc(pid, "stat");
    if (!stat) continue;
    // The command name is in parentheses and may hold spaces: the fields after it are fixed.
    const ppid = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]!;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    const cmdline = readProc(pid, "cmdline");
    if (cmdline?.includes(`--linkwise-renderer=${marker}`) && !cmdline.includes("--type=")) roots.push(pid);
  }
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return seen;
}

/** The renderer processes (one per page, roughly) of the browser marked `marker`; none off Linux. */
export function rendererPids(marker: string): string[] {
  return [...browserPids(marker)].filter((pid) => readProc(pid, "cmdline")?.includes("--type=renderer"));
}

/** The CPU time (user + system) of the browser's renderer processes, in ms; undefined off Linux. */
function rendererCpuMs(marker: string): number | undefined {
  let ms = 0;
  let found = false;
  for (const pid of rendererPids(marker)) {
    const stat = readProc(pid, "stat");
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    found = true;
  }
  return found ? ms : undefined;
}

/** Kills a browser's processes at once (its memory is the problem: no orderly close), then lets Playwright tidy up. */
async function killBrowser(browser: Browser, marker: string): Promise<void> {
  for (const pid of browserPids(marker)) {
    try {
      process.kill(Number(pid), "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  await browser.close().catch(() => undefined);
}

/** One browser process, started on first use and again after a crash or past its memory ceiling. */
export class Renderer {
  private browser: Promise<Browser> | null = null;
  private marker = randomUUID();
  private closed = false;
  /** Browsers started so far (the first included). */
  launches = 0;
  /** Restarts past the memory ceiling, and after the browser died. */
  memoryRestarts = 0;
  crashRestarts = 0;
  /** Browsers killed because a page took them past the page memory limit while it ran. */
  memoryKills = 0;
  lastRssMb = 0;
  /** The most memory the browser was seen to use, in MB. */
  peakRssMb = 0;
  /** The browser's memory at the last weighing while pages ran (0 when none ran since), in MB. */
  private watchedRssMb = 0;
  /** How to stop each page in flight, when the browser they share is killed under them. */
  private readonly inFlight = new Set<(error: BrowserError) => void>();
  /**
   * One weighing of the browser every MEMORY_WATCH_MS while any page runs, not one per page: a
   * weighing reads /proc on the worker's main thread (tens of ms on a busy machine), and pages
   * held in the browser (slow sites, an import's renders) must not eat the thread that renews the
   * jobs' locks and serves a person's link (decision 049).
   */
  private memoryWatch: NodeJS.Timeout | undefined;

  constructor(private readonly options: RendererOptions) {}

  private launch(): Promise<Browser> {
    this.marker = randomUUID();
    this.launches++;
    // playwright-core takes a second and a half of CPU to load: only a worker that renders a page pays it.
    const launched = import("playwright-core")
      .then(({ chromium }) => chromium.launch({
        executablePath: this.options.executablePath,
        headless: true,
        timeout: LAUNCH_TIMEOUT_MS,
        args: launchArgs(this.marker),
        // Our own shutdown closes it; a signal to the process must not kill it under a page.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      }))
      .then((browser) => {
        browser.on("disconnected", () => {
          if (this.browser !== launched || this.closed) return;
          // Died under us (killed, crashed, out of memory): the next page starts another.
          this.browser = null;
          this.crashRestarts++;
          log.warn("browser: Chromium exited; a new one starts with the next page");
        });
        return browser;
      });
    launched.catch(() => {
      if (this.browser === launched) this.browser = null;
    });
    return launched;
  }

  private current(): Promise<Browser> {
    if (this.closed) return Promise.reject(new BrowserError("The browser is shutting down"));
    this.browser ??= this.launch();
    return this.browser;
  }

  private async newContext(): Promise<BrowserContext> {
    const browser = await this.current();
    return browser.newContext({
      serviceWorkers: "block",
      acceptDownloads: false,
      javaScriptEnabled: true,
      userAgent: BROWSER_USER_AGENT,
      viewport: { width: 1280, height: 900 },
      locale: "en-US",
    });
  }

  private startFailure(error: unknown): BrowserError {
    if (error instanceof BrowserError) return error;
    return new BrowserError(`The browser could not start (${(error as Error).message.split("\n")[0]})`);
  }

  /** The marker of the running browser's processes, for tests and the bench. */
  get processMarker(): string {
    return this.marker;
  }

  /**
   * Renders one page; throws FetchError when the page itself could not be fetched, BrowserError
   * otherwise. `prefetched`: the page's answer already had through the safe fetcher (the plain
   * fetch that found it script-built), opened instead of fetching the page again.
   */
  async render(url: string, prefetched?: FetchedPage): Promise<RenderedPage> {
    const started = performance.now();
    let context: BrowserContext;
    try {
      context = await this.newContext();
    } catch (error) {
      if (error instanceof BrowserError) throw error;
      // It died between pages: its "disconnected" event came while we asked (and dropped it),
      // or has not come yet (Playwright may still call it connected). Either way, start another
      // now, once.
      const running = this.browser;
      if (running) {
        this.browser = null;
        this.crashRestarts++;
        log.warn("browser: Chromium does not answer; starting a new one", { error: (error as Error).message.split("\n")[0] });
        void running.then((browser) => browser.close()).catch(() => undefined);
      }
      context = await this.newContext().catch((again: unknown) => {
        throw this.startFailure(again);
      });
    }
    const deadline = Date.now() + this.options.timeoutMs;
    const remaining = () => Math.max(1, deadline - Date.now());
    const traffic = new Traffic(this.options, remaining);
    let timer: NodeJS.Timeout | undefined;
    let stop: ((error: BrowserError) => void) | undefined;
    let loaded: { url: string; html: string };
    try {
      await context.route("**/*", (route) => traffic.handle(route).catch(() => undefined));
      // A socket to anywhere is refused outright: never connected, never proxied.
      await context.routeWebSocket(/.*/, (socket) => socket.close({ code: 1008, reason: "blocked" }));
      const work = this.load(context, url, deadline, traffic, prefetched, (error) => stop?.(error));
      const hardLimit = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new BrowserError(`The page took longer than ${Math.round(this.options.timeoutMs / 1000)} s to render`)),
          this.options.timeoutMs + 2_000,
        );
      });
      const stopped = new Promise<never>((_, reject) => (stop = reject));
      if (this.inFlight.size === 0) this.watchedRssMb = 0;
      this.inFlight.add(stop!);
      this.memoryWatch ??= setInterval(() => this.watchMemory(), MEMORY_WATCH_MS);
      work.catch(() => undefined);
      loaded = await Promise.race([work, hardLimit, stopped]);
    } finally {
      clearTimeout(timer);
      if (stop) this.inFlight.delete(stop);
      if (this.inFlight.size === 0) {
        clearInterval(this.memoryWatch);
        this.memoryWatch = undefined;
      }
      await context.close().catch(() => undefined);
      await this.checkMemory();
    }
    if (Buffer.byteLength(loaded.html) > this.options.maxBytes) {
      // The fetcher's cap, on what the scripts built: 12.6 M characters were stored before it.
      throw new FetchError(`The page is larger than ${Math.round(this.options.maxBytes / 1024 / 1024)} MB`, true, "too-large");
    }
    return { ...loaded, ms: Math.round(performance.now() - started), requests: traffic.fetched, blocked: traffic.blocked, rssMb: this.lastRssMb };
  }

  private async load(
    context: BrowserContext,
    url: string,
    deadline: number,
    traffic: Traffic,
    prefetched: FetchedPage | undefined,
    stop: (error: BrowserError) => void,
  ): Promise<{ url: string; html: string }> {
    const page = await context.newPage();
    this.watchScripts(page, stop);
    traffic.mainFrame = page.mainFrame();
    // Pop-ups open in the same context (and would go through the same checks); we read one page.
    context.on("page", (other) => {
      if (other !== page) void other.close().catch(() => undefined);
    });
    // A renderer that dies (out of memory, killed) fails the page at once, not at the deadline,
    // and whatever Playwright says of the dead page after it is not the reason.
    let crashed = false;
    page.on("crash", () => {
      crashed = true;
      stop(this.crashError());
    });
    const remaining = () => Math.max(1, deadline - Date.now());
    const first =
      prefetched ??
      (await safeFetch(url, {
      allowlist: this.options.allowlist,
      timeoutMs: remaining(),
      maxBytes: this.options.maxBytes,
        measure: false,
      }));
    traffic.prefetched(first);
    try {
      await page.goto(first.url, { waitUntil: "domcontentloaded", timeout: remaining() });
    } catch (error) {
      if (traffic.documentError) throw traffic.documentError;
      if (crashed) throw this.crashError();
      throw new BrowserError(`The page did not load in the browser (${(error as Error).message.split("\n")[0]})`);
    }
    // Network quiet, or text that stopped growing: whichever comes first. Past the time, take what there is.
    const settleMs = Math.max(1, remaining() - Math.min(2_000, this.options.timeoutMs / 5));
    const idle = page.waitForLoadState("networkidle", { timeout: settleMs });
    const text = page.waitForFunction(
      ([min, target, stableMs]) => {
        const chars = (document.body?.innerText ?? "").trim().length;
        if (chars >= target) return true;
        const seen = window as unknown as { __linkwiseText?: { chars: number; since: number } };
        if (chars < min || seen.__linkwiseText?.chars !== chars) {
          seen.__linkwiseText = { chars, since: Date.now() };
          return false;
        }
        return chars >= min && Date.now() - seen.__linkwiseText.since >= stableMs;
      },
      [THIN_TEXT_CHARS, RENDERED_TEXT_TARGET, TEXT_STABLE_MS] as const,
      { timeout: settleMs, polling: 100 },
    );
    idle.catch(() => undefined);
    text.catch(() => undefined);
    await Promise.race([idle, text]).catch(() => undefined);
    if (crashed) throw this.crashError();
    // The page navigated (a script, a redirect) where the fetcher refused to go: its reason, never
    // Chromium's error page stored as the page.
    if (traffic.documentError) throw traffic.documentError;
    const html = await page.content().catch((error: unknown) => {
      throw crashed ? this.crashError() : new BrowserError(`The browser could not read the page (${(error as Error).message.split("\n")[0]})`);
    });
    if (traffic.documentError) throw traffic.documentError;
    if (page.url().startsWith("chrome-error:")) throw new BrowserError("The page navigated to an address that could not be loaded", true);
    return { url: page.url(), html };
  }

  /**
   * Asks the page's main thread, every SCRIPT_PROBE_MS, to evaluate nothing: a page whose scripts
   * keep it from answering for SCRIPT_BUDGET_MS is stopped, so three spinning pages cannot hold
   * the render queue for their whole timeout each.
   */
  private watchScripts(page: Page, stop: (error: BrowserError) => void) {
    const budgetMs = Math.min(this.options.scriptBudgetMs ?? SCRIPT_BUDGET_MS, this.options.timeoutMs / 2);
    let askedAt: { wallMs: number; cpuMs: number | undefined } | null = null;
    const probe = setInterval(() => {
      if (page.isClosed()) return clearInterval(probe);
      if (askedAt !== null) {
        if (performance.now() - askedAt.wallMs <= budgetMs) return;
        // Off Linux there is no CPU time to read: wall time decides.
        const cpu = rendererCpuMs(this.marker);
        if (askedAt.cpuMs !== undefined && cpu !== undefined && cpu - askedAt.cpuMs <= budgetMs) return;
        clearInterval(probe);
        return stop(new BrowserError(`The page's scripts kept the browser busy for more than ${Math.round(budgetMs / 100) / 10} s`, true));
      }
      askedAt = { wallMs: performance.now(), cpuMs: rendererCpuMs(this.marker) };
      // An answer, or a navigation that replaced the document, both say the thread is free.
      void page.evaluate("0").then(
        () => (askedAt = null),
        () => (askedAt = null),
      );
    }, SCRIPT_PROBE_MS);
    page.once("close", () => clearInterval(probe));
  }

  /**
   * Why a page's renderer died. Chromium ends a renderer that runs out of memory, and a page that
   * grows fast gets there between two weighings: past the browser's ceiling at the last one, the
   * page's memory is named, and a page alone in the browser fails for good (as watchMemory's).
   */
  private crashError(): BrowserError {
    if (this.watchedRssMb > this.options.maxRssMb) {
      return new BrowserError(`The page crashed the browser after using ${this.watchedRssMb} MB of memory`, this.inFlight.size === 1);
    }
    return new BrowserError("The page crashed the browser");
  }

  /**
   * Weighs the browser while pages run: past PAGE_MEMORY_FACTOR times its ceiling it is killed at
   * once, and the pages in flight fail. A page alone in the browser is surely the cause and fails
   * for good; with others beside it, each may be retried.
   */
  private watchMemory() {
    const running = this.browser;
    if (!running) return;
    const rss = browserRssMb(this.marker);
    this.peakRssMb = Math.max(this.peakRssMb, rss);
    this.watchedRssMb = rss;
    const limit = this.options.pageMaxRssMb ?? this.options.maxRssMb * PAGE_MEMORY_FACTOR;
    if (rss <= limit) return;
    this.browser = null;
    this.memoryKills++;
    log.warn("browser: a page took it past its memory limit; killing it", { rssMb: rss, limitMb: limit, pages: this.inFlight.size });
    const alone = this.inFlight.size === 1;
    for (const stop of this.inFlight) stop(new BrowserError(`The page needed more than ${limit} MB of memory in the browser`, alone));
    const marker = this.marker;
    void running.then((browser) => killBrowser(browser, marker)).catch(() => undefined);
  }

  /** Weighs the browser after a page; past the ceiling it is closed, and the next page starts a new one. */
  private async checkMemory(): Promise<void> {
    const running = this.browser;
    if (!running) return;
    const rss = browserRssMb(this.marker);
    this.lastRssMb = rss;
    if (rss <= this.options.maxRssMb) return;
    this.browser = null;
    this.memoryRestarts++;
    log.info("browser: past its memory ceiling; restarting it", { rssMb: rss, maxRssMb: this.options.maxRssMb });
    const browser = await running.catch(() => null);
    await browser?.close().catch(() => undefined);
  }

  /** The browser's memory now, in MB (0 when none runs). */
  rssMb(): number {
    return this.browser ? browserRssMb(this.marker) : 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = this.browser;
    this.browser = null;
    const browser = await running?.catch(() => null);
    await browser?.close().catch(() => undefined);
  }
}

/**
 * One page's requests: each fetched by the safe fetcher or refused. The page itself is fetched
 * before the browser opens it, so the browser opens the address it landed on (redirects
 * followed and checked by the fetcher) and gets the answer already had.
 */
class Traffic {
  fetched = 0;
  blocked = 0;
  /** Why the page itself could not be had, to fail the render with the fetcher's own reason. */
  documentError: FetchError | null = null;
  private readonly arrived = new Map<string, FetchedPage>();
  /** The page's own frame: a failure to load it fails the render with the fetcher's reason. */
  mainFrame: Frame | null = null;

  constructor(
    private readonly options: RendererOptions,
    private readonly remaining: () => number,
  ) {}

  prefetched(page: FetchedPage) {
    this.arrived.set(page.url, page);
    this.fetched++;
  }

  async handle(route: Route): Promise<void> {
    const request = route.request();
    const type = request.resourceType();
    const url = request.url();
    let isPage = false;
    try {
      isPage = type === "document" && this.mainFrame !== null && request.frame() === this.mainFrame;
    } catch {
      // A pop-up's first request comes before its frame: not our page.
    }
    if (!ALLOWED_TYPES.has(type) || request.method() !== "GET" || this.fetched + this.blocked >= MAX_REQUESTS) {
      this.blocked++;
      return route.abort("blockedbyclient").catch(() => undefined);
    }
    try {
      const page =
        this.arrived.get(url) ??
        (await safeFetch(url, {
          allowlist: this.options.allowlist,
          timeoutMs: this.remaining(),
          maxBytes: this.options.maxBytes,
          accept: type === "document" ? "page" : "resource",
          measure: false,
        }));
      if (!this.arrived.delete(url)) this.fetched++;
      // A redirect the fetcher followed is answered with where it landed: a redirect answered
      // to Chromium would send its next request past the interception (to the dead proxy).
      const headers = { "content-type": page.data ? page.contentType || "application/octet-stream" : `${page.contentType || "text/html"}; charset=utf-8` };
      await route.fulfill({ status: page.status, headers, body: page.data ?? page.body });
    } catch (error) {
      this.blocked++;
      if (isPage && error instanceof FetchError) this.documentError = error;
      await route.abort(error instanceof FetchError && error.kind === "blocked" ? "blockedbyclient" : "failed").catch(() => undefined);
    }
  }
}
