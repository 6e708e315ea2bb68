import { sql } from "kysely";
import type { Database } from "../platform/db.server";

export async function setLinkPublic(db: Database, { id, userId, isPublic }: { id: string; userId: string; isPublic: boolean }) {
  return db
    .updateTable("links")
    .set({ is_public: isPublic, shared_at: isPublic ? new Date() : null })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** A public link with its owner's role (Free shares carry a watermark); none while its owner has it deleted. */
export async function getPublicLink(db: Database, id: string) {
  return db
    .selectFrom("links")
    .innerJoin("users", "users.id", "links.user_id")
    .select(["links.id", "links.title", "links.description", "links.url", "links.tags", "links.summary", "links.favicon", "links.lead_image", "users.role as owner_role", "users.id as owner_id"])
    .where("links.id", "=", id)
    .where("links.is_public", "=", true)
    .where("links.deleted_at", "is", null)
    .executeTakeFirst();
}

/** One view per visitor per day; a repeat is ignored. */
export async function insertShareView(db: Database, view: { linkId: string; visitor: string; day: string }): Promise<void> {
  await db
    .insertInto("share_views")
    .values({ link_id: view.linkId, visitor: view.visitor, day: view.day })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function listSharedLinks(db: Database, userId: string) {
  return db
    .selectFrom("links")
    .leftJoin("share_views", "share_views.link_id", "links.id")
    .select(["links.id", "links.title", "links.url", "links.shared_at", sql<number>`count(share_views.link_id)::int`.as("views")])
    .where("links.user_id", "=", userId)
    .where("links.is_public", "=", true)
    .where("links.deleted_at", "is", null)
    .groupBy("links.id")
    .orderBy("links.shared_at", "desc")
    .execute();
}

/** `count` made-up visitors' views of a link, each on a random day within the last `withinDays` days. */
export async function insertDemoShareViews(db: Database, { linkId, count, withinDays }: { linkId: string; count: number; withinDays: number }): Promise<void> {
  await sql`
    insert into share_views (link_id, visitor, day)
    select ${linkId}, 'demo-' || g, (current_date - (floor(random() * ${withinDays}))::int)
    from generate_series(1, ${count}) g
    on conflict do nothing`.execute(db);
}

/** The newest public shares, for the sitemap (the partial index on is_public keeps this small). */
export async function listPublicShareIds(db: Database, limit: number) {
  return db
    .selectFrom("links")
    .select(["id", "shared_at"])
    .where("is_public", "=", true)
    .where("deleted_at", "is", null)
    .orderBy("shared_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}
