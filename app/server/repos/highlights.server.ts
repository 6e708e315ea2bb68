import { sql, type SqlBool } from "kysely";
import type { HighlightColour } from "~/lib/vocabulary";
import type { Database } from "../platform/db.server";
import type { Highlight } from "../platform/db-schema.server";
import { prepareSearch } from "./link-search.server";

/**
 * Highlights (decision 060): the user's, read and written only by their owner. A highlight of a
 * link in the trash is hidden with it (every read joins the live link) and back on restore; the
 * purge removes it (foreign key cascade). Enrichment never calls this module.
 */

/** Where a page of a user's highlights ends: the last row's created_at (UTC, to the microsecond) and id. */
export interface HighlightCursor {
  createdAt: string;
  id: string;
}

export type ListedHighlightRow = Highlight & { link_title: string | null; link_url: string; link_tags: string[]; cursor_created_at: string };

const COLUMNS = [
  "highlights.id",
  "highlights.user_id",
  "highlights.link_id",
  "highlights.exact",
  "highlights.prefix",
  "highlights.suffix",
  "highlights.start_offset",
  "highlights.colour",
  "highlights.note",
  "highlights.created_at",
  "highlights.updated_at",
] as const;

function live(db: Database, userId: string) {
  return db
    .selectFrom("highlights")
    .innerJoin("links", "links.id", "highlights.link_id")
    .where("highlights.user_id", "=", userId)
    .where("links.user_id", "=", userId)
    .where("links.deleted_at", "is", null);
}

/** Locks the user's live link for a change to its highlights (the per-link limit is counted under it); undefined: not theirs, or deleted. */
export async function lockLiveLink(db: Database, { linkId, userId }: { linkId: string; userId: string }): Promise<string | undefined> {
  const row = await db.selectFrom("links").select("id").where("id", "=", linkId).where("user_id", "=", userId).where("deleted_at", "is", null).forUpdate().executeTakeFirst();
  return row?.id;
}

