import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { FeedRow } from "../platform/db-schema.server";

export type FeedWithCount = FeedRow & { item_count: number };

const withItemCount = (db: Database) =>
  db
    .selectFrom("feeds")
    .selectAll("feeds")
    .select((eb) =>
      eb
        .selectFrom("feed_items")
        .select((inner) => inner.fn.count<string>("feed_items.link_id").as("n"))
        .whereRef("feed_items.feed_id", "=", "feeds.id")
        .as("item_count"),
    );

const counted = (row: FeedRow & { item_count: string | number | null }): FeedWithCount => ({ ...row, item_count: Number(row.item_count ?? 0) });

/** A new subscription, due at once; undefined when the user already has this address. */
export async function insertFeed(
  db: Database,
  feed: { userId: string; url: string; siteUrl: string | null; title: string | null; tags: string[] },
): Promise<FeedRow | undefined> {
  return db
    .insertInto("feeds")
    .values({ user_id: feed.userId, url: feed.url, site_url: feed.siteUrl, title: feed.title, tags: feed.tags })
    .onConflict((oc) => oc.columns(["user_id", "url"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Many subscriptions at once (an OPML import); those the user has already are left as they are. Returns the new ones. */
export async function insertFeeds(db: Database, userId: string, feeds: Array<{ url: string; siteUrl: string | null; title: string | null }>): Promise<FeedRow[]> {
  if (feeds.length === 0) return [];
  return db
    .insertInto("feeds")
    .values(feeds.map((feed) => ({ user_id: userId, url: feed.url, site_url: feed.siteUrl, title: feed.title })))
    .onConflict((oc) => oc.columns(["user_id", "url"]).doNothing())
    .returningAll()
    .execute();
}

export async function countFeeds(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("feeds")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user's feeds, oldest first (the order they were added in), each with how many links it saved. */
export async function listFeeds(db: Database, userId: string): Promise<FeedWithCount[]> {
  const rows = await withItemCount(db).where("feeds.user_id", "=", userId).orderBy("feeds.created_at").orderBy("feeds.id").execute();
  return rows.map(counted);
}

export async function getFeed(db: Database, key: { id: string; userId: string }): Promise<FeedWithCount | undefined> {
  const row = await withItemCount(db).where("feeds.id", "=", key.id).where("feeds.user_id", "=", key.userId).executeTakeFirst();
  return row ? counted(row) : undefined;
}

/** A feed by id alone, for the worker's poll. */
export async function getFeedById(db: Database, id: string): Promise<FeedRow | undefined> {
  return db.selectFrom("feeds").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Pausing stops the polls; resuming makes the feed due at once. */
export async function updateFeed(db: Database, key: { id: string; userId: string }, patch: { paused?: boolean; tags?: string[] }): Promise<boolean> {
  const result = await db
    .updateTable("feeds")
    .set({
      ...(patch.tags === undefined ? {} : { tags: patch.tags }),
      ...(patch.paused === undefined ? {} : { paused: patch.paused }),
      ...(patch.paused === false ? { next_poll_at: sql<Date>`now()` } : {}),
    })
    .where("id", "=", key.id)
    .where("user_id", "=", key.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Poll now: due at once, whatever its back-off said. */
export async function makeFeedDue(db: Database, key: { id: string; userId: string }): Promise<void> {
  await db.updateTable("feeds").set({ next_poll_at: sql<Date>`now()` }).where("id", "=", key.id).where("user_id", "=", key.userId).execute();
}

export async function deleteFeed(db: Database, key: { id: string; userId: string }): Promise<boolean> {
  const result = await db.deleteFrom("feeds").where("id", "=", key.id).where("user_id", "=", key.userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Takes up to `limit` live feeds that are due and moves their next poll `leaseMs` ahead, so the next
 * sweep does not queue them again while their poll runs (the poll then sets the real next time).
 * SKIP LOCKED lets two workers sweep at once without taking the same feed.
 */
export async function claimDueFeeds(db: Database, { leaseMs, limit }: { leaseMs: number; limit: number }): Promise<string[]> {
  const rows = await db
    .updateTable("feeds")
    .set({ next_poll_at: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'` })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("feeds")
        .select("id")
        .where("paused", "=", false)
        .where("next_poll_at", "<=", sql<Date>`now()`)
        .orderBy("next_poll_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** A poll that went well (a 304 included): the validators to send next time, the failures forgotten. */
export async function recordFeedPolled(
  db: Database,
  id: string,
  result: { etag: string | null; lastModified: string | null; title?: string | null; siteUrl?: string | null; nextPollAt: Date },
): Promise<void> {
  await db
    .updateTable("feeds")
    .set({
      etag: result.etag,
      last_modified: result.lastModified,
      ...(result.title ? { title: result.title } : {}),
      ...(result.siteUrl ? { site_url: result.siteUrl } : {}),
      next_poll_at: result.nextPollAt,
      failures: 0,
      last_error: null,
      last_polled_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** A poll that failed: the reason shown on the feed, and when to try again. */
export async function recordFeedFailed(db: Database, id: string, result: { error: string; failures: number; nextPollAt: Date }): Promise<void> {
  await db
    .updateTable("feeds")
    .set({ last_error: result.error, failures: result.failures, next_poll_at: result.nextPollAt, last_polled_at: sql<Date>`now()` })
    .where("id", "=", id)
    .execute();
}

/** The site asked us to come back later: checked now, the next poll moved; no failure counted. */
export async function postponeFeed(db: Database, id: string, nextPollAt: Date): Promise<void> {
  await db.updateTable("feeds").set({ next_poll_at: nextPollAt, last_polled_at: sql<Date>`now()` }).where("id", "=", id).execute();
}

/** Which of these entry keys the feed has seen before. */
export async function listSeenKeys(db: Database, feedId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom("feed_items").select("item_key").where("feed_id", "=", feedId).where("item_key", "in", keys).execute();
  return new Set(rows.map((row) => row.item_key));
}

/** Whether the feed was ever polled with entries seen: a first poll saves only the newest few. */
export async function hasSeenAny(db: Database, feedId: string): Promise<boolean> {
  return (await db.selectFrom("feed_items").select("item_key").where("feed_id", "=", feedId).limit(1).executeTakeFirst()) !== undefined;
}

/** Marks entries seen; an entry seen already keeps its first row. */
export async function insertFeedItems(db: Database, feedId: string, items: Array<{ key: string; linkId: string | null }>): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto("feed_items")
    .values(items.map((item) => ({ feed_id: feedId, item_key: item.key, link_id: item.linkId })))
    .onConflict((oc) => oc.columns(["feed_id", "item_key"]).doNothing())
    .execute();
}

/** Every feed of the user, for the OPML export and the account's data export. */
export async function listFeedsForExport(db: Database, userId: string): Promise<Array<Pick<FeedRow, "url" | "title" | "site_url" | "tags" | "paused" | "created_at">>> {
  return db.selectFrom("feeds").select(["url", "title", "site_url", "tags", "paused", "created_at"]).where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}
