import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { LinkFilter } from "~/lib/api-schemas";
import { savedRange } from "~/lib/link-filter";
import type { Database } from "../platform/db.server";
import type { DB } from "../platform/db-schema.server";
import { cursorSavedAt, type LinkCursor, type ListedLink } from "./links.server";

/** The page's host as normalizeUrl wrote it (lower case, no default port): scheme, optional user info, then the host. */
const linkHost = sql<string>`substring(links.normalized_url from '^[a-z][a-z0-9+.-]*://(?:[^/@]*@)?([^/:?#]+)')`;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * The conditions of a link filter (everything but the owner and the deleted rows, which every
 * caller adds): tag, status, category, domain (the host or a subdomain of it) and the saved_at
 * range. Used by the list (GET /api/links) and by "select all matching".
 */
export function linkFilterWhere(filter: LinkFilter) {
  return (eb: ExpressionBuilder<DB, "links">): Expression<SqlBool> => {
    const conditions: Array<Expression<SqlBool>> = [];
    if (filter.tag !== undefined) conditions.push(sql<SqlBool>`links.tags @> array[${filter.tag}]::text[]`);
    if (filter.status !== undefined) conditions.push(eb("links.status", "=", filter.status));
    if (filter.category !== undefined) conditions.push(eb("links.category", "=", filter.category));
    if (filter.domain !== undefined) {
      conditions.push(sql<SqlBool>`(${linkHost} = ${filter.domain} or ${linkHost} like ${`%.${likeLiteral(filter.domain)}`})`);
    }
    const range = savedRange(filter);
    if (range.from) conditions.push(eb("links.saved_at", ">=", range.from));
    if (range.to) conditions.push(eb("links.saved_at", "<", range.to));
    return eb.and(conditions);
  };
}

/**
 * Ids of the user's live (not deleted) links matching the filter, newest saved first, at most
 * `limit`: what "select all matching" acts on.
 */
export async function listMatchingLinkIds(db: Database, { userId, filter, limit }: { userId: string; filter: LinkFilter; limit: number }): Promise<string[]> {
  const rows = await db
    .selectFrom("links")
    .select("links.id")
    .where("links.user_id", "=", userId)
    .where("links.deleted_at", "is", null)
    .where(linkFilterWhere(filter))
    .orderBy("links.saved_at", "desc")
    .orderBy("links.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A page of the user's live links matching the filter, newest saved first, after `before`
 * (the previous page's last row), as listLinks pages them.
 */
export async function searchLinks(
  db: Database,
  { userId, filter, limit, before }: { userId: string; filter: LinkFilter; limit: number; before?: LinkCursor },
): Promise<ListedLink[]> {
  let query = db
    .selectFrom("links")
    .selectAll("links")
    .select(cursorSavedAt)
    .where("links.user_id", "=", userId)
    .where("links.deleted_at", "is", null)
    .where(linkFilterWhere(filter));
  if (before) query = query.where(sql<SqlBool>`(links.saved_at, links.id) < ((${before.savedAt}::timestamp at time zone 'UTC'), ${before.id}::uuid)`);
  return query.orderBy("links.saved_at", "desc").orderBy("links.id", "desc").limit(limit).execute();
}