/** The user's live link's id, or undefined (not theirs, none, or in the trash). */
export async function getLiveLinkId(db: Database, { linkId, userId }: { linkId: string; userId: string }): Promise<string | undefined> {
  const row = await db.selectFrom("links").select("id").where("id", "=", linkId).where("user_id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
  return row?.id;
}

/** The owner's choice to show the link's highlights on its public share page. */
export async function setShareHighlights(db: Database, { linkId, userId, show }: { linkId: string; userId: string; show: boolean }): Promise<boolean> {
  const result = await db.updateTable("links").set({ share_highlights: show }).where("id", "=", linkId).where("user_id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A public link's highlights, oldest first, when its owner chose to show them; none otherwise. */
export async function listSharedHighlights(db: Database, linkId: string): Promise<Highlight[]> {
  return db
    .selectFrom("highlights")
    .innerJoin("links", "links.id", "highlights.link_id")
    .select(COLUMNS)
    .where("highlights.link_id", "=", linkId)
    .whereRef("highlights.user_id", "=", "links.user_id")
    .where("links.is_public", "=", true)
    .where("links.share_highlights", "=", true)
    .where("links.deleted_at", "is", null)
    .orderBy("highlights.created_at", "asc")
    .orderBy("highlights.id", "asc")
    .execute();
}

export async function countLinkHighlights(db: Database, linkId: string): Promise<number> {
  const row = await db.selectFrom("highlights").select(sql<number>`count(*)::int`.as("count")).where("link_id", "=", linkId).executeTakeFirstOrThrow();
  return row.count;
}

/** A link's highlights, oldest first (the order they were made in); the caller has checked the link is the user's. */
export async function listLinkHighlights(db: Database, { linkId, userId }: { linkId: string; userId: string }): Promise<Highlight[]> {
  return db.selectFrom("highlights").select(COLUMNS).where("link_id", "=", linkId).where("user_id", "=", userId).orderBy("created_at", "asc").orderBy("id", "asc").execute();
}

/** The highlights of these links of the user's, oldest first: what an export carries. */
export async function listHighlightsOfLinks(db: Database, { userId, linkIds }: { userId: string; linkIds: string[] }): Promise<Highlight[]> {
  if (linkIds.length === 0) return [];
  return db
    .selectFrom("highlights")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .where("link_id", "in", linkIds)
    .orderBy("link_id")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

export interface NewHighlight {
  userId: string;
  linkId: string;
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
  colour: HighlightColour;
  note: string | null;
}

export async function insertHighlight(db: Database, input: NewHighlight): Promise<Highlight> {
  return db
    .insertInto("highlights")
    .values({
      user_id: input.userId,
      link_id: input.linkId,
      exact: input.exact,
      prefix: input.prefix,
      suffix: input.suffix,
      start_offset: input.start,
      colour: input.colour,
      note: input.note,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Highlights from our own JSON export, onto the links an import saved or restored: each one the
 * link does not already hold (the same quote at the same place) is added with its first date, up
 * to `perLinkMax` a link. Returns how many were added.
 */
export async function insertRestoredHighlights(db: Database, rows: Array<NewHighlight & { createdAt: Date | null }>, perLinkMax: number): Promise<number> {
  if (rows.length === 0) return 0;
  const linkIds = [...new Set(rows.map((row) => row.linkId))];
  const held = await db.selectFrom("highlights").select(["link_id", "exact", "start_offset"]).where("link_id", "in", linkIds).execute();
  const key = (linkId: string, exact: string, start: number) => `${linkId}\u0000${start}\u0000${exact}`;
  const seen = new Set(held.map((row) => key(row.link_id, row.exact, row.start_offset)));
  const count = new Map<string, number>();
  for (const row of held) count.set(row.link_id, (count.get(row.link_id) ?? 0) + 1);
  const fresh = rows.filter((row) => {
    const id = key(row.linkId, row.exact, row.start);
    const n = count.get(row.linkId) ?? 0;
    if (seen.has(id) || n >= perLinkMax) return false;
    seen.add(id);
    count.set(row.linkId, n + 1);
    return true;
  });
  if (fresh.length === 0) return 0;
  await db
    .insertInto("highlights")
    .values(
      fresh.map((row) => ({
        user_id: row.userId,
        link_id: row.linkId,
        exact: row.exact,
        prefix: row.prefix,
        suffix: row.suffix,
        start_offset: row.start,
        colour: row.colour,
        note: row.note,
        ...(row.createdAt ? { created_at: row.createdAt, updated_at: row.createdAt } : {}),
      })),
    )
    .execute();
  return fresh.length;
}

/** The user's highlight on a live link, or undefined (not theirs, none, or its link is in the trash). */
export async function getHighlight(db: Database, { id, userId }: { id: string; userId: string }): Promise<Highlight | undefined> {
  return live(db, userId).select(COLUMNS).where("highlights.id", "=", id).executeTakeFirst();
}

export async function updateHighlight(
  db: Database,
  { id, userId, colour, note }: { id: string; userId: string; colour?: HighlightColour; note?: string | null },
): Promise<Highlight | undefined> {
  return db
    .updateTable("highlights")
    .set({ ...(colour !== undefined ? { colour } : {}), ...(note !== undefined ? { note } : {}), updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where((eb) => eb.exists(eb.selectFrom("links").select("links.id").whereRef("links.id", "=", "highlights.link_id").where("links.deleted_at", "is", null)))
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteHighlight(db: Database, { id, userId }: { id: string; userId: string }): Promise<boolean> {
  const result = await db
    .deleteFrom("highlights")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where((eb) => eb.exists(eb.selectFrom("links").select("links.id").whereRef("links.id", "=", "highlights.link_id").where("links.deleted_at", "is", null)))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

const cursorCreatedAt = sql<string>`to_char(highlights.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * A page of the user's highlights on live links, newest first: matching a search over their
 * quotes and notes (read as the library's search reads a query, in every language; the GIN index
 * led by the owner answers it) and one tag of their link.
 */
export async function listUserHighlights(
  db: Database,
  { userId, q, tag, before, limit }: { userId: string; q?: string; tag?: string; before?: HighlightCursor; limit: number },
): Promise<ListedHighlightRow[]> {
  const search = await prepareSearch(db, q);
  let query = live(db, userId).select([...COLUMNS, "links.title as link_title", "links.url as link_url", "links.tags as link_tags", cursorCreatedAt.as("cursor_created_at")]);
  if (search) query = query.where(search.any === null ? sql<SqlBool>`false` : sql<SqlBool>`highlights.search_vector @@ ${search.any}::tsquery`);
  if (tag !== undefined) query = query.where(sql<SqlBool>`links.tags @> array[${tag}]::text[]`);
  if (before) query = query.where(sql<SqlBool>`(highlights.created_at, highlights.id) < ((${before.createdAt}::timestamp at time zone 'UTC'), ${before.id}::uuid)`);
  return query.orderBy("highlights.created_at", "desc").orderBy("highlights.id", "desc").limit(limit).execute();
}
