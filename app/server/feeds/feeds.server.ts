/**
 * Feeds (issue #37, decision 070): a user subscribes to an RSS, Atom or JSON feed (or a site whose
 * page names one); the worker's `feed-poll` queue fetches it through the SSRF-safe fetcher with its
 * ETag and Last-Modified, under the host limits, and saves each new entry as the user's link, the
 * way any save is made (quota, plan, enrichment). A link already in the library is left as it is.
 * Every entry seen is remembered, so one the user deleted never comes back. A failing feed backs
 * off, 1 hour doubling to 24, with a short reason shown on it.
 */
import { isUuid } from "~/lib/ids";
import { FIRST_POLL_ITEMS, MAX_FEEDS, OPML_MAX_BYTES, POLL_ITEMS_MAX, type Feed, type FeedPatch, type OpmlImport, type SubscribeFeed } from "~/lib/feeds";
import { isValidLinkUrl, normalizeUrl, stripTrackingParams } from "~/lib/links";
import { FetchError, safeFetch, type FetchedPage } from "../fetching/fetcher.server";
import { HostDeferral, deferralLimitReason, holdHost, withHostSlot, type Deferrals, type WorkLane } from "../fetching/host-limits.server";
import { enqueueFeedPolls } from "../jobs/queue.server";
import type { StepLogger } from "../jobs/log-lines.server";
import { saveLinkWithOwnFields } from "../links/links.server";
import { db } from "../platform/db.server";
import type { FeedRow, Role } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import {
  claimDueFeeds,
  countFeeds,
  deleteFeed,
  getFeed,
  getFeedById,
  hasSeenAny,
  insertFeed,
  insertFeedItems,
  insertFeeds,
  listFeeds,
  listFeedsForExport,
  listSeenKeys,
  makeFeedDue,
  postponeFeed,
  recordFeedFailed,
  recordFeedPolled,
  updateFeed,
  type FeedWithCount,
} from "../repos/feeds.server";
import { findSavedPage } from "../repos/links.server";
import { getUserById } from "../repos/users.server";
import { NOT_A_FEED, NotAFeedError, buildOpml, discoverFeedLinks, looksLikeHtml, newestEntries, parseFeedDocument, parseOpmlDocument, type FeedEntry, type ParsedFeed } from "./feed-parse.server";

export const FEED_NOT_FOUND = "Feed not found";
export const NO_FEED_ON_PAGE = "No feed found at that address: the page names no RSS, Atom or JSON feed";
/** A failing feed waits this long before its next poll, doubling with each failure in a row up to the cap. */
export const FEED_BACKOFF_MIN_MS = 60 * 60 * 1000;
export const FEED_BACKOFF_MAX_MS = 24 * 60 * 60 * 1000;
/** A claimed feed is not claimed again for this long while its poll runs (the poll sets the real time). */
const CLAIM_LEASE_MS = 15 * 60 * 1000;
/** Feeds one sweep queues at most; the rest are due the next minute. */
const SWEEP_BATCH = 500;
/** Entries read from one document at most (a feed is rarely over a few hundred). */
const ENTRIES_MAX = 1_000;
/** Feed pages a site's page may name that are tried in turn. */
const CANDIDATES_MAX = 3;
/**
 * How long a subscription may spend finding its feed, the site's page and its candidates together:
 * the person is waiting for the answer (each fetch alone may take FETCH_TIMEOUT_MS).
 */
export const SUBSCRIBE_BUDGET_MS = 15_000;

/** The wait before the next poll after `failures` failed polls in a row: 1 h, 2 h, 4 h … 24 h. */
export function backoffMs(failures: number): number {
  return Math.min(FEED_BACKOFF_MIN_MS * 2 ** Math.max(0, failures - 1), FEED_BACKOFF_MAX_MS);
}

/** The short reason shown on a feed whose poll failed. */
export function failureReason(error: unknown): string {
  if (error instanceof NotAFeedError) return NOT_A_FEED;
  if (!(error instanceof FetchError)) return "The feed could not be read";
  switch (error.kind) {
    case "http-status": {
      // The fetcher says "The page answered 404 Not Found"; a feed's row shows "HTTP 404".
      const status = /answered (\d{3})/.exec(error.message)?.[1];
      return status ? `HTTP ${status}` : error.message;
    }
    case "timeout":
      return "Timed out";
    case "not-a-page":
      return NOT_A_FEED;
    case "too-large":
      return error.message.replace(/^The page is/, "The feed is");
    case "refused":
      return "Connection refused";
    case "not-found":
      return "Address not found";
    default:
      return error.message;
  }
}

