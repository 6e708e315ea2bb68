import { sql } from "kysely";
import type { Database } from "../platform/db.server";
import { likeLiteral } from "./database.server";
import type { Role, User } from "../platform/db-schema.server";

/** The columns the admin list shows, plus the sort key as exact text for the next page's cursor. */
export interface DirectoryRow {
  id: string;
  email: string;
  role: Role;
  is_active: boolean;
  email_confirmed: boolean;
  created_at: Date;
  last_active_at: Date | null;
  pack_credits: number;
  sort_key: string;
}

export type DirectorySort = "joined" | "lastActive" | "email";

export interface DirectoryFilter {
  /** Lower-case text the email must contain. */
  contains?: string;
  roles?: Role[];
  status?: "active" | "unconfirmed" | "deactivated";
}

// Each order walks an index (migration 20261124T020000): created_at and the coalesced
// last_active_at backwards, email forwards; the id breaks ties so every row has one place.
const lastActiveKey = sql<Date>`coalesce(last_active_at, '-infinity'::timestamptz)`;

function sortKey(sort: DirectorySort) {
  if (sort === "joined") return sql<string>`created_at::text`;
  if (sort === "lastActive") return sql<string>`${lastActiveKey}::text`;
  return sql<string>`email`;
}

function afterCursor(sort: DirectorySort, key: string, id: string) {
  if (sort === "joined") return sql<boolean>`(created_at, id) < (${key}::timestamptz, ${id}::uuid)`;
  if (sort === "lastActive") return sql<boolean>`(${lastActiveKey}, id) < (${key}::timestamptz, ${id}::uuid)`;
  return sql<boolean>`(email, id) > (${key}, ${id}::uuid)`;
}

/** One keyset page of users; `after` is the previous page's last sort key and id. */
export async function listDirectoryPage(
  db: Database,
  options: DirectoryFilter & { sort: DirectorySort; after?: { key: string; id: string }; limit: number },
): Promise<DirectoryRow[]> {
  let query = db
    .selectFrom("users")
    .select(["id", "email", "role", "is_active", "email_confirmed", "created_at", "last_active_at", "pack_credits"])
    .select(sortKey(options.sort).as("sort_key"));
  if (options.contains) query = query.where("email", "like", `%${likeLiteral(options.contains)}%`);
  if (options.roles) query = query.where("role", "in", options.roles);
  if (options.status === "deactivated") query = query.where("is_active", "=", false);
  if (options.status === "unconfirmed") query = query.where("is_active", "=", true).where("email_confirmed", "=", false);
  if (options.status === "active") query = query.where("is_active", "=", true).where("email_confirmed", "=", true);
  if (options.after) query = query.where(afterCursor(options.sort, options.after.key, options.after.id));
  if (options.sort === "joined") query = query.orderBy("created_at", "desc").orderBy("id", "desc");
  else if (options.sort === "lastActive") query = query.orderBy(lastActiveKey, "desc").orderBy("id", "desc");
  else query = query.orderBy("email", "asc").orderBy("id", "asc");
  return query.limit(options.limit).execute();
}

/** Links per user, for one page's users only (an index range per user). */
export async function countLinksFor(db: Database, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("links")
    .select(["user_id", sql<number>`count(*)::int`.as("count")])
    .where("user_id", "in", userIds)
    .where("deleted_at", "is", null)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.count]));
}

/** Enrichments counted since `since` per user (every source: allowance, credit, unlimited). */
export async function countEnrichmentsFor(db: Database, userIds: string[], since: Date): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("enrichment_usage")
    .select(["user_id", sql<number>`count(*)::int`.as("count")])
    .where("user_id", "in", userIds)
    .where("created_at", ">=", since)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.count]));
}

/**
 * Locks every active admin's row, in id order (one order for everyone, so two admin actions
 * wait for each other instead of deadlocking), and returns their ids. Run first in an admin
 * action's transaction: whoever acts and whatever they act on are then decided on settled rows.
 */
export async function lockActiveAdmins(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "Admin")
    .where("is_active", "=", true)
    .orderBy("id")
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export async function lockUser(db: Database, id: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

/** Removes the account; its links, results, usage, sessions, tokens, grants and notifications go with it (foreign keys cascade). */
export async function deleteUserRow(db: Database, id: string): Promise<boolean> {
  const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Plan news sign-ups outlive accounts by design (set null); deleting an account removes its own. */
export async function deleteNotifySignupsOf(db: Database, user: { id: string; email: string }): Promise<void> {
  await db
    .deleteFrom("plan_notify_signups")
    .where((eb) => eb.or([eb("user_id", "=", user.id), eb("email", "=", user.email)]))
    .execute();
}
