import { lookup as dnsLookup } from "node:dns/promises";
import { STATUS_CODES } from "node:http";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, request } from "undici";
import { binaryContent, decodeAs, pageEncoding, type Reading } from "./charset.server";
import { FetchError } from "../platform/failure-classes.server";
import { metrics } from "../platform/metrics.server";

/**
 * The only way the product fetches a user-supplied address. An outbound request to an
 * address a user chose is the classic SSRF hole, so: http(s) only; every resolved address
 * checked, and the checked address is the one connected to; redirects followed by hand and
 * re-checked; a total time limit; a size cap while streaming; HTML, text, Markdown or PDF only.
 */
/** Icons we store and serve from our origin: raster only (an SVG could carry script). */
export const RASTER_IMAGE_TYPES = ["image/png", "image/x-icon", "image/vnd.microsoft.icon", "image/gif", "image/jpeg", "image/webp"];

export const USER_AGENT = "LinkwiseBot/1.0 (+https://linkwise.app/bot; link enrichment)";

export interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** `host` or `host:port` entries exempt from the private-address rule (FETCH_ALLOWLIST). */
  allowlist?: string[];
  /**
   * page: HTML or text (decoded); any: whatever it is (decoded as text); image: a raster image,
   * kept as bytes; resource: whatever it is, kept as bytes (a headless browser's sub-resources).
   */
  accept?: "page" | "any" | "image" | "resource";
  /** Counted in the fetch metrics (time, bytes, outcome); off for site icons, which are not pages. */
  measure?: boolean;
  /**
   * Validators of a copy we hold (fetch-cache.server.ts): sent as If-None-Match and
   * If-Modified-Since, and a 304 answer comes back as a page with status 304 and no body.
   */
  conditional?: { etag: string | null; lastModified: string | null };
}

export interface FetchedPage {
  /** The address the content came from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  charset: string;
  /** The page as text. A fetched page is decoded only when this is read (see `encoded`). */
  body: string;
  /**
   * The page's bytes and how to read them, for a page fetched here: its parser thread decodes
   * them, so the worker's main thread never builds the page as one large string (a string over
   * 128 KB is a large object to V8: about 1 ms of CPU a copy on these machines, and a page is
   * otherwise built twice, once to decode it and once as the copy the thread receives).
   */
  encoded?: { bytes: Buffer; reading: Reading };
  /** The raw bytes, only with `accept: "image"` or `"resource"`, or for a PDF (then `body` is empty). */
  data?: Buffer;
  bytes: number;
  redirects: string[];
  /** The answer's validators, for a later conditional request. */
  etag?: string | null;
  lastModified?: string | null;
  /** False when the site said the answer is not to be stored or shared (Cache-Control no-store or private). */
  shareable?: boolean;
}

// The error and its kinds are declared with the failure table (platform/failure-classes.server.ts).
export { FetchError, type FetchFailure } from "../platform/failure-classes.server";

/**
 * Retry-After in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110 10.2.3);
 * undefined when absent or unreadable. A date in the past is 0.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, at - now);
}

export const BLOCKED_ADDRESS = "That address is not allowed";
/** The same refusal for an address on a private or local network, saying how an operator allows one. */
export const PRIVATE_ADDRESS = `${BLOCKED_ADDRESS}: it is on a private or local network (a server operator can allow a host with FETCH_ALLOWLIST)`;
const PAGE_TYPES = ["text/html", "application/xhtml+xml", "text/plain", "text/markdown", "text/x-markdown"];
/** Documents read from their bytes (pdf.js), kept as `data` rather than decoded as text. */
export const BINARY_DOCUMENT_TYPES = ["application/pdf"];

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * True only for globally routable unicast addresses; every special range is refused. IPv6 must
 * also lie in global unicast 2000::/3: that rules out the IPv4-compatible ::/96 (which ipaddr.js
 * calls unicast, yet reaches the IPv4 address inside) and whatever is not allocated yet.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
  return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
}

