import type { AuditEventView } from "~/lib/activity";
import { db as defaultDb, type Database } from "../platform/db.server";
import type { AuditEvent, AuditKind } from "../platform/db-schema.server";
import { insertAuditEvent, listAuditEvents, type NewAuditEvent } from "../repos/audit-events.server";

/**
 * The audit trail: every admin action, flag change, sign-up, role change, deletion, purchase
 * and job replay writes one event. Write it in the same transaction as the change it records
 * (pass the transaction), so the trail never claims what did not happen.
 */
export function recordAudit(event: NewAuditEvent, db: Database = defaultDb()): Promise<void> {
  return insertAuditEvent(db, event);
}

/** The stored event as the console reads it; the shape lives in app/lib, shared with the page. */
export type PublicAuditEvent = AuditEventView;

function toPublicAuditEvent(row: AuditEvent): PublicAuditEvent {
  return {
    // A bigint the driver reads as a number (db.server.ts), though typed as a string: the API says string.
    id: String(row.id),
    kind: row.kind,
    action: row.action,
    actor: row.actor_id || row.actor_label ? { id: row.actor_id, label: row.actor_label } : null,
    target: row.target_type ? { type: row.target_type, id: row.target_id, label: row.target_label } : null,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** One page of the trail, newest first; `nextCursor` fetches the next (older) page. */
export async function auditPage(options: { kind?: AuditKind; cursor?: string; limit?: number }): Promise<{ events: PublicAuditEvent[]; nextCursor: string | null }> {
  const limit = options.limit ?? 25;
  const rows = await listAuditEvents(defaultDb(), { kind: options.kind, beforeId: options.cursor, limit: limit + 1 });
  const events = rows.slice(0, limit).map(toPublicAuditEvent);
  return { events, nextCursor: rows.length > limit ? events[events.length - 1]!.id : null };
}
