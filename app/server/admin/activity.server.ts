import { describeActivity, type ActivityKind, type ActivityPage, type ActivityQuery } from "~/lib/activity";
import type { AuditKind } from "../platform/db-schema.server";
import { auditPage } from "../audit/audit.server";

// The browser's list of kinds and the table's must be the same set.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _kindsMatch: Same<ActivityKind, AuditKind> = true;

/** A page of the audit trail, newest first, each event with its readable sentence. */
export async function activityPage(query: ActivityQuery = {}): Promise<ActivityPage> {
  const page = await auditPage({ kind: query.kind, cursor: query.cursor, limit: query.limit ?? 20 });
  return {
    events: page.events.map((event) => ({ ...event, ...describeActivity(event) })),
    nextCursor: page.nextCursor,
  };
}
