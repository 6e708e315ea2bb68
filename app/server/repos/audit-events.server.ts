import type { Database } from "../platform/db.server";
import type { AuditEvent, AuditKind } from "../platform/db-schema.server";
import { toJsonb } from "../platform/strip-nul-plugin.server";

export interface NewAuditEvent {
  kind: AuditKind;
  action: string;
  /** Who did it: a user (id and label), or a label alone for a tool run by hand (the jobs CLI). */
  actor: { id: string | null; label: string } | null;
  target?: { type: string; id: string; label?: string | null };
  before?: unknown;
  after?: unknown;
}

export async function insertAuditEvent(db: Database, event: NewAuditEvent): Promise<void> {
  await db
    .insertInto("audit_events")
    .values({
      kind: event.kind,
      action: event.action,
      actor_id: event.actor?.id ?? null,
      actor_label: event.actor?.label ?? null,
      target_type: event.target?.type ?? null,
      target_id: event.target?.id ?? null,
      target_label: event.target?.label ?? null,
      before: event.before === undefined ? null : toJsonb(event.before),
      after: event.after === undefined ? null : toJsonb(event.after),
    })
    .execute();
}

/** Newest first; `beforeId` continues a page (keyset: the id is the order). */
export async function listAuditEvents(db: Database, options: { kind?: AuditKind; beforeId?: string; limit: number }): Promise<AuditEvent[]> {
  let query = db.selectFrom("audit_events").selectAll();
  if (options.kind) query = query.where("kind", "=", options.kind);
  if (options.beforeId) query = query.where("id", "<", options.beforeId);
  return query.orderBy("id", "desc").limit(options.limit).execute();
}
