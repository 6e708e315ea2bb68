/**
 * When a page goes to the headless browser (decision 030). The plain fetch and parse always run
 * first; the browser is asked only when what they read looks like a script-built shell:
 *
 *  - the page is HTML (not text, Markdown or PDF), and
 *  - what the parser read holds less than THIN_TEXT_CHARS characters of text, and
 *  - the page loads script: an external `<script src>` or an inline module, or any script beside
 *    a mount point a framework fills (`#root`, `#app`, `#__next`, `#__nuxt`, `<app-root>`…); or
 *    it says in words that it needs JavaScript ("enable JavaScript", in the page or its <noscript>).
 *
 * CRAWLER_BROWSER=always sends every HTML page; off sends none.
 */
export const THIN_TEXT_CHARS = 200;

export type BrowserMode = "auto" | "always" | "off";

/** Why a page went to the browser: a short stable code, then what was seen. */
export interface BrowserReason {
  code: "always" | "script-shell" | "asks-for-javascript";
  detail: string;
}

const SCRIPT_TAG = /<script\b([^>]*)>/gi;
const MOUNT_POINT = /<(?:div|main|section|body)\b[^>]*\bid\s*=\s*["']?(root|app|__next|__nuxt|___gatsby|svelte|q-app|react-root|main-app)["'\s>]|<(app-root)\b|\b(ng-app|data-reactroot|data-server-rendered)\b/i;
const ASKS_FOR_JS = /(enable|turn on|requires?|need)\s+(your\s+)?javascript|javascript\s+(is\s+)?(required|disabled)/i;
const DATA_TYPES = /type\s*=\s*["']?(application\/(ld\+)?json|text\/template|text\/x-template|importmap|speculationrules)/i;

/** Scripts the page runs: external ones, and inline modules (an inline classic script may be analytics). */
export function countScripts(html: string): { external: number; modules: number } {
  let external = 0;
  let modules = 0;
  let seen = 0;
  for (const match of html.matchAll(SCRIPT_TAG)) {
    // A page with thousands of tags has told us enough after the first few hundred.
    if (++seen > 500) break;
    const attributes = match[1] ?? "";
    if (DATA_TYPES.test(attributes)) continue;
    if (/\bsrc\s*=/i.test(attributes)) external++;
    else if (/type\s*=\s*["']?module/i.test(attributes)) modules++;
  }
  return { external, modules };
}

/**
 * The length of `text` with its runs of white space made one space and its ends trimmed, counted
 * only up to `enough`: a page of 200,000 characters is known to be no shell after its first words.
 */
export function squashedLength(text: string, enough: number): number {
  const word = /\S+/g;
  let length = -1;
  for (let match = word.exec(text); match && length < enough; match = word.exec(text)) length += match[0].length + 1;
  return Math.max(length, 0);
}

/**
 * The reason to render a page in the browser, or null to keep the plain parse. `text` is what the
 * parser read from the HTML as sent.
 */
export function browserReason(mode: BrowserMode, page: { html: string; contentType: string; text: string }): BrowserReason | null {
  if (mode === "off") return null;
  if (page.contentType !== "text/html" && page.contentType !== "application/xhtml+xml") return null;
  if (mode === "always") return { code: "always", detail: "CRAWLER_BROWSER=always" };
  const chars = squashedLength(page.text, THIN_TEXT_CHARS);
  if (chars >= THIN_TEXT_CHARS) return null;
  const head = page.html.slice(0, 200_000);
  const { external, modules } = countScripts(head);
  const mount = MOUNT_POINT.exec(head);
  const mountName = mount ? (mount[1] ? `#${mount[1]}` : (mount[2] ?? mount[3])!) : null;
  if (ASKS_FOR_JS.test(head.replace(/<script\b[\s\S]*?<\/script>/gi, ""))) {
    return { code: "asks-for-javascript", detail: `${chars} chars of text and the page asks for JavaScript` };
  }
  // An inline classic script alone is most often analytics; beside a mount point it is the app.
  const loadsScript = external + modules > 0 || (mountName !== null && /<script\b/i.test(head));
  if (!loadsScript) return null;
  const parts = [`${chars} chars of text`, `${external + modules} script(s)`];
  if (mountName) parts.push(`mount point ${mountName}`);
  return { code: "script-shell", detail: parts.join(", ") };
}

/** The reason as one line, for the job's log and the link's fetch record. */
export function describeReason(reason: BrowserReason): string {
  return `${reason.code}: ${reason.detail}`;
}
