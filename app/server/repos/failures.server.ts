import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import { likeLiteral } from "./database.server";
import type { Link, LinkArtifact, Role } from "../platform/db-schema.server";

/**
 * Failed work as one view: failed links (the enrich-link queue) and failed on-demand results
 * (enrich-task), read from their rows, which stay the truth when Redis has evicted the jobs.
 * Both branches walk a partial index of failed rows only.
 */
export interface FailureQuery {
  queue?: "enrich-link" | "enrich-task";
  /** Any part of the reason, in any case ("404" finds "The page answered 404 Not Found"). */
  reason?: string;
  userId?: string;
  domain?: string;
  since?: Date;
  until?: Date;
}

export interface FailureRow {
  kind: "link" | "artifact";
  id: string;
  link_id: string;
  queue: "enrich-link" | "enrich-task";
  reason: string;
  user_id: string;
  email: string;
  role: Role;
  domain: string;
  url: string;
  failed_at: Date;
}

// The host of a normalised URL (lower-case already), user info and port left out.
const HOST_PATTERN = "^[a-z][a-z0-9+.-]*://(?:[^@/]*@)?(\\[[^\\]]*\\]|[^/:?#]+)";

/** `text` as a literal inside a LIKE pattern: its wildcards and the escape character mean themselves. */

