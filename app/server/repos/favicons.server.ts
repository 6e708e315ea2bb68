import type { Database } from "../platform/db.server";
import type { FaviconRow } from "../platform/db-schema.server";

export async function getFavicon(db: Database, key: string): Promise<FaviconRow | undefined> {
  return db.selectFrom("favicons").selectAll().where("key", "=", key).executeTakeFirst();
}

/** When we last looked for this icon, without its bytes. */
export async function getFaviconFetchedAt(db: Database, key: string): Promise<{ fetched_at: Date; found: boolean } | undefined> {
  const row = await db
    .selectFrom("favicons")
    .select((eb) => ["fetched_at", eb("data", "is not", null).as("found")])
    .where("key", "=", key)
    .executeTakeFirst();
  return row ? { fetched_at: row.fetched_at, found: Boolean(row.found) } : undefined;
}

export async function putFavicon(db: Database, row: { key: string; source_url: string; content_type: string | null; data: Buffer | null }): Promise<void> {
  await db
    .insertInto("favicons")
    .values(row)
    .onConflict((oc) => oc.column("key").doUpdateSet({ content_type: row.content_type, data: row.data, fetched_at: new Date() }))
    .execute();
}
