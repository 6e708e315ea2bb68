import type { Database } from "../platform/db.server";
import type { ReaderSettings } from "~/lib/reader";

/** The reader view's rows (decision 055): the article's HTML, the owner's reading position, their settings. */

export async function getArticle(db: Database, linkId: string): Promise<{ html: string; base_url: string } | undefined> {
  return db.selectFrom("link_articles").select(["html", "base_url"]).where("link_id", "=", linkId).executeTakeFirst();
}

/** The page's article as the last enrichment read it; none (a reader that keeps no HTML) removes the older one. */
export async function putArticle(db: Database, linkId: string, article: { html: string; baseUrl: string } | null): Promise<void> {
  if (!article) {
    await db.deleteFrom("link_articles").where("link_id", "=", linkId).execute();
    return;
  }
  const values = { html: article.html, base_url: article.baseUrl, updated_at: new Date() };
  await db
    .insertInto("link_articles")
    .values({ link_id: linkId, ...values })
    .onConflict((oc) => oc.column("link_id").doUpdateSet(values))
    .execute();
}

/** Which of these lead-image keys hold an image (the article's pictures are kept in the same table). */
export async function keptImageKeys(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom("lead_images").select("key").where("key", "in", keys).where("data", "is not", null).execute();
  return new Set(rows.map((row) => row.key));
}

export async function getReadingPosition(db: Database, { linkId, userId }: { linkId: string; userId: string }): Promise<number | null> {
  const row = await db.selectFrom("reading_positions").select("progress").where("link_id", "=", linkId).where("user_id", "=", userId).executeTakeFirst();
  return row?.progress ?? null;
}

/** Saves the owner's position; the caller has checked that the link is theirs. */
export async function putReadingPosition(db: Database, { linkId, userId, progress }: { linkId: string; userId: string; progress: number }): Promise<void> {
  await db
    .insertInto("reading_positions")
    .values({ link_id: linkId, user_id: userId, progress, updated_at: new Date() })
    .onConflict((oc) => oc.column("link_id").doUpdateSet({ progress, updated_at: new Date() }))
    .execute();
}

export async function getReaderSettings(db: Database, userId: string): Promise<ReaderSettings | undefined> {
  const row = await db.selectFrom("user_preferences").select(["reader_font_size", "reader_width"]).where("user_id", "=", userId).executeTakeFirst();
  return row ? { fontSize: row.reader_font_size, width: row.reader_width } : undefined;
}

export async function putReaderSettings(db: Database, userId: string, settings: ReaderSettings): Promise<void> {
  const values = { reader_font_size: settings.fontSize, reader_width: settings.width, updated_at: new Date() };
  await db
    .insertInto("user_preferences")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}
