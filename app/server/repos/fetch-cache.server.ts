import type { Database } from "../platform/db.server";
import type { FetchCacheRow } from "../platform/db-schema.server";
import { toJsonb } from "../platform/strip-nul-plugin.server";

/** The shared fetch of one address (fetch-cache.server.ts), by its key; one primary-key look-up. */
export async function getFetchCacheEntry(db: Database, key: string): Promise<FetchCacheRow | undefined> {
  return db.selectFrom("fetch_cache").selectAll().where("key", "=", key).executeTakeFirst();
}

export interface FetchCacheOk {
  key: string;
  url: string;
  finalUrl: string;
  contentType: string;
  bytes: number;
  parse: unknown;
  parseVersion: number;
  method: string;
  etag: string | null;
  lastModified: string | null;
  freshUntil: Date;
}

/** Stores a page's parse for everyone, over whatever was there (an older parse, a failure). */
export async function putFetchCacheOk(db: Database, entry: FetchCacheOk): Promise<void> {
  const values = {
    url: entry.url,
    outcome: "ok" as const,
    final_url: entry.finalUrl,
    content_type: entry.contentType,
    bytes: entry.bytes,
    parse: toJsonb(entry.parse),
    parse_version: entry.parseVersion,
    method: entry.method,
    etag: entry.etag,
    last_modified: entry.lastModified,
    failure: null,
    failure_kind: null,
    fetched_at: new Date(),
    fresh_until: entry.freshUntil,
  };
  await db
    .insertInto("fetch_cache")
    .values({ key: entry.key, ...values })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .execute();
}

/**
 * Remembers a failure briefly. An entry with a parse keeps it (and its validators) for a later
 * conditional request: only its freshness ends, so the next save fetches again.
 */
export async function putFetchCacheFailure(
  db: Database,
  entry: { key: string; url: string; failure: string; failureKind: string; freshUntil: Date },
): Promise<void> {
  await db
    .insertInto("fetch_cache")
    .values({ key: entry.key, url: entry.url, outcome: "failed", failure: entry.failure, failure_kind: entry.failureKind, fresh_until: entry.freshUntil, fetched_at: new Date() })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ outcome: "failed", failure: entry.failure, failure_kind: entry.failureKind, fresh_until: entry.freshUntil, fetched_at: new Date() }),
    )
    .execute();
}

/** A 304 Not Modified: the stored parse is fresh again, with the validators the site sent. */
export async function refreshFetchCacheEntry(
  db: Database,
  key: string,
  { etag, lastModified, freshUntil }: { etag: string | null; lastModified: string | null; freshUntil: Date },
): Promise<void> {
  await db
    .updateTable("fetch_cache")
    .set((eb) => ({
      fetched_at: new Date(),
      fresh_until: freshUntil,
      etag: etag ?? eb.ref("etag"),
      last_modified: lastModified ?? eb.ref("last_modified"),
    }))
    .where("key", "=", key)
    .execute();
}

/** Entries stale since before `before` (kept until then for conditional requests); returns how many went. */
export async function deleteStaleFetchCache(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom("fetch_cache").where("fresh_until", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
