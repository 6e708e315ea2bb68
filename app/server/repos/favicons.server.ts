import type { Database } from "../platform/db.server";
import type { FaviconRow } from "../platform/db-schema.server";

/** Images we keep and serve from our origin, one table per use, the same shape in each. */
export type ImageTable = "favicons" | "lead_images";

export async function getFavicon(db: Database, key: string, table: ImageTable = "favicons"): Promise<FaviconRow | undefined> {
  return db.selectFrom(table).selectAll().where("key", "=", key).executeTakeFirst();
}

/** When we last looked for this image, without its bytes. */
export async function getFaviconFetchedAt(db: Database, key: string, table: ImageTable = "favicons"): Promise<{ fetched_at: Date; found: boolean } | undefined> {
  const row = await db
    .selectFrom(table)
    .select((eb) => ["fetched_at", eb("data", "is not", null).as("found")])
    .where("key", "=", key)
    .executeTakeFirst();
  return row ? { fetched_at: row.fetched_at, found: Boolean(row.found) } : undefined;
}

export async function putFavicon(db: Database, row: { key: string; source_url: string; content_type: string | null; data: Buffer | null }, table: ImageTable = "favicons"): Promise<void> {
  await db
    .insertInto(table)
    .values(row)
    .onConflict((oc) => oc.column("key").doUpdateSet({ content_type: row.content_type, data: row.data, fetched_at: new Date() }))
    .execute();
}