function toFeed(row: FeedWithCount): Feed {
  return {
    id: row.id,
    url: row.url,
    siteUrl: row.site_url,
    title: row.title,
    tags: row.tags,
    paused: row.paused,
    lastError: row.last_error,
    failures: row.failures,
    lastPolledAt: row.last_polled_at?.toISOString() ?? null,
    nextPollAt: row.paused ? null : row.next_poll_at.toISOString(),
    itemCount: row.item_count,
    createdAt: row.created_at.toISOString(),
  };
}

async function ownFeed(userId: string, id: string): Promise<FeedWithCount> {
  const row = isUuid(id) ? await getFeed(db(), { id, userId }) : undefined;
  if (!row) throw new HttpError(404, FEED_NOT_FOUND);
  return row;
}

/** Queues polls after the rows are committed; if Redis is away, the sweep queues them when they are due. */
async function enqueueSafely(feedIds: string[]): Promise<void> {
  try {
    await enqueueFeedPolls(feedIds);
  } catch (error) {
    log.warn("could not queue feed polls; the sweep will", { feeds: feedIds.length, error });
  }
}

/** One GET of a feed (or a site's page) through the safe fetcher, holding one of the host's slots. */
function fetchFeed(
  url: string,
  lane: WorkLane,
  { conditional, deadline }: { conditional?: { etag: string | null; lastModified: string | null }; deadline?: number } = {},
): Promise<FetchedPage> {
  const config = env();
  const timeoutMs = deadline === undefined ? config.FETCH_TIMEOUT_MS : Math.max(1_000, Math.min(config.FETCH_TIMEOUT_MS, deadline - Date.now()));
  return withHostSlot(
    new URL(url).host,
    () => safeFetch(url, { allowlist: config.FETCH_ALLOWLIST, timeoutMs, maxBytes: config.FETCH_MAX_BYTES, accept: "any", conditional }),
    lane,
  );
}

export async function listUserFeeds(userId: string): Promise<Feed[]> {
  return (await listFeeds(db(), userId)).map(toFeed);
}

/**
 * The feed at `url`, or the first feed its page names: fetched and read now, so a wrong address is
 * told at once. Its entries are saved by the first poll, queued once it is stored.
 */
async function findFeed(url: string): Promise<{ url: string; parsed: ParsedFeed }> {
  const deadline = Date.now() + SUBSCRIBE_BUDGET_MS;
  const page = await fetchFeed(url, "interactive", { deadline });
  if (!looksLikeHtml(page.contentType, page.body)) return { url: page.url, parsed: await parseFeedDocument(page.body, page.url) };
  const candidates = discoverFeedLinks(page.body, page.url).slice(0, CANDIDATES_MAX);
  if (candidates.length === 0) throw new HttpError(422, NO_FEED_ON_PAGE);
  let failure: unknown;
  for (const candidate of candidates) {
    // The budget spent, the last candidate's failure is the answer (a candidate is always tried).
    if (failure && deadline - Date.now() < 1_000) break;
    try {
      const feed = await fetchFeed(candidate, "interactive", { deadline });
      return { url: feed.url, parsed: await parseFeedDocument(feed.body, feed.url) };
    } catch (error) {
      if (!(error instanceof FetchError || error instanceof NotAFeedError)) throw error;
      failure = error;
    }
  }
  throw failure;
}

/** 201 the feed; 400 for an address the fetcher refuses, 422 when nothing there is a feed, 409 twice or past the limit. */
export async function subscribeFeed(userId: string, input: SubscribeFeed): Promise<Feed> {
  if ((await countFeeds(db(), userId)) >= MAX_FEEDS) throw new HttpError(409, `You follow ${MAX_FEEDS} feeds already. Unsubscribe from one first.`);
  let found: { url: string; parsed: ParsedFeed };
  try {
    found = await findFeed(input.url);
  } catch (error) {
    if (error instanceof HostDeferral) throw new HttpError(503, "That site is busy with our other requests. Please try again in a minute.", { "Retry-After": "60" });
    if (error instanceof FetchError && (error.kind === "blocked" || error.kind === "invalid-address")) throw new HttpError(400, error.message);
    if (error instanceof FetchError || error instanceof NotAFeedError) throw new HttpError(422, `That address is not a feed we can read (${failureReason(error)})`);
    throw error;
  }
  const row = await insertFeed(db(), { userId, url: found.url, siteUrl: found.parsed.siteUrl, title: found.parsed.title, tags: input.tags });
  if (!row) throw new HttpError(409, "You follow that feed already.");
  await enqueueSafely([row.id]);
  return toFeed({ ...row, item_count: 0 });
}

export async function updateUserFeed(userId: string, id: string, patch: FeedPatch): Promise<Feed> {
  const feed = await ownFeed(userId, id);
  await updateFeed(db(), { id: feed.id, userId }, patch);
  if (patch.paused === false && feed.paused) await enqueueSafely([feed.id]);
  return toFeed(await ownFeed(userId, id));
}

