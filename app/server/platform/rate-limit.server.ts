import { createHash, randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { env } from "./env.server";
import { HttpError } from "./http.server";
import { log } from "./logger.server";
import { redis, whenReady } from "./redis.server";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Every abuse limit of the app, in one place (docs/security.md, "Abuse limits", lists them). Each allows
 * `limit` requests per key in any sliding `windowMs`; refused requests do not count.
 * Sign-in failures are throttled separately, in Postgres (accounts.server.ts).
 */
export const RATE_LIMITS = {
  /** Each sign-up costs a 128 MiB scrypt hash. */
  signUp: { limit: 5, windowMs: HOUR, message: "Too many sign-ups from your network." },
  resetPerAddress: { limit: 10, windowMs: HOUR, message: "Too many password reset requests from your network." },
  /** Each mail retires the previous link, so a flood would also keep the owner from resetting. */
  resetPerEmail: { limit: 3, windowMs: HOUR, message: "Too many password reset requests for this email address." },
  contact: { limit: 5, windowMs: HOUR, message: "Too many messages from your network." },
  /** Each preview fetches a page from the web for the user. */
  preview: { limit: 30, windowMs: MINUTE, message: "Too many previews." },
  /** Settings actions that check the password (per user): a stolen session must not guess it. */
  accountPassword: { limit: 10, windowMs: HOUR, message: "Too many attempts with your password." },
  /** Each one mails an address the user typed. */
  emailChange: { limit: 5, windowMs: HOUR, message: "Too many email change requests." },
  /** Each export reads every row the account owns. */
  dataExport: { limit: 5, windowMs: HOUR, message: "Too many data exports." },
} as const satisfies Record<string, { limit: number; windowMs: number; message: string }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * A sliding-window log in one sorted set per key, run as one script so that requests arriving
 * at once are counted one after the other. The server's clock is used, so several web
 * processes agree. Returns 0 when the request is taken, else the milliseconds until one is.
 */
const SCRIPT = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], ms, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + window - ms
`;

type ScriptClient = Redis & { linkwiseRateLimit(key: string, limit: number, windowMs: number, member: string): Promise<number> };
const defined = new WeakSet<Redis>();

function withScript(client: Redis): ScriptClient {
  if (!defined.has(client)) {
    client.defineCommand("linkwiseRateLimit", { numberOfKeys: 1, lua: SCRIPT });
    defined.add(client);
  }
  return client as ScriptClient;
}

/** "3 minutes", "40 seconds": rounded up, so the user never comes back too early. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * Counts one request against a limit, or throws a 429 with Retry-After. `key` is whatever
 * the limit is per (an address, an email, a user id); it is stored only as a hash.
 *
 * When Redis cannot be reached the request is let through (fail open) with a warning: these
 * limits curb abuse and cost, they guard no secret, and the app should not stop signing
 * people up because Redis is down. RATE_LIMIT_MULTIPLIER scales every limit (tests raise it).
 */
export async function rateLimit(name: RateLimitName, key: string): Promise<void> {
  const rule = RATE_LIMITS[name];
  const config = env();
  const redisKey = `${config.REDIS_PREFIX}:rate:${name}:${createHash("sha256").update(key).digest("base64url")}`;
  let waitMs: number;
  try {
    const client = withScript(await whenReady(redis(), 1_000));
    waitMs = await client.linkwiseRateLimit(redisKey, rule.limit * config.RATE_LIMIT_MULTIPLIER, rule.windowMs, randomUUID());
  } catch (error) {
    log.warn("rate limit store unavailable, request let through", { limit: name, error });
    return;
  }
  if (waitMs <= 0) return;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw new HttpError(429, `${rule.message} Please try again in ${waitText(seconds)}.`, { "Retry-After": String(seconds) });
}

/** The window of the per-token API budget (docs/imports-search-api.md, "API tokens"). */
export const API_TOKEN_WINDOW_MS = MINUTE;
/** The policy's name in the RateLimit and RateLimit-Policy fields. */
const API_POLICY = "token";

/**
 * A fixed window that starts at a token's first request: one INCR per request, and the
 * counter's time to live is when the window resets, which the RateLimit field reports.
 */
const WINDOW_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

type WindowClient = Redis & { linkwiseWindow(key: string, windowMs: number): Promise<[number, number]> };
const windowDefined = new WeakSet<Redis>();

function withWindowScript(client: Redis): WindowClient {
  if (!windowDefined.has(client)) {
    client.defineCommand("linkwiseWindow", { numberOfKeys: 1, lua: WINDOW_SCRIPT });
    windowDefined.add(client);
  }
  return client as WindowClient;
}

export interface TokenBudget {
  allowed: boolean;
  /** Headers for every answer to the token: the IETF RateLimit fields, and Retry-After on a refusal. */
  headers: Record<string, string>;
}

/**
 * Counts one request against a personal API token's budget (API_TOKEN_RATE_LIMIT a minute),
 * keyed by a hash of the secret so no lookup is needed first. The fields follow the IETF
 * draft "RateLimit header fields for HTTP" (structured fields: quota `q`, window `w`,
 * remaining `r`, seconds to reset `t`). Fails open, as the other limits do, when Redis is out.
 */
export async function takeTokenBudget(secret: string): Promise<TokenBudget> {
  const config = env();
  const limit = config.API_TOKEN_RATE_LIMIT;
  const windowSeconds = API_TOKEN_WINDOW_MS / 1000;
  const redisKey = `${config.REDIS_PREFIX}:rate:apiToken:${createHash("sha256").update(secret).digest("base64url")}`;
  let count: number;
  let ttlMs: number;
  try {
    const client = withWindowScript(await whenReady(redis(), 1_000));
    [count, ttlMs] = await client.linkwiseWindow(redisKey, API_TOKEN_WINDOW_MS);
  } catch (error) {
    log.warn("rate limit store unavailable, API token request let through", { error });
    return { allowed: true, headers: {} };
  }
  const reset = Math.max(1, Math.ceil(ttlMs / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"${API_POLICY}";q=${limit};w=${windowSeconds}`,
    RateLimit: `"${API_POLICY}";r=${Math.max(0, limit - count)};t=${reset}`,
  };
  if (count <= limit) return { allowed: true, headers };
  return { allowed: false, headers: { ...headers, "Retry-After": String(reset) } };
}

export const TOKEN_RATE_LIMITED = "Too many requests with this API token.";
