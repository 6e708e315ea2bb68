import type { Database } from "../platform/db.server";
import type { LinkCaptureRow } from "../platform/db-schema.server";

/** The link's captured page (decision 069): one per link, a later capture replaces it. */
export async function putLinkCapture(db: Database, row: { linkId: string; userId: string; url: string; html: string }): Promise<void> {
  await db
    .insertInto("link_captures")
    .values({ link_id: row.linkId, user_id: row.userId, url: row.url, html: row.html })
    .onConflict((oc) => oc.column("link_id").doUpdateSet({ url: row.url, html: row.html, captured_at: new Date() }))
    .execute();
}

export async function getLinkCapture(db: Database, linkId: string): Promise<LinkCaptureRow | undefined> {
  return db.selectFrom("link_captures").selectAll().where("link_id", "=", linkId).executeTakeFirst();
}
