import {
  userStatus,
  type AdminUser,
  type AdminUserPage,
  type RoleFilter,
  type UserListQuery,
  type UserPatch,
} from "~/lib/admin-users";
import { isUuid } from "~/lib/ids";
import { removeAccount, sendConfirmation, sendPasswordResetMail } from "../accounts/accounts.server";
import { ADMIN_ONLY } from "../accounts/auth.server";
import { currentPeriod } from "../billing/quota.server";
import { adjustCredits } from "../billing/ledger.server";
import { effectiveRole, subscriptionRoleOf } from "../billing/subscriptions.server";
import { publishUserEvent } from "../notifications/events.server";
import { db, type Database } from "../platform/db.server";
import type { GrantedRole, Role, RoleGrant, User } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import {
  countEnrichmentsFor,
  countLinksFor,
  listDirectoryPage,
  lockActiveAdmins,
  lockUser,
  type DirectoryRow,
  type DirectorySort,
} from "../repos/admin-users.server";
import { revokeAuthSessionsForUser } from "../repos/auth-sessions.server";
import { getLiveRoleGrant, insertRoleGrant, listLiveRoleGrants, revokeRoleGrant } from "../repos/role-grants.server";
import { getUserById, updateUser } from "../repos/users.server";
import { recordAudit } from "../audit/audit.server";

/**
 * User management for admins: the list, and actions on one account. Every action runs in one
 * transaction with its audit event, after locking the active admins' rows (see
 * `lockActiveAdmins`), so two admins acting at once can never leave the instance without one.
 */

/** Who acts: the signed-in admin. */
export interface Actor {
  id: string;
  email: string;
}

// ---------------------------------------------------------------------------- the grant rule

/** The user's live manual grant, if an admin set their role by hand. */
export async function liveRoleGrant(userId: string, database: Database = db()): Promise<RoleGrant | null> {
  return (await getLiveRoleGrant(database, userId)) ?? null;
}

// ---------------------------------------------------------------------------- the list

const ROLE_FILTER_ROLES: Record<RoleFilter, Role[] | undefined> = {
  all: undefined,
  paid: ["LiteUser", "ProUser"],
  FreeUser: ["FreeUser"],
  LiteUser: ["LiteUser"],
  ProUser: ["ProUser"],
  Admin: ["Admin"],
};

// Postgres' text form of a timestamptz (any session time zone), or -infinity for "never active".
const TIMESTAMP_KEY = /^(-infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2})$/;

interface Cursor {
  sort: DirectorySort;
  key: string;
  id: string;
}

/** Opaque to clients: the sort it belongs to, the last row's exact sort key and its id. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString("base64url");
}

export function decodeCursor(text: string, sort: DirectorySort): Cursor {
  const invalid = new HttpError(400, "The cursor is not valid (start again from the first page).");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid;
  const [cursorSort, key, id] = parsed as unknown[];
  if (cursorSort !== sort) throw new HttpError(400, "The cursor belongs to another sort order (start again from the first page).");
  if (typeof key !== "string" || key.length > 320 || !isUuid(id as string)) throw invalid;
  if (sort !== "email" && !TIMESTAMP_KEY.test(key)) throw invalid;
  return { sort, key, id: id as string };
}

function toAdminUser(row: Omit<DirectoryRow, "sort_key">, extra: { links: number; enrichments: number; grant: RoleGrant | undefined }): AdminUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    active: row.is_active,
    emailConfirmed: row.email_confirmed,
    status: userStatus({ active: row.is_active, emailConfirmed: row.email_confirmed }),
    linksCount: extra.links,
    enrichmentsThisMonth: extra.enrichments,
    credits: row.pack_credits,
    joinedAt: row.created_at.toISOString(),
    lastActiveAt: row.last_active_at?.toISOString() ?? null,
    grant: extra.grant
      ? { role: extra.grant.role, grantedAt: extra.grant.granted_at.toISOString(), grantedBy: extra.grant.granted_by_label }
      : null,
  };
}

/** Counts and grants for the given rows only, so a page costs the same with 100 or 100,000 users. */
async function withDetails(database: Database, rows: Array<Omit<DirectoryRow, "sort_key">>): Promise<AdminUser[]> {
  const ids = rows.map((row) => row.id);
  const [links, enrichments, grants] = await Promise.all([
    countLinksFor(database, ids),
    countEnrichmentsFor(database, ids, currentPeriod().start),
    listLiveRoleGrants(database, ids),
  ]);
  const grantOf = new Map(grants.map((grant) => [grant.user_id, grant]));
  return rows.map((row) =>
    toAdminUser(row, { links: links.get(row.id) ?? 0, enrichments: enrichments.get(row.id) ?? 0, grant: grantOf.get(row.id) }),
  );
}