function failures(db: Database, query: FailureQuery) {
  const links = db
    .selectFrom("links as l")
    .select([
      sql<"link" | "artifact">`'link'`.as("kind"),
      "l.id as id",
      "l.id as link_id",
      sql<"enrich-link" | "enrich-task">`'enrich-link'`.as("queue"),
      sql<string>`coalesce(l.error, '')`.as("reason"),
      "l.user_id as user_id",
      sql<string>`coalesce(substring(l.normalized_url from ${HOST_PATTERN}), '')`.as("domain"),
      "l.url as url",
      "l.normalized_url as normalized_url",
      "l.updated_at as failed_at",
    ])
    .where("l.status", "=", "error")
    // A link its owner deleted is nobody's work any more (nor are its results).
    .where("l.deleted_at", "is", null);
  const artifacts = db
    .selectFrom("link_artifacts as a")
    .innerJoin("links as l", "l.id", "a.link_id")
    .select([
      sql<"link" | "artifact">`'artifact'`.as("kind"),
      "a.id as id",
      "a.link_id as link_id",
      sql<"enrich-link" | "enrich-task">`'enrich-task'`.as("queue"),
      sql<string>`coalesce(a.error, '')`.as("reason"),
      "a.user_id as user_id",
      sql<string>`coalesce(substring(l.normalized_url from ${HOST_PATTERN}), '')`.as("domain"),
      "l.url as url",
      "l.normalized_url as normalized_url",
      "a.updated_at as failed_at",
    ])
    .where("a.status", "=", "error")
    .where("l.deleted_at", "is", null);
  const source =
    query.queue === "enrich-link" ? links : query.queue === "enrich-task" ? artifacts : links.unionAll(artifacts);
  // Postgres pushes these conditions down into both branches of the union.
  let rows = db.selectFrom(source.as("f"));
  if (query.reason !== undefined) rows = rows.where(sql<boolean>`f.reason ilike ${`%${likeLiteral(query.reason)}%`}`);
  if (query.userId !== undefined) rows = rows.where("f.user_id", "=", query.userId);
  if (query.domain !== undefined) {
    // The host or any subdomain of it, in one pattern over the (lower-case) normalised URL.
    const host = query.domain.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    rows = rows.where(sql<boolean>`f.normalized_url ~ ${`^[a-z][a-z0-9+.-]*://([^@/]*@)?([^/:?#@]*\\.)?${host}([:/?#]|$)`}`);
  }
  if (query.since !== undefined) rows = rows.where("f.failed_at", ">=", query.since);
  if (query.until !== undefined) rows = rows.where("f.failed_at", "<", query.until);
  return rows;
}

/** The rows with their owner's email and role; joined after filtering, so only the rows kept are looked up. */
function withOwner(rows: ReturnType<typeof failures>) {
  return rows
    .innerJoin("users as u", "u.id", "f.user_id")
    .select([
      "f.kind",
      "f.id",
      "f.link_id",
      "f.queue",
      "f.reason",
      "f.user_id",
      "u.email as email",
      "u.role as role",
      "f.domain",
      "f.url",
      "f.failed_at",
    ]);
}

/** How many failures match, by kind. */
export async function countFailures(db: Database, query: FailureQuery): Promise<{ links: number; artifacts: number }> {
  const rows = await failures(db, query)
    .select(["f.kind", sql<number>`count(*)::int`.as("count")])
    .groupBy("f.kind")
    .execute();
  return {
    links: rows.find((row) => row.kind === "link")?.count ?? 0,
    artifacts: rows.find((row) => row.kind === "artifact")?.count ?? 0,
  };
}

/** Matching failures grouped by their reason, the most frequent first. */
export async function groupFailuresByReason(db: Database, query: FailureQuery, limit = 100) {
  return failures(db, query)
    .select([
      "f.reason",
      sql<number>`count(*)::int`.as("count"),
      sql<number>`(count(*) filter (where f.kind = 'link'))::int`.as("links"),
      sql<number>`(count(*) filter (where f.kind = 'artifact'))::int`.as("artifacts"),
      sql<Date>`max(f.failed_at)`.as("last_failed_at"),
    ])
    .groupBy("f.reason")
    .orderBy("count", "desc")
    .orderBy("f.reason")
    .limit(limit)
    .execute();
}

/** One page of matching failures, newest first; `after` is the previous page's last row. */
export async function listFailures(
  db: Database,
  query: FailureQuery,
  { limit, after }: { limit: number; after?: { failedAt: Date; id: string } },
): Promise<FailureRow[]> {
  let rows = failures(db, query);
  if (after) rows = rows.where(sql<boolean>`(f.failed_at, f.id) < (${after.failedAt}, ${after.id}::uuid)`);
  return withOwner(rows).orderBy("f.failed_at", "desc").orderBy("f.id", "desc").limit(limit).execute();
}

/** Matching failures, oldest first (the order a replay goes in), at most `limit`. */
export async function listFailureKeys(db: Database, query: FailureQuery, limit: number) {
  return failures(db, query)
    .innerJoin("users as u", "u.id", "f.user_id")
    .select(["f.kind", "f.id", "f.user_id", "u.role", "f.reason", "f.failed_at"])
    .orderBy("f.failed_at")
    .orderBy("f.id")
    .limit(limit)
    .execute();
}

/** One failure (or the row behind an id that is no longer failed: then undefined). */
export async function getFailure(db: Database, id: string): Promise<FailureRow | undefined> {
  return withOwner(failures(db, {}).where("f.id", "=", id)).executeTakeFirst();
}

/**
 * Puts failed links back to pending; only rows still failed change, so a second call (or one
 * racing this one) gets nothing back for the same rows.
 */
export async function resetFailedLinks(db: Database, ids: string[]): Promise<Link[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable("links")
    .set({ status: "pending", error: null, updated_at: new Date() })
    .where("id", "=", sql<string>`any(${ids}::uuid[])`)
    .where("status", "=", "error")
    .where("deleted_at", "is", null)
    .returningAll()
    .execute();
}

/** The same for failed on-demand results. */
export async function resetFailedArtifacts(db: Database, ids: string[]): Promise<LinkArtifact[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable("link_artifacts")
    .set({ status: "pending", error: null, updated_at: new Date() })
    .where("id", "=", sql<string>`any(${ids}::uuid[])`)
    .where("status", "=", "error")
    .returningAll()
    .execute();
}

/** Role, pack credits and allowance used since `since` for many users, in one query. */
export async function listQuotaStates(db: Database, userIds: string[], since: Date) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom("users")
    .select((eb) => [
      "users.id",
      "users.role",
      "users.pack_credits",
      eb
        .selectFrom("enrichment_usage")
        .select(sql<number>`count(*)::int`.as("used"))
        .whereRef("enrichment_usage.user_id", "=", "users.id")
        .where("source", "!=", "credit")
        .where("created_at", ">=", since)
        .as("used"),
    ])
    .where("users.id", "=", sql<string>`any(${userIds}::uuid[])`)
    .execute();
}
