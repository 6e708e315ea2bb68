import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import type { BulkAction, BulkOperation, BulkStatus, Link, LinkStatus } from "../platform/db-schema.server";
import type { LinkFilter } from "~/lib/api-schemas";
import { LISTED_COLUMNS, linkFilterWhere, prepareSearch, type ListRow } from "./link-search.server";

/** Bulk actions' rows, and the set-at-a-time link updates they apply (always scoped by owner). */

export async function insertBulkOperation(
  db: Database,
  input: { userId: string; action: BulkAction; tag: string | null; format: string | null; linkIds: string[]; status?: BulkStatus; done?: number },
): Promise<BulkOperation> {
  const finished = input.status === "done";
  return db
    .insertInto("bulk_operations")
    .values({
      user_id: input.userId,
      action: input.action,
      tag: input.tag,
      format: input.format,
      link_ids: input.linkIds,
      total: input.linkIds.length,
      status: input.status ?? "running",
      processed: finished ? input.linkIds.length : 0,
      done: input.done ?? 0,
      finished_at: finished ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's operation without its id list (which may hold 10,000 ids). */
const SUMMARY = ["id", "user_id", "action", "status", "tag", "format", "total", "processed", "done", "failed", "skipped", "error", "created_at", "updated_at", "finished_at"] as const;
export type BulkSummary = Omit<BulkOperation, "link_ids" | "failures_notified_at">;

export async function getBulkOperation(db: Database, { id, userId }: { id: string; userId: string }): Promise<BulkSummary | undefined> {
  return db.selectFrom("bulk_operations").select(SUMMARY).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

export async function getBulkOperationById(db: Database, id: string): Promise<BulkSummary | undefined> {
  return db.selectFrom("bulk_operations").select(SUMMARY).where("id", "=", id).executeTakeFirst();
}

/** The ids of the user's operation (for an undo), or undefined. */
export async function getBulkOperationIds(db: Database, { id, userId }: { id: string; userId: string }): Promise<{ action: BulkAction; link_ids: string[] } | undefined> {
  return db.selectFrom("bulk_operations").select(["action", "link_ids"]).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

/**
 * The operation locked for one chunk, with the next `limit` ids after those processed: two runs
 * of one job (a stalled one handed on) take turns, and each sees where the other stopped.
 */
export async function lockBulkChunk(db: Database, id: string, limit: number): Promise<(BulkSummary & { chunk: string[] }) | undefined> {
  return db
    .selectFrom("bulk_operations")
    .select(SUMMARY)
    .select(sql<string[]>`link_ids[processed + 1 : processed + ${limit}::int]`.as("chunk"))
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Counts a chunk in and moves the cursor past it, in the chunk's transaction. */
export async function recordBulkChunk(
  db: Database,
  id: string,
  { processed, done, failed, skipped }: { processed: number; done: number; failed: number; skipped: number },
): Promise<BulkSummary> {
  return db
    .updateTable("bulk_operations")
    .set((eb) => ({
      processed: eb("processed", "+", processed),
      done: eb("done", "+", done),
      failed: eb("failed", "+", failed),
      skipped: eb("skipped", "+", skipped),
      updated_at: new Date(),
    }))
    .where("id", "=", id)
    .returning(SUMMARY)
    .executeTakeFirstOrThrow();
}

export async function finishBulkOperation(db: Database, id: string, { status, error }: { status: BulkStatus; error?: string | null }): Promise<BulkSummary | undefined> {
  return db
    .updateTable("bulk_operations")
    .set({ status, error: error ?? null, finished_at: new Date(), updated_at: new Date() })
    .where("id", "=", id)
    .where("status", "=", "running")
    .returning(SUMMARY)
    .executeTakeFirst();
}

/** Running operations not moved for `olderThanMs`: their job may be lost. */
export async function listStaleBulkOperations(db: Database, olderThanMs: number, limit = 100): Promise<Array<{ id: string }>> {
  return db
    .selectFrom("bulk_operations")
    .select("id")
    .where("status", "=", "running")
    .where("updated_at", "<", new Date(Date.now() - olderThanMs))
    .orderBy("updated_at")
    .limit(limit)
    .execute();
}

/**
 * Of `ids`, the user's own links in request order: live ones, or for a restore deleted ones not
 * yet purged. Anything else (another user's, a typo, a purged link) is left out.
 */
export async function listOwnLinkIds(db: Database, { userId, ids, deleted }: { userId: string; ids: string[]; deleted: boolean }): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("links")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "=", sql<string>`any(${ids}::uuid[])`)
    .where("deleted_at", deleted ? "is not" : "is", null)
    .execute();
  const own = new Set(rows.map((row) => row.id));
  return ids.filter((id) => own.has(id));
}

const ids = (list: string[]) => sql<string>`any(${list}::uuid[])`;

/** Whether the array holds the tag, case aside ("Postgres" and "postgres" are one tag). */
const holds = (column: "tags" | "user_tags" | "dismissed_tags", tag: string) => sql<boolean>`lower(${tag}) = any(select lower(x) from unnest(${sql.ref(column)}) as x)`;
const without = (column: "tags" | "user_tags" | "dismissed_tags", tag: string) =>
  sql<string[]>`array(select x from unnest(${sql.ref(column)}) with ordinality as e(x, n) where lower(x) <> lower(${tag}) order by n)`;

/**
 * Adds the tag, as the user's own, to those of the links that lack it; returns how many changed.
 * A link that has it from the engine keeps it as the user's from then on (whatever a re-enrichment
 * finds), but shows no change, so it is not counted (decision 040).
 */
export async function addTagToLinks(db: Database, { userId, linkIds, tag }: { userId: string; linkIds: string[]; tag: string }): Promise<number> {
  const own = {
    user_tags: sql<string[]>`case when ${holds("user_tags", tag)} then user_tags else array_append(user_tags, ${tag}::text) end`,
    dismissed_tags: without("dismissed_tags", tag),
  };
  const mine = db.updateTable("links").where("user_id", "=", userId).where("id", "=", ids(linkIds)).where("deleted_at", "is", null);
  await mine.set(own).where(holds("tags", tag)).where(sql<boolean>`not ${holds("user_tags", tag)}`).execute();
  const rows = await mine
    .set({ ...own, tags: sql<string[]>`array_append(tags, ${tag}::text)`, updated_at: new Date() })
    .where(sql<boolean>`not ${holds("tags", tag)}`)
    .returning("id")
    .execute();
  return rows.length;
}

/** Takes the tag off (the user's or the engine's), for good: a re-enrichment does not add it back. */
export async function removeTagFromLinks(db: Database, { userId, linkIds, tag }: { userId: string; linkIds: string[]; tag: string }): Promise<number> {
  const rows = await db
    .updateTable("links")
    .set({
      tags: without("tags", tag),
      user_tags: without("user_tags", tag),
      dismissed_tags: sql<string[]>`case when ${holds("dismissed_tags", tag)} then dismissed_tags else array_append(dismissed_tags, ${tag}::text) end`,
      updated_at: new Date(),
    })
    .where("user_id", "=", userId)
    .where("id", "=", ids(linkIds))
    .where("deleted_at", "is", null)
    .where(holds("tags", tag))
    .returning("id")
    .execute();
  return rows.length;
}

/** Shares or unshares those of the links not already so; returns how many changed. */
export async function setLinksPublic(db: Database, { userId, linkIds, isPublic }: { userId: string; linkIds: string[]; isPublic: boolean }): Promise<number> {
  const rows = await db
    .updateTable("links")
    .set({ is_public: isPublic, shared_at: isPublic ? new Date() : null })
    .where("user_id", "=", userId)
    .where("id", "=", ids(linkIds))
    .where("deleted_at", "is", null)
    .where("is_public", "=", !isPublic)
    .returning("id")
    .execute();
  return rows.length;
}

/**
 * Marks the live ones read or unread (`field` read_at) or archives or unarchives them
 * (archived_at), those not already so; returns the changed rows for the live list.
 */
export async function setLinksReadState(
  db: Database,
  { userId, linkIds, field, on }: { userId: string; linkIds: string[]; field: "read_at" | "archived_at"; on: boolean },
): Promise<ListRow[]> {
  return db
    .updateTable("links")
    .set({ [field]: on ? sql<Date>`now()` : null, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "=", ids(linkIds))
    .where("deleted_at", "is", null)
    .where(field, on ? "is" : "is not", null)
    .returning([...LISTED_COLUMNS])
    .execute();
}

/** Soft-deletes the live ones; returns their ids and the time (the same for the chunk). */
export async function softDeleteLinks(db: Database, { userId, linkIds }: { userId: string; linkIds: string[] }): Promise<string[]> {
  const rows = await db
    .updateTable("links")
    .set({ deleted_at: sql<Date>`now()` })
    .where("user_id", "=", userId)
    .where("id", "=", ids(linkIds))
    .where("deleted_at", "is", null)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Brings back the deleted (not purged) ones exactly as they were. */
export async function restoreLinks(db: Database, { userId, linkIds }: { userId: string; linkIds: string[] }): Promise<Link[]> {
  return db
    .updateTable("links")
    .set({ deleted_at: null, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "=", ids(linkIds))
    .where("deleted_at", "is not", null)
    .returningAll()
    .execute();
}

/** The live links' statuses, for deciding which a retry or re-enrichment applies to. */
export async function listLinkStatuses(db: Database, { userId, linkIds }: { userId: string; linkIds: string[] }): Promise<Array<{ id: string; status: LinkStatus }>> {
  return db.selectFrom("links").select(["id", "status"]).where("user_id", "=", userId).where("id", "=", ids(linkIds)).where("deleted_at", "is", null).execute();
}

/**
 * Back to pending (their results stay until new ones replace them), from the given statuses only,
 * so a link already pending (its job waiting or running) is never doubled.
 */
export async function resetLinksToPending(db: Database, { userId, linkIds, from }: { userId: string; linkIds: string[]; from: LinkStatus[] }): Promise<Link[]> {
  if (linkIds.length === 0) return [];
  return db
    .updateTable("links")
    .set({ status: "pending", error: null, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "=", ids(linkIds))
    .where("deleted_at", "is", null)
    .where("status", "in", from)
    .returningAll()
    .execute();
}

/**
 * How many of the user's live links match the filter (all of them with {}): the links "select
 * all" acts on, counted with the same conditions as listMatchingLinkIds.
 */
export async function countMatchingLinks(db: Database, { userId, filter }: { userId: string; filter: LinkFilter }): Promise<number> {
  const search = await prepareSearch(db, filter.q);
  const row = await db
    .selectFrom("links")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("links.user_id", "=", userId)
    .where("links.deleted_at", "is", null)
    .where(linkFilterWhere(filter, search, userId))
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Marks the operation's failures told, in the transaction that saves their notification: false
 * when another check got there first (its update waits for that one's commit, then finds it set).
 */
export async function markBulkFailuresNotified(db: Database, id: string): Promise<boolean> {
  const row = await db
    .updateTable("bulk_operations")
    .set({ failures_notified_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("failures_notified_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Finished re-enrichments and retries whose failures are not told yet, finished `olderThanMs` ago
 * or more (a newer one is the check of its last link's job), oldest first. The conditions are the
 * partial index's, written out so the planner uses it: only untold operations are read.
 */
export async function listUntoldBulkOperations(db: Database, olderThanMs: number, limit: number): Promise<Array<{ id: string }>> {
  return db
    .selectFrom("bulk_operations")
    .select("id")
    .where(sql<boolean>`failures_notified_at is null and status = 'done' and action in ('reenrich', 'retry')`)
    .where("finished_at", "<=", new Date(Date.now() - olderThanMs))
    .orderBy("finished_at")
    .limit(limit)
    .execute();
}

/**
 * Of a re-enrichment's links: how many still wait for their job, and how many failed since the
 * operation began (a link the allowance did not pay for keeps its older failure and is not counted).
 */
export async function countBulkEnrichment(db: Database, id: string): Promise<{ userId: string; action: BulkAction; total: number; pending: number; failed: number } | undefined> {
  const row = await db
    .selectFrom("bulk_operations as b")
    .leftJoin("links as l", (join) => join.on(sql<boolean>`l.id = any(b.link_ids)`).onRef("l.user_id", "=", "b.user_id").on("l.deleted_at", "is", null))
    .select([
      "b.user_id as userId",
      "b.action",
      "b.done as total",
      sql<number>`count(*) filter (where l.status = 'pending')::int`.as("pending"),
      sql<number>`count(*) filter (where l.status = 'error' and l.updated_at >= b.created_at)::int`.as("failed"),
    ])
    .where("b.id", "=", id)
    .where("b.status", "=", "done")
    // Once told, a late check costs one look-up by id.
    .where("b.failures_notified_at", "is", null)
    .groupBy(["b.user_id", "b.action", "b.done"])
    .executeTakeFirst();
  return row;
}