/** One page of the user list, in keyset order; `nextCursor` continues it. */
export async function listUsers(query: UserListQuery): Promise<AdminUserPage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const rows = await listDirectoryPage(db(), {
    contains: query.q || undefined,
    roles: ROLE_FILTER_ROLES[query.role],
    status: query.status,
    sort: query.sort,
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    users: await withDetails(db(), page),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: query.sort, key: last.sort_key, id: last.id }) : null,
  };
}

function requireUserId(id: string | undefined): string {
  if (!isUuid(id)) throw new HttpError(400, "The user id must be a UUID.");
  return id.toLowerCase();
}

const NOT_FOUND = "No user with this id.";

export async function getUserForAdmin(id: string | undefined): Promise<AdminUser> {
  const user = await getUserById(db(), requireUserId(id));
  if (!user) throw new HttpError(404, NOT_FOUND);
  return (await withDetails(db(), [user]))[0]!;
}

// ---------------------------------------------------------------------------- actions

type Removal = "demote" | "deactivate" | "delete";
const SELF_REFUSALS: Record<Removal, string> = {
  demote: "You cannot change your own role: ask another admin.",
  deactivate: "You cannot deactivate your own account.",
  delete: "You cannot delete your own account here.",
};

/**
 * Locks the admins and the target and checks that the actor may act: the actor must still be
 * an active admin (another admin may have just demoted them), and an action that takes an
 * active admin away must leave at least one and must not be aimed at the actor.
 */
async function beginAction(
  trx: Database,
  actor: Actor,
  id: string,
  removes?: Removal | ((target: User) => Removal | undefined),
): Promise<User> {
  const admins = await lockActiveAdmins(trx);
  if (!admins.includes(actor.id)) throw new HttpError(403, ADMIN_ONLY);
  const target = await lockUser(trx, id);
  if (!target) throw new HttpError(404, NOT_FOUND);
  const removal = typeof removes === "function" ? removes(target) : removes;
  if (removal) {
    if (target.role === "Admin" && target.is_active && admins.length <= 1) {
      throw new HttpError(409, `${target.email} is the last admin. Make another account an admin first.`);
    }
    if (target.id === actor.id) throw new HttpError(403, SELF_REFUSALS[removal]);
  }
  return target;
}

const who = (actor: Actor) => ({ id: actor.id, label: actor.email });
const about = (user: User) => ({ type: "user", id: user.id, label: user.email });

/** What a patch takes away from the account, if anything (self and last-admin rules apply). */
function removalIn(target: User, patch: UserPatch): Removal | undefined {
  if (patch.active === false && target.is_active) return "deactivate";
  if (patch.role !== undefined && patch.role !== "Admin" && target.role === "Admin") return "demote";
  return undefined;
}

/**
 * Sets the role by hand (stored as a grant, see `effectiveRole`; Free revokes the grant) and/or
 * deactivates or reactivates the account. Deactivating ends every session and API token at
 * once; a reactivated account signs in again.
 */
