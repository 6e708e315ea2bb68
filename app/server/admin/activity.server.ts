import { describeActivity, type ActivityKind, type ActivityPage, type ActivityQuery, type AuditEventView } from "~/lib/activity";
import { isUuid } from "~/lib/ids";
import type { AuditKind } from "../platform/db-schema.server";
import { auditPage } from "../audit/audit.server";
import { db } from "../platform/db.server";
import { listUserEmails } from "../repos/users.server";

// The browser's list of kinds and the table's must be the same set.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _kindsMatch: Same<ActivityKind, AuditKind> = true;

/** What the trail says of an account that no longer exists, in place of its id. */
export const DELETED_ACCOUNT = "a deleted account";

/**
 * Some events stored only a user's id (a payment webhook knows the account, not its email): the
 * feed names people, so those are looked up, all of a page's at once. An account deleted since
 * reads "a deleted account"; an event that stored a label keeps it (the email at the time).
 */
async function withNames(events: AuditEventView[]): Promise<AuditEventView[]> {
  const unnamed = new Set<string>();
  for (const event of events) {
    if (event.actor?.id && !event.actor.label && isUuid(event.actor.id)) unnamed.add(event.actor.id);
    if (event.target?.type === "user" && event.target.id && !event.target.label && isUuid(event.target.id)) unnamed.add(event.target.id);
  }
  if (unnamed.size === 0) return events;
  const emails = await listUserEmails(db(), [...unnamed]);
  const name = (id: string) => emails.get(id) ?? DELETED_ACCOUNT;
  return events.map((event) => ({
    ...event,
    actor: event.actor?.id && !event.actor.label ? { ...event.actor, label: name(event.actor.id) } : event.actor,
    target: event.target?.type === "user" && event.target.id && !event.target.label ? { ...event.target, label: name(event.target.id) } : event.target,
  }));
}

/** A page of the audit trail, newest first, each event with its readable sentence. */
export async function activityPage(query: ActivityQuery = {}): Promise<ActivityPage> {
  const page = await auditPage({ kind: query.kind, cursor: query.cursor, limit: query.limit ?? 20 });
  return {
    events: (await withNames(page.events)).map((event) => ({ ...event, ...describeActivity(event) })),
    nextCursor: page.nextCursor,
  };
}
