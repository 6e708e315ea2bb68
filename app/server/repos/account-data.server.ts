import { sql } from "kysely";
import type { Database } from "../platform/db.server";

/** A user's own rows, read for the settings page and the data export (always scoped by owner). */

export async function listLiveSessionsOf(db: Database, userId: string) {
  return db
    .selectFrom("auth_sessions")
    .select(["id", "kind", "user_agent", "ip", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .orderBy("last_used_at", "desc")
    .limit(200)
    .execute();
}

/** Ends one of the user's sessions; false when it is not theirs (or already gone). */
export async function deleteSessionOf(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom("auth_sessions").where("id", "=", sessionId).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// Keyset pages in id order: a 10,000-link export reads a bounded batch at a time.

/** `bulkId`: only the links of that bulk export's selection (the user's own operation). */
export async function listLinksForExport(db: Database, userId: string, afterId: string | null, limit: number, bulkId?: string) {
  // A link the user deleted is on its way out: the export holds what the dashboard shows.
  let query = db.selectFrom("links").selectAll().where("user_id", "=", userId).where("deleted_at", "is", null);
  if (afterId) query = query.where("id", ">", afterId);
  if (bulkId) {
    query = query.where(sql<boolean>`links.id in (select unnest(link_ids) from bulk_operations where id = ${bulkId} and user_id = ${userId})`);
  }
  const rows = await query.orderBy("id").limit(limit).execute();
  // `select *` also reads the search vectors (columns only SQL uses, decision 031) and the
  // highlights' copy kept for them (decision 060; the highlights are exported as themselves): not for export.
  return rows.map((row) => {
    const {
      search_vector: _vector,
      search_rank_vector: _rankVector,
      highlights_text: _highlights,
      ...link
    } = row as typeof row & { search_vector?: unknown; search_rank_vector?: unknown; highlights_text?: unknown };
    return link;
  });
}

export async function listArtifactsForLinks(db: Database, userId: string, linkIds: string[]) {
  if (linkIds.length === 0) return [];
  return db
    .selectFrom("link_artifacts")
    .select(["id", "link_id", "kind", "variant", "status", "error", "payload", "engine", "created_at", "updated_at"])
    .where("user_id", "=", userId)
    .where("link_id", "in", linkIds)
    .orderBy("created_at")
    .execute();
}

export async function listNotificationsForExport(db: Database, userId: string, afterId: string | null, limit: number) {
  let query = db.selectFrom("notifications").select(["id", "type", "title", "body", "link", "read_at", "created_at"]).where("user_id", "=", userId);
  if (afterId) query = query.where("id", ">", afterId);
  return query.orderBy("id").limit(limit).execute();
}

export async function listCreditLedgerForExport(db: Database, userId: string, afterId: string | null, limit: number) {
  let query = db
    .selectFrom("credit_ledger")
    .select(["id", "delta", "balance_after", "reason", "link_id", "note", "created_at"])
    .where("user_id", "=", userId);
  if (afterId) query = query.where("id", ">", afterId);
  return query.orderBy("id").limit(limit).execute();
}

export async function listReceiptsForExport(db: Database, userId: string) {
  return db
    .selectFrom("receipts")
    .select(["id", "customer_email", "provider", "description", "amount_cents", "amount_refunded_cents", "currency", "status", "url", "paid_at"])
    .where("user_id", "=", userId)
    .orderBy("paid_at")
    .execute();
}

export async function getPreferencesForExport(db: Database, userId: string) {
  return db.selectFrom("user_preferences").select(["summary_length", "language", "difficulty", "dashboard_view", "reader_font_size", "reader_width", "updated_at"]).where("user_id", "=", userId).executeTakeFirst();
}

export async function listSubscriptionsForExport(db: Database, userId: string) {
  return db
    .selectFrom("subscriptions")
    .select(["id", "provider", "plan", "status", "cancel_at_period_end", "current_period_end", "created_at"])
    .where("user_id", "=", userId)
    .execute();
}