function isAllowlisted(url: URL, allowlist: string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowlist.some((entry) => entry === host || entry === `${host}:${port}`);
}

/** The addresses to connect to, each checked; throws for a refused or unknown host. */
async function resolveChecked(url: URL, allowlist: string[]): Promise<Array<{ address: string; family: number }>> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: Array<{ address: string; family: number }>;
  if (ipaddr.isValid(host) && (host.includes(":") || /^\d+\.\d+\.\d+\.\d+$/.test(host))) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new FetchError("The address could not be found", true, "not-found");
    }
  }
  if (addresses.length === 0) throw new FetchError("The address could not be found", true, "not-found");
  if (!isAllowlisted(url, allowlist) && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new FetchError(PRIVATE_ADDRESS, true, "blocked");
  }
  return addresses;
}

/**
 * Pinned agents are kept briefly and reused for the same checked address, so many pages from
 * one site share kept-alive connections instead of a new handshake each.
 */
const AGENT_TTL_MS = 30_000;
const MAX_AGENTS = 64;
const agents = new Map<string, { agent: Agent; expires: number }>();

function agentFor(target: { address: string; family: number }, timeoutMs: number): Agent {
  const key = `${target.family}|${target.address}|${timeoutMs}`;
  const now = Date.now();
  const cached = agents.get(key);
  if (cached && cached.expires > now) return cached.agent;
  if (cached) void cached.agent.close().catch(() => undefined);
  for (const [oldKey, entry] of agents) {
    if (agents.size < MAX_AGENTS && entry.expires > now) break;
    agents.delete(oldKey);
    void entry.agent.close().catch(() => undefined);
  }
  const agent = pinnedAgent(target, timeoutMs);
  agents.set(key, { agent, expires: now + AGENT_TTL_MS });
  return agent;
}

/** Connects only to the address we checked: no second DNS lookup that could answer differently. */
function pinnedAgent(target: { address: string; family: number }, timeoutMs: number): Agent {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, list: Array<{ address: string; family: number }>) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  return new Agent({ connect: { lookup, timeout: timeoutMs }, keepAliveTimeout: 10_000 });
}