/** Unsubscribes; the links it saved stay in the library. */
export async function unsubscribeFeed(userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteFeed(db(), { id, userId }))) throw new HttpError(404, FEED_NOT_FOUND);
}

/** Check now: the feed is polled at once, whatever its back-off said. 409 while it is paused. */
export async function pollUserFeedNow(userId: string, id: string): Promise<Feed> {
  const feed = await ownFeed(userId, id);
  if (feed.paused) throw new HttpError(409, "The feed is paused. Resume it to check it.");
  await makeFeedDue(db(), { id: feed.id, userId });
  await enqueueFeedPolls([feed.id]);
  return toFeed(await ownFeed(userId, id));
}

/**
 * Subscribes to every feed an OPML file lists that the user does not follow yet, up to the limit.
 * They are not fetched now (a file may list hundreds): each poll shows its own reason if it fails.
 */
export async function importOpml(userId: string, body: string | AsyncIterable<Uint8Array>): Promise<OpmlImport> {
  const text = typeof body === "string" ? body : await readCapped(body, OPML_MAX_BYTES);
  if (Buffer.byteLength(text) > OPML_MAX_BYTES) throw new HttpError(413, OPML_TOO_LARGE);
  let listed: Awaited<ReturnType<typeof parseOpmlDocument>>;
  try {
    listed = await parseOpmlDocument(text);
  } catch (error) {
    throw new HttpError(422, (error as Error).message);
  }
  const unique = [...new Map(listed.feeds.map((feed) => [feed.url, feed])).values()];
  const following = new Set((await listFeedsForExport(db(), userId)).map((feed) => feed.url));
  const fresh = unique.filter((feed) => !following.has(feed.url));
  const room = Math.max(0, MAX_FEEDS - following.size);
  const added = await insertFeeds(db(), userId, fresh.slice(0, room));
  await enqueueSafely(added.map((row) => row.id));
  return { added: added.length, existing: unique.length - fresh.length, skipped: listed.skipped + Math.max(0, fresh.length - room) + (fresh.slice(0, room).length - added.length) };
}

const OPML_TOO_LARGE = `An OPML file can be ${OPML_MAX_BYTES / 1024 / 1024} MB at most.`;