export async function updateUserAsAdmin(actor: Actor, rawId: string | undefined, patch: UserPatch): Promise<AdminUser> {
  const id = requireUserId(rawId);
  let ended = false;
  await db()
    .transaction()
    .execute(async (trx) => {
      const target = await beginAction(trx, actor, id, (user) => removalIn(user, patch));

      if (patch.role !== undefined) {
        const grant = await getLiveRoleGrant(trx, id);
        const wanted: GrantedRole | null = patch.role === "FreeUser" ? null : patch.role;
        // Confirming a paid role by hand makes it a grant, so a subscription sync will not take
        // it away; Admin comes from no subscription, so confirming it changes nothing.
        if (patch.role !== target.role || (wanted !== "Admin" && (grant?.role ?? null) !== wanted)) {
          if (grant) await revokeRoleGrant(trx, grant.id, who(actor));
          if (wanted) await insertRoleGrant(trx, { userId: id, role: wanted, by: who(actor) });
          // Free revokes the grant; a paying user then has their subscription's plan again.
          const role = wanted ? patch.role : effectiveRole(null, await subscriptionRoleOf(trx, id));
          if (role !== target.role) await updateUser(trx, id, { role });
          await recordAudit(
            {
              kind: "user",
              action: "user.role-changed",
              actor: who(actor),
              target: about(target),
              before: { role: target.role, grant: grant?.role ?? null },
              after: { role, grant: wanted },
            },
            trx,
          );
        }
      }

      if (patch.active !== undefined && patch.active !== target.is_active) {
        await updateUser(trx, id, { is_active: patch.active });
        const sessionsEnded = patch.active ? 0 : await revokeAuthSessionsForUser(trx, id);
        ended = !patch.active;
        await recordAudit(
          {
            kind: "user",
            action: patch.active ? "user.reactivated" : "user.deactivated",
            actor: who(actor),
            target: about(target),
            before: { active: target.is_active },
            after: patch.active ? { active: true } : { active: false, sessionsEnded },
          },
          trx,
        );
      }
    });
  if (ended) await publishUserEvent(id, { type: "session-ended" });
  return getUserForAdmin(id);
}

/** Deletes the account and everything it owns; the audit trail keeps who it was. */
export async function deleteUserAsAdmin(actor: Actor, rawId: string | undefined): Promise<void> {
  const id = requireUserId(rawId);
  await db()
    .transaction()
    .execute(async (trx) => {
      const target = await beginAction(trx, actor, id, "delete");
      await recordAudit(
        {
          kind: "user",
          action: "user.deleted",
          actor: who(actor),
          target: about(target),
          before: { email: target.email, role: target.role, active: target.is_active, joinedAt: target.created_at.toISOString() },
        },
        trx,
      );
      await removeAccount(trx, target);
    });
  await publishUserEvent(id, { type: "session-ended" });
}

/** Adds or removes pack credits by hand (a ledger row with the admin's note, audited). */
export async function adjustUserCredits(actor: Actor, rawId: string | undefined, input: { delta: number; note: string }): Promise<{ credits: number }> {
  const id = requireUserId(rawId);
  return db()
    .transaction()
    .execute(async (trx) => adjustCredits(trx, actor, await beginAction(trx, actor, id), input));
}

/**
 * Sends a mail on an admin's behalf. The mail goes out before the audit event is written: an
 * event must not claim a mail that failed, and a mail server cannot join the transaction.
 */
async function mailAsAdmin(
  actor: Actor,
  rawId: string | undefined,
  mail: { action: string; refuse: (user: User) => string | null; send: (user: User) => Promise<void> },
): Promise<User> {
  const id = requireUserId(rawId);
  const user = await getUserById(db(), id);
  if (!user) throw new HttpError(404, NOT_FOUND);
  const refusal = mail.refuse(user);
  if (refusal) throw new HttpError(409, refusal);
  try {
    await mail.send(user);
  } catch (error) {
    log.error("admin mail failed", { userId: id, action: mail.action, error });
    throw new HttpError(502, "The mail could not be sent. Please try again later.");
  }
  await db()
    .transaction()
    .execute(async (trx) => {
      await beginAction(trx, actor, id);
      await recordAudit({ kind: "user", action: mail.action, actor: who(actor), target: about(user), after: { to: user.email } }, trx);
    });
  return user;
}

export async function resendConfirmationAsAdmin(actor: Actor, id: string | undefined): Promise<{ message: string }> {
  const user = await mailAsAdmin(actor, id, {
    action: "user.confirmation-sent",
    refuse: (u) => (u.email_confirmed ? "This email address is already confirmed." : !u.is_active ? "This account is deactivated." : null),
    send: sendConfirmation,
  });
  return { message: `Confirmation email sent to ${user.email}.` };
}

export async function sendPasswordResetAsAdmin(actor: Actor, id: string | undefined): Promise<{ message: string }> {
  const user = await mailAsAdmin(actor, id, {
    action: "user.password-reset-sent",
    refuse: (u) => (!u.is_active ? "This account is deactivated: reactivate it first." : null),
    send: sendPasswordResetMail,
  });
  return { message: `Password reset email sent to ${user.email}.` };
}