function forgetAgent(agent: Agent) {
  for (const [key, entry] of agents) {
    if (entry.agent === agent) {
      agents.delete(key);
      void agent.close().catch(() => undefined);
    }
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError("That is not a valid address", true, "invalid-address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchError(BLOCKED_ADDRESS, true, "blocked");
  if (url.username || url.password) throw new FetchError(BLOCKED_ADDRESS, true, "blocked");
  return url;
}

function describeNetworkError(error: unknown, timeoutMs: number): FetchError {
  if (error instanceof FetchError) return error;
  const code = (error as { code?: string }).code ?? "";
  const name = (error as { name?: string }).name ?? "";
  if (name === "AbortError" || code === "UND_ERR_ABORTED" || /timeout/i.test(code)) {
    return new FetchError(`The page took longer than ${Math.round(timeoutMs / 1000)} s`, false, "timeout");
  }
  if (code === "ECONNREFUSED") return new FetchError("The site refused the connection", false, "refused");
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE") return new FetchError("The connection was reset", false, "reset");
  if (code.startsWith("ERR_TLS") || code.includes("CERT")) return new FetchError("The site's secure connection could not be verified", true, "tls");
  return new FetchError(`The page could not be fetched (${code || (error as Error).message})`, false, "network");
}

/** Fetches a page (see the rules above), timing it and counting its bytes for the metrics. */
export async function safeFetch(rawUrl: string, options: FetchOptions = {}): Promise<FetchedPage> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const measure = options.measure ?? true;
  try {
    const page = await fetchChecked(rawUrl, options);
    if (measure) metrics().fetchDuration.observe({ outcome: "ok" }, seconds());
    if (measure) metrics().fetchBytes.observe(page.bytes);
    return page;
  } catch (error) {
    // The kind is one of a dozen fixed names: a bounded label, unlike the message.
    if (measure) metrics().fetchDuration.observe({ outcome: error instanceof FetchError ? error.kind : "error" }, seconds());
    throw error;
  }
}

async function fetchChecked(rawUrl: string, options: FetchOptions): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const allowlist = (options.allowlist ?? []).map((entry) => entry.toLowerCase());
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const redirects: string[] = [];
  let url = parseUrl(rawUrl);

  try {
    for (;;) {
      const [target] = await resolveChecked(url, allowlist);
      const agent = agentFor(target!, timeoutMs);
      try {
        const response = await request(url, {
          dispatcher: agent,
          method: "GET",
          signal: controller.signal,
          headers: {
            "user-agent": USER_AGENT,
            accept: options.accept === "image" ? "image/png,image/x-icon,image/vnd.microsoft.icon,image/webp,image/gif,image/jpeg;q=0.9" : "text/html,application/xhtml+xml,text/plain;q=0.9,text/markdown;q=0.9,application/pdf;q=0.8,*/*;q=0.5",
            "accept-language": "en;q=0.9,*;q=0.5",
            // Never a cookie or credentials: what we fetch is what anyone would get, which is
            // what lets the fetch cache share one page's parse between users.
            ...(options.conditional?.etag ? { "if-none-match": options.conditional.etag } : {}),
            ...(options.conditional?.lastModified ? { "if-modified-since": options.conditional.lastModified } : {}),
          },
        });
        const { statusCode } = response;
        const header = (name: string) => {
          const value = response.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };

        if (statusCode >= 300 && statusCode < 400 && header("location")) {
          await response.body.dump();
          if (redirects.length >= maxRedirects) throw new FetchError(`The page redirected more than ${maxRedirects} times`, true, "too-many-redirects");
          const next = parseUrl(new URL(header("location")!, url).toString());
          redirects.push(next.toString());
          url = next;
          continue;
        }
        const validators = { etag: header("etag") ?? null, lastModified: header("last-modified") ?? null };
        if (statusCode === 304 && options.conditional) {
          await response.body.dump();
          return { url: url.toString(), status: 304, contentType: "", charset: "", body: "", bytes: 0, redirects, ...validators, shareable: true };
        }
        if (statusCode >= 400) {
          await response.body.dump();
          const reason = `The page answered ${statusCode} ${STATUS_CODES[statusCode] ?? ""}`.trim();
          const failure = new FetchError(reason, statusCode < 500 && statusCode !== 429 && statusCode !== 408, "http-status");
          const waitMs = statusCode === 429 || statusCode === 503 ? parseRetryAfter(header("retry-after")) : undefined;
          if (waitMs !== undefined) failure.serverWait = { ms: waitMs, host: url.host };
          throw failure;
        }
        const cacheControl = (header("cache-control") ?? "").toLowerCase();
        const shareable = !/(^|[\s,])(no-store|private)([\s,=]|$)/.test(cacheControl);

        const contentType = (header("content-type") ?? "").toLowerCase();
        const mime = contentType.split(";")[0]!.trim();
        if (options.accept === "image" && !RASTER_IMAGE_TYPES.includes(mime)) {
          await response.body.dump();
          throw new FetchError(`The address is not an icon (${mime || "no content type"})`, true, "not-a-page");
        }
        if ((options.accept ?? "page") === "page" && !PAGE_TYPES.includes(mime) && !BINARY_DOCUMENT_TYPES.includes(mime)) {
          await response.body.dump();
          throw new FetchError(`The address is not a web page (${mime || "no content type"})`, true, "not-a-page");
        }
        const tooLarge = `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`;
        if (Number(header("content-length") ?? 0) > maxBytes) {
          await response.body.dump();
          throw new FetchError(tooLarge, true, "too-large");
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        for await (const chunk of response.body) {
          bytes += (chunk as Buffer).length;
          if (bytes > maxBytes) {
            response.body.destroy();
            throw new FetchError(tooLarge, true, "too-large");
          }
          chunks.push(chunk as Buffer);
        }
        if (options.accept === "image" || options.accept === "resource" || ((options.accept ?? "page") === "page" && BINARY_DOCUMENT_TYPES.includes(mime))) {
          return { url: url.toString(), status: statusCode, contentType: mime, charset: "binary", body: "", data: Buffer.concat(chunks), bytes, redirects, ...validators, shareable };
        }
        return textPage({ url: url.toString(), status: statusCode, contentType: mime, bytes, redirects, ...validators, shareable }, Buffer.concat(chunks), contentType);
      } catch (error) {
        // A body we stop reading (too large, aborted) leaves its connection unusable: drop the agent.
        if (!(error instanceof FetchError) || error.kind === "too-large") forgetAgent(agent);
        throw error;
      }
    }
  } catch (error) {
    throw describeNetworkError(error, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** A text page whose `body` is decoded from `raw` when first read (see FetchedPage.encoded). */
function textPage(page: Omit<FetchedPage, "body" | "charset" | "encoded">, raw: Buffer, contentType: string): FetchedPage {
  const { charset, reading } = pageEncoding(raw, contentType);
  const binary = binaryContent(raw, reading);
  if (binary) throw new FetchError(`The address sent ${binary}, not a readable page`, true, "not-a-page");
  let body: string | undefined;
  return {
    ...page,
    charset,
    encoded: { bytes: raw, reading },
    get body() {
      return (body ??= decodeAs(raw, reading));
    },
  };
}

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  /** `host` or `host:port` entries exempt from the private-address rule (FETCH_ALLOWLIST). */
  allowlist?: string[];
}

/** How an endpoint answered a POST: its status (any, 2xx or not) and the time it took. */
export interface PostAnswer {
  status: number;
  ms: number;
}

/** The most of an answer's body read (and thrown away) before the connection is dropped. */
const POST_ANSWER_MAX_BYTES = 64 * 1024;

/**
 * POSTs a body to a user-supplied address (an outbound webhook) under the same rules as
 * safeFetch: http(s) only, every resolved address checked and pinned, a total time limit. A
 * redirect is not followed (a POST that moved answers 3xx, which the caller counts as a failure).
 * Throws a FetchError for an address that is refused or cannot be reached; any HTTP answer
 * comes back with its status.
 */
export async function safePost(rawUrl: string, body: string, options: PostOptions): Promise<PostAnswer> {
  const started = performance.now();
  const allowlist = (options.allowlist ?? []).map((entry) => entry.toLowerCase());
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const url = parseUrl(rawUrl);
    const [target] = await resolveChecked(url, allowlist);
    const agent = agentFor(target!, options.timeoutMs);
    try {
      const response = await request(url, {
        dispatcher: agent,
        method: "POST",
        signal: controller.signal,
        headers: { "user-agent": USER_AGENT, ...options.headers },
        body,
      });
      let read = 0;
      for await (const chunk of response.body) {
        read += (chunk as Buffer).length;
        if (read > POST_ANSWER_MAX_BYTES) {
          response.body.destroy();
          forgetAgent(agent);
          break;
        }
      }
      return { status: response.statusCode, ms: Math.round(performance.now() - started) };
    } catch (error) {
      forgetAgent(agent);
      throw error;
    }
  } catch (error) {
    throw describeNetworkError(error, options.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refuses an address safeFetch and safePost would refuse whatever it answers: not http(s),
 * credentials in it, or a host on a private network (unless allowlisted). A host that does not
 * resolve now passes: it may tomorrow, and each request checks again.
 */
export async function checkOutboundAddress(rawUrl: string, allowlist: string[] = []): Promise<void> {
  const url = parseUrl(rawUrl);
  try {
    await resolveChecked(url, allowlist.map((entry) => entry.toLowerCase()));
  } catch (error) {
    if (error instanceof FetchError && error.kind === "not-found") return;
    throw error;
  }
}
