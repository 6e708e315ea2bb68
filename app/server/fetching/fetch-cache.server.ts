import { createHash, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";
import * as z from "zod";
import { db } from "../platform/db.server";
import type { FetchCacheRow } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { log } from "../platform/logger.server";
import { redis, whenReady } from "../platform/redis.server";
import { deleteStaleFetchCache, getFetchCacheEntry, putFetchCacheFailure, putFetchCacheOk, refreshFetchCacheEntry } from "../repos/fetch-cache.server";
import type { FetchedPage } from "./fetcher.server";
import type { ParsedPage } from "./page-parser.server";

/**
 * Fetch once for everyone (issue 17): a public page's parse, stored in Postgres under its
 * normalised address, is reused for every save of that address within FETCH_CACHE_TTL_MS.
 *
 * What makes sharing safe: our fetcher never sends a cookie, an Authorization header or
 * credentials in the address (it refuses user:pass@ URLs), so the page we get is the page
 * anyone gets; a response marked Cache-Control no-store or private is not stored. Only the
 * parse is shared (the page's title, text, reader details); each user's summary, tags and
 * everything else stay on their own link.
 */

/** The parse's shape (ParsedPage): bump it when the parser changes, and older entries are fetched again. */
export const PARSE_VERSION = 3;

/** Stale entries stay this long for a conditional request (ETag / Last-Modified), then the cleanup drops them. */
export const KEEP_STALE_MS = 7 * 24 * 60 * 60 * 1000;

export const cacheKey = (normalizedUrl: string) => createHash("sha256").update(normalizedUrl).digest("base64url");

export function fetchCacheOn(): boolean {
  return env().FETCH_CACHE_TTL_MS > 0;
}

export type CacheLookup =
  | { state: "fresh"; entry: FetchCacheRow; parse: ParsedPage }
  | { state: "failed"; entry: FetchCacheRow }
  | { state: "stale"; entry: FetchCacheRow }
  | { state: "none" };

/**
 * One indexed look-up. A fresh parse is reused; a failure counts only for saves queued before
 * it was seen (`queuedAt`), so retrying a page once it is fixed fetches it again; a stale
 * parse with validators is asked about with a conditional request.
 */
export async function lookUpPage(key: string, queuedAt: Date): Promise<CacheLookup> {
  const entry = await getFetchCacheEntry(db(), key);
  if (!entry) return { state: "none" };
  const fresh = entry.fresh_until.getTime() > Date.now();
  if (entry.outcome === "failed") return fresh && entry.fetched_at >= queuedAt ? { state: "failed", entry } : { state: "none" };
  if (entry.parse_version !== PARSE_VERSION || !entry.parse) return { state: "none" };
  if (fresh) return { state: "fresh", entry, parse: entry.parse as ParsedPage };
  return { state: "stale", entry };
}

export async function storePage(
  key: string,
  url: string,
  { method = "plain", ...page }: { finalUrl: string; contentType: string; bytes: number; parse: ParsedPage; etag: string | null; lastModified: string | null; method?: "plain" | "browser" },
): Promise<void> {
  await putFetchCacheOk(db(), {
    key,
    url,
    ...page,
    parseVersion: PARSE_VERSION,
    method,
    freshUntil: new Date(Date.now() + env().FETCH_CACHE_TTL_MS),
  });
}

/** A 304: the stored parse is good for another window. */
export async function refreshPage(key: string, validators: { etag: string | null; lastModified: string | null }): Promise<void> {
  await refreshFetchCacheEntry(db(), key, { ...validators, freshUntil: new Date(Date.now() + env().FETCH_CACHE_TTL_MS) });
}

/** A failure that will not change on the next try, remembered for FETCH_CACHE_NEGATIVE_TTL_MS only. */
export async function storeFailure(key: string, url: string, failure: string, failureKind: string): Promise<void> {
  const ttl = env().FETCH_CACHE_NEGATIVE_TTL_MS;
  if (ttl === 0) return;
  await putFetchCacheFailure(db(), { key, url, failure: failure.slice(0, 300), failureKind, freshUntil: new Date(Date.now() + ttl) });
}

/** The hourly cleanup: entries stale for longer than KEEP_STALE_MS go. */
export async function purgeFetchCache(): Promise<number> {
  return deleteStaleFetchCache(db(), new Date(Date.now() - KEEP_STALE_MS));
}

// ---- "someone is fetching this address": a short Redis lock, so concurrent saves fetch once.

const lockKey = (key: string) => `${env().REDIS_PREFIX}:crawler:fetching:${key}`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
// A render's claim renewed while it is still this one; with ARGV[3] = 1 also taken back when it lapsed (nobody claimed since).
const HOLD = `local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if current == false and ARGV[3] == '1' then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
type LockClient = Redis & {
  linkwiseFetchUnlock(key: string, token: string): Promise<number>;
  linkwiseRenderHold(key: string, claim: string, ms: number, retake: 0 | 1): Promise<number>;
};
const defined = new WeakSet<Redis>();

async function lockClient(): Promise<LockClient> {
  const connection = await whenReady(redis(), 2_000);
  if (!defined.has(connection)) {
    connection.defineCommand("linkwiseFetchUnlock", { numberOfKeys: 1, lua: RELEASE });
    connection.defineCommand("linkwiseRenderHold", { numberOfKeys: 1, lua: HOLD });
    defined.add(connection);
  }
  return connection as LockClient;
}

/**
 * The lock outlives a fetch and a parse at their limits, then frees itself. A parse that runs past
 * its budget in wall time (a busy machine: the budget is CPU time) may outlive it, and a second save
 * then fetches the page too: a fetch more, never a wrong result. A longer lock would hold every save
 * of the address back that much longer after a worker dies mid-fetch.
 */
const lockMs = () => env().FETCH_TIMEOUT_MS + env().PARSE_TIMEOUT_MS + 5_000;

const seenKey = (key: string) => `${env().REDIS_PREFIX}:crawler:seen:${key}`;

/**
 * Whether this address was fetched before within the freshness window. A parse is stored only
 * at an address's second fetch: most saved pages are saved once, and writing every parse to
 * Postgres cost the worker about 13% of its throughput (docs/performance.md). So a page many
 * users save is fetched at most twice per window, not once; if Redis cannot say, it is stored.
 */
export async function seenBefore(key: string): Promise<boolean> {
  try {
    const first = await (await lockClient()).set(seenKey(key), "1", "PX", env().FETCH_CACHE_TTL_MS, "NX");
    return first !== "OK";
  } catch (error) {
    log.warn("fetch cache: could not tell whether the page was fetched before; storing it", { error });
    return true;
  }
}

/**
 * The fetch lock: its token when we took it, null when another save holds it, undefined when Redis
 * is out (go on without); and in the same round trip whether a render of the address is claimed
 * (renderUnderWay), which the plain path asks for every page it fetches, and whether the address
 * was fetched before (seenBefore's mark, not set here): then another save may have stored its parse
 * since we looked.
 */
export async function lockFetchSeeingRender(key: string): Promise<{ lock: string | null | undefined; render: RenderClaim | null; seen: boolean }> {
  const token = randomUUID();
  try {
    const answers = await (await lockClient()).pipeline().set(lockKey(key), token, "PX", lockMs(), "NX").get(renderingKey(key)).exists(seenKey(key)).exec();
    const [[lockError, taken], [, claim], [, seen]] = answers as [[Error | null, unknown], [Error | null, unknown], [Error | null, unknown]];
    if (lockError) throw lockError;
    return { lock: taken === "OK" ? token : null, render: readClaim(typeof claim === "string" ? claim : null), seen: seen === 1 };
  } catch (error) {
    log.warn("fetch lock unavailable; fetching without it", { error });
    return { lock: undefined, render: null, seen: false };
  }
}

export async function unlockFetch(key: string, token: string | null | undefined): Promise<void> {
  if (!token) return;
  try {
    await (await lockClient()).linkwiseFetchUnlock(lockKey(key), token);
  } catch (error) {
    log.warn("could not free a fetch lock; it will expire", { error });
  }
}

/** Waits up to `ms` for another save's fetch of the address to finish; true when it did. */
export function waitForFetch(key: string, ms: number): Promise<boolean> {
  return waitUntilGone(lockKey(key), ms);
}

/** Waits up to `ms` for a Redis key to go; true when it did (or Redis cannot say). */
async function waitUntilGone(redisKey: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  let pause = 5;
  for (;;) {
    try {
      if ((await (await lockClient()).exists(redisKey)) === 0) return true;
    } catch {
      return true;
    }
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await sleep(Math.min(pause, left));
    pause = Math.min(pause * 2, 100);
  }
}

// ---- The render hand-over: a script-built page's plain fetch hands its answer and its place to the render.

/**
 * How long a hand-over waits for its render (the render queue's wait included). Past it, a save
 * waiting for another's render renders the page itself, and a render job fetches the page again.
 */
export const RENDER_HANDOVER_MS = 10 * 60_000;
/** A page's HTML is handed to the render through Redis up to this size; a bigger one is fetched again. */
export const SHELL_HANDOVER_MAX_BYTES = 256 * 1024;

const renderingKey = (key: string) => `${env().REDIS_PREFIX}:crawler:rendering:${key}`;
const shellKey = (linkId: string) => `${env().REDIS_PREFIX}:crawler:shell:${linkId}`;
const renderClaimSchema = z.object({ token: z.string(), reason: z.string() });
export interface RenderClaim {
  claim: string;
  reason: string;
}

function readClaim(claim: string | null): RenderClaim | null {
  const parsed = claim === null ? undefined : renderClaimSchema.safeParse(safeJson(claim));
  return parsed?.success ? { claim: claim!, reason: parsed.data.reason } : null;
}

/**
 * A render of this address is under way (or queued): its claim (what the owner holds, to give it
 * back) and the reason the page needs the browser; null for none. Taken under the fetch lock by
 * the save whose plain fetch found the shell, so saves racing it wait for that one render.
 */
export async function renderUnderWay(key: string): Promise<RenderClaim | null> {
  try {
    return readClaim(await (await lockClient()).get(renderingKey(key)));
  } catch (error) {
    log.warn("fetch cache: could not tell whether a render is under way", { error });
    return null;
  }
}

/** Claims the render of this address for one save; its claim, or undefined when another holds it or Redis is out. */
export async function claimRender(key: string, reason: string): Promise<string | undefined> {
  const claim = JSON.stringify({ token: randomUUID(), reason });
  try {
    return (await (await lockClient()).set(renderingKey(key), claim, "PX", RENDER_HANDOVER_MS, "NX")) === "OK" ? claim : undefined;
  } catch (error) {
    log.warn("fetch cache: could not claim a render", { error });
    return undefined;
  }
}

/** A held render's claim is renewed this often (each time for RENDER_HANDOVER_MS again). */
export const RENDER_CLAIM_RENEW_MS = 60_000;

/**
 * Holds the claim while its render runs, so no save starts a second render of the page however
 * long this one takes: taken back at once if it lapsed while the job waited in the render queue
 * (unless another save claimed the address since: that claim is left alone), then renewed every
 * `everyMs`. Call the function it returns when the render ends; a claim not given back lapses
 * RENDER_HANDOVER_MS after its last renewal (a crashed worker's too).
 */
export async function holdRender(key: string, claim: string, everyMs = RENDER_CLAIM_RENEW_MS): Promise<() => void> {
  const hold = async (retake: 0 | 1) => {
    try {
      return (await (await lockClient()).linkwiseRenderHold(renderingKey(key), claim, RENDER_HANDOVER_MS, retake)) === 1;
    } catch (error) {
      log.warn("could not renew a render claim; it may expire under its render", { error });
      return true;
    }
  };
  if (!(await hold(1))) return () => undefined;
  // Renewals never take the claim back: one still in flight when the claim is given back must not restore it.
  const timer = setInterval(() => void hold(0).then((held) => held || clearInterval(timer)), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Gives the claim back (its render stored the parse, or will not). */
export async function releaseRender(key: string, claim: string): Promise<void> {
  try {
    await (await lockClient()).linkwiseFetchUnlock(renderingKey(key), claim);
  } catch (error) {
    log.warn("could not give back a render claim; it will expire", { error });
  }
}

/** Waits up to `ms` for another save's render of the address to end; true when it did. */
export function waitForRender(key: string, ms: number): Promise<boolean> {
  return waitUntilGone(renderingKey(key), ms);
}

const shellSchema = z.object({
  requestedUrl: z.string(),
  url: z.string(),
  status: z.number().int(),
  contentType: z.string(),
  charset: z.string(),
  body: z.string(),
  redirects: z.array(z.string()),
});

/**
 * Keeps the plain fetch's answer for the link's render (one fetch of the page's HTML in all), for
 * RENDER_HANDOVER_MS; a page over SHELL_HANDOVER_MAX_BYTES, or binary, is not kept.
 */
export async function handOverShell(linkId: string, requestedUrl: string, page: FetchedPage): Promise<boolean> {
  if (page.data || page.bytes > SHELL_HANDOVER_MAX_BYTES || Buffer.byteLength(page.body) > SHELL_HANDOVER_MAX_BYTES) return false;
  const kept = { requestedUrl, url: page.url, status: page.status, contentType: page.contentType, charset: page.charset, body: page.body, redirects: page.redirects };
  try {
    await (await lockClient()).set(shellKey(linkId), JSON.stringify(kept), "PX", RENDER_HANDOVER_MS);
    return true;
  } catch (error) {
    log.warn("could not hand the page's HTML to its render; it will be fetched again", { error });
    return false;
  }
}

/** The page's HTML as the plain fetch had it, when it was handed over for this link and this address. */
export async function handedOverShell(linkId: string, requestedUrl: string): Promise<FetchedPage | undefined> {
  try {
    const raw = await (await lockClient()).get(shellKey(linkId));
    const parsed = raw === null ? undefined : shellSchema.safeParse(safeJson(raw));
    if (!parsed?.success || parsed.data.requestedUrl !== requestedUrl) return undefined;
    const { requestedUrl: _requested, ...page } = parsed.data;
    return { ...page, bytes: Buffer.byteLength(page.body) };
  } catch (error) {
    log.warn("could not read the page's handed-over HTML; fetching it again", { error });
    return undefined;
  }
}

/** The handed-over HTML is no longer needed (its render ended); else it expires by itself. */
export async function dropShell(linkId: string): Promise<void> {
  try {
    await (await lockClient()).del(shellKey(linkId));
  } catch {
    // It expires with RENDER_HANDOVER_MS.
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