/** A request body as text, refused (413) past `maxBytes` without reading the rest. */
async function readCapped(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new HttpError(413, OPML_TOO_LARGE);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The user's feeds as an OPML 2.0 file. */
export async function exportOpml(userId: string): Promise<string> {
  const feeds = await listFeedsForExport(db(), userId);
  return buildOpml(
    feeds.map((feed) => ({ url: feed.url, title: feed.title, siteUrl: feed.site_url })),
    { title: "Linkwise feeds" },
  );
}

/** The sweep (every minute on the system queue): queues a poll of every live feed that is due. */
export async function sweepDueFeeds(): Promise<{ queued: number }> {
  const due = await claimDueFeeds(db(), { leaseMs: CLAIM_LEASE_MS, limit: SWEEP_BATCH });
  if (due.length > 0) await enqueueFeedPolls(due);
  return { queued: due.length };
}

export type PollOutcome =
  | { outcome: "gone" | "paused" | "not-modified" }
  | { outcome: "postponed"; untilMs: number }
  | { outcome: "failed"; reason: string; failures: number }
  | { outcome: "polled"; entries: number; saved: number; duplicates: number; skipped: number };

/** Saves one entry as the user's link, with the feed's tags as their own; null when the page is in the library already. */
async function saveEntry(user: { id: string; role: Role }, feed: FeedRow, entry: FeedEntry): Promise<string | null> {
  if (!isValidLinkUrl(entry.url)) return null;
  // Decision 053's "same page": the same address, or a live link whose page names it canonical.
  // Found live, archived or in Recently deleted, it is left exactly as it is.
  if (await findSavedPage(db(), { userId: user.id, normalizedUrl: normalizeUrl(stripTrackingParams(entry.url)) })) return null;
  const { link, created } = await saveLinkWithOwnFields(user, entry.url, { title: entry.title ?? undefined, tags: feed.tags, automatic: true });
  return created ? link.id : null;
}

/**
 * One poll of a feed (the `feed-poll` job). A 304 costs no parse. The first poll that finds entries
 * saves only the newest FIRST_POLL_ITEMS and marks the rest seen; later ones save up to
 * POLL_ITEMS_MAX new entries. A fetch or parse failure is recorded on the feed with its back-off,
 * not thrown (the job succeeds). A host busy with our other requests (HostDeferral "busy") is
 * thrown for the worker to postpone the job, up to the host limits' count (`deferrals`, from the
 * job's data), then recorded as a failure; a host that asked us to wait moves the feed's next poll.
 */
export async function pollFeed(
  feedId: string,
  { onStep = () => undefined, deferrals = { busy: 0, asked: 0 } }: { onStep?: StepLogger; deferrals?: Deferrals } = {},
): Promise<PollOutcome> {
  const feed = await getFeedById(db(), feedId);
  if (!feed) return { outcome: "gone" };
  if (feed.paused) return { outcome: "paused" };
  const user = await getUserById(db(), feed.user_id);
  if (!user) return { outcome: "gone" };
  const fail = async (error: unknown): Promise<PollOutcome> => {
    const reason = failureReason(error);
    const failures = feed.failures + 1;
    await recordFeedFailed(db(), feed.id, { error: reason, failures, nextPollAt: new Date(Date.now() + backoffMs(failures)) });
    onStep(`poll failed (${reason}); next try in ${Math.round(backoffMs(failures) / 60_000)} min`);
    return { outcome: "failed", reason, failures };
  };

  let page: FetchedPage;
  try {
    page = await fetchFeed(feed.url, "background", { conditional: { etag: feed.etag, lastModified: feed.last_modified } });
  } catch (error) {
    // The site (or another job's answer from it) asked us to come back later (429/503 with
    // Retry-After): the feed waits that long; that is no failure.
    const askedMs = error instanceof HostDeferral && error.kind === "asked" ? error.waitMs : error instanceof FetchError && error.serverWait ? await holdHost(error.serverWait.host, error.serverWait.ms) : undefined;
    if (askedMs !== undefined) {
      await postponeFeed(db(), feed.id, new Date(Date.now() + askedMs));
      onStep(`${(error as Error).message}; next try in ${Math.ceil(askedMs / 1000)} s`);
      return { outcome: "postponed", untilMs: askedMs };
    }
    if (error instanceof HostDeferral) {
      const reason = deferralLimitReason(deferrals, error.kind);
      if (reason) return fail(new FetchError(reason, false, "network"));
      throw error;
    }
    if (error instanceof FetchError) return fail(error);
    throw error;
  }
  const nextPollAt = new Date(Date.now() + env().FEED_POLL_INTERVAL_MS);
  if (page.status === 304) {
    await recordFeedPolled(db(), feed.id, { etag: page.etag ?? feed.etag, lastModified: page.lastModified ?? feed.last_modified, nextPollAt });
    onStep("not modified (304)");
    return { outcome: "not-modified" };
  }
  let parsed: ParsedFeed;
  try {
    parsed = await parseFeedDocument(page.body, page.url);
  } catch (error) {
    if (error instanceof NotAFeedError) return fail(error);
    throw error;
  }

  try {
    return await saveNewEntries(user, feed, parsed, page, nextPollAt, onStep);
  } catch (error) {
    // Unsubscribed while its poll ran: its seen entries went with it (a link saved meanwhile stays).
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION && !(await getFeedById(db(), feed.id))) return { outcome: "gone" };
    throw error;
  }
}

const FOREIGN_KEY_VIOLATION = "23503";

async function saveNewEntries(user: { id: string; role: Role }, feed: FeedRow, parsed: ParsedFeed, page: FetchedPage, nextPollAt: Date, onStep: StepLogger): Promise<PollOutcome> {
  const entries = parsed.entries.slice(0, ENTRIES_MAX);
  const first = !(await hasSeenAny(db(), feed.id));
  const seen = await listSeenKeys(db(), feed.id, [...new Set(entries.map((entry) => entry.key))]);
  const unseen = entries.filter((entry) => !seen.has(entry.key));
  const toSave = newestEntries(unseen, first ? FIRST_POLL_ITEMS : POLL_ITEMS_MAX);
  const saving = new Set(toSave.map((entry) => entry.key));
  // Older entries of a first poll (and any past the cap) are seen, not saved: they never come later either.
  await insertFeedItems(db(), feed.id, [...new Set(unseen.filter((entry) => !saving.has(entry.key)).map((entry) => entry.key))].map((key) => ({ key, linkId: null })));
  let saved = 0;
  for (const entry of toSave) {
    const linkId = await saveEntry(user, feed, entry);
    if (linkId) saved++;
    await insertFeedItems(db(), feed.id, [{ key: entry.key, linkId }]);
  }
  await recordFeedPolled(db(), feed.id, { etag: page.etag ?? null, lastModified: page.lastModified ?? null, title: parsed.title, siteUrl: parsed.siteUrl, nextPollAt });
  const outcome = { outcome: "polled" as const, entries: entries.length, saved, duplicates: toSave.length - saved, skipped: unseen.length - toSave.length };
  onStep(`${entries.length} entries, ${saved} saved, ${outcome.duplicates} already in the library, ${outcome.skipped} older ones skipped`);
  return outcome;
}
