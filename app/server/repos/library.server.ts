import { sql } from "kysely";
import type { DashboardView } from "~/lib/library";
import type { Database } from "../platform/db.server";
import type { Link } from "../platform/db-schema.server";

/**
 * The dashboard's sidebar (decision 051): the user's tags with their counts, a tag renamed across
 * the user's links, saved searches and the chosen view.
 */

/** Every tag on the user's live links with how many carry it, most used first, then by name. */
export async function countUserTags(db: Database, userId: string, limit: number): Promise<Array<{ tag: string; count: number }>> {
  return db
    .selectFrom(sql<{ tag: string }>`(select unnest(tags) as tag from links where user_id = ${userId} and deleted_at is null)`.as("t"))
    .select(["t.tag", sql<number>`count(*)::int`.as("count")])
    .groupBy("t.tag")
    .orderBy("count", "desc")
    .orderBy(sql`lower(t.tag)`)
    .limit(limit)
    .execute();
}

type TagRow = Pick<Link, "id" | "tags" | "user_tags" | "dismissed_tags">;

/** The user's live links carrying `tag` (any case) as shown or as their own, locked until the transaction ends. */
export async function linksWithTagForUpdate(db: Database, userId: string, tag: string): Promise<TagRow[]> {
  const holds = (column: "tags" | "user_tags") => sql<boolean>`lower(${tag}) = any(select lower(x) from unnest(${sql.ref(column)}) as x)`;
  return db
    .selectFrom("links")
    .select(["id", "tags", "user_tags", "dismissed_tags"])
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([holds("tags"), holds("user_tags")]))
    .orderBy("id")
    .forUpdate()
    .execute();
}

/** Writes many links' three tag lists in one statement. */
export async function writeLinkTags(db: Database, userId: string, rows: Array<{ id: string; tags: string[]; userTags: string[]; dismissedTags: string[] }>): Promise<number> {
  if (rows.length === 0) return 0;
  const data = JSON.stringify(rows.map((row) => ({ id: row.id, tags: row.tags, user_tags: row.userTags, dismissed_tags: row.dismissedTags })));
  const result = await sql`
    update links set tags = v.tags, user_tags = v.user_tags, dismissed_tags = v.dismissed_tags, updated_at = now()
    from jsonb_to_recordset(${data}::jsonb) as v(id uuid, tags text[], user_tags text[], dismissed_tags text[])
    where links.id = v.id and links.user_id = ${userId} and links.deleted_at is null`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function listSavedSearches(db: Database, userId: string) {
  return db.selectFrom("saved_searches").select(["id", "name", "query", "created_at"]).where("user_id", "=", userId).orderBy(sql`lower(name)`).execute();
}

export async function countSavedSearches(db: Database, userId: string): Promise<number> {
  const row = await db.selectFrom("saved_searches").select(sql<number>`count(*)::int`.as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  return row.count;
}

/** Saves a search; the same name (any case) saved again takes the new name's spelling and query. */
export async function upsertSavedSearch(db: Database, userId: string, { name, query }: { name: string; query: string }) {
  return db
    .insertInto("saved_searches")
    .values({ user_id: userId, name, query })
    .onConflict((oc) => oc.expression(sql`user_id, lower(name)`).doUpdateSet({ name, query }))
    .returning(["id", "name", "query", "created_at"])
    .executeTakeFirstOrThrow();
}

/** Points a saved search at another query (a tag it names was renamed). */
export async function setSavedSearchQuery(db: Database, userId: string, id: string, query: string): Promise<void> {
  await db.updateTable("saved_searches").set({ query }).where("id", "=", id).where("user_id", "=", userId).execute();
}

export async function savedSearchNamed(db: Database, userId: string, name: string) {
  return db.selectFrom("saved_searches").select("id").where("user_id", "=", userId).where(sql`lower(name)`, "=", name.toLowerCase()).executeTakeFirst();
}

export async function deleteSavedSearch(db: Database, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("saved_searches").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function getDashboardView(db: Database, userId: string): Promise<DashboardView | undefined> {
  const row = await db.selectFrom("user_preferences").select("dashboard_view").where("user_id", "=", userId).executeTakeFirst();
  return row?.dashboard_view;
}

export async function setDashboardView(db: Database, userId: string, view: DashboardView): Promise<void> {
  await db
    .insertInto("user_preferences")
    .values({ user_id: userId, dashboard_view: view, updated_at: new Date() })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ dashboard_view: view, updated_at: new Date() }))
    .execute();
}
