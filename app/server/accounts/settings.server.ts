import type { AccountSession } from "~/lib/account";
import { recordAudit } from "../audit/audit.server";
import { grantsAccess } from "../billing/subscriptions.server";
import { accountDeletedMail, emailChangeMail, emailChangedMail } from "../mail/mail-templates.server";
import { sendMail } from "../mail/mailer.server";
import { publishUserEvent } from "../notifications/events.server";
import { db, isUniqueViolation } from "../platform/db.server";
import type { User } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { rateLimit } from "../platform/rate-limit.server";
import { deleteSessionOf, listLiveSessionsOf } from "../repos/account-data.server";
import { lockActiveAdmins, lockUser } from "../repos/admin-users.server";
import { deleteAuthSessionsForUser, markSessionAuthenticated } from "../repos/auth-sessions.server";
import { listSubscriptionsOf } from "../repos/billing.server";
import { getEmailTokenByHash, markEmailTokenUsed } from "../repos/email-tokens.server";
import { getUserByEmail, getUserById, updateUser } from "../repos/users.server";
import { CONFIRMATION_TTL_MS, checkCurrentPassword, issueEmailToken, removeAccount, updateProfile } from "./accounts.server";
import { hashToken } from "./tokens.server";

/** The account settings a signed-in user manages themselves (/settings, /api/account/...). */

export const DELETE_WITH_SUBSCRIPTION =
  "You have an active subscription. Cancel it on /settings/billing first; you can delete your account once it no longer renews.";

const self = (user: User) => ({ id: user.id, label: user.email });
const about = (user: User) => ({ type: "user", id: user.id, label: user.email });

async function requireAccount(userId: string): Promise<User> {
  const user = await getUserById(db(), userId);
  if (!user) throw new HttpError(404, "Account not found.");
  return user;
}


// ---------------------------------------------------------------------------- email

/** Mails a confirmation link to the new address; the account keeps its address until it is followed. */
export async function requestEmailChange(userId: string, input: { newEmail: string; password: string }): Promise<void> {
  const user = await requireAccount(userId);
  await rateLimit("emailChange", user.id);
  await checkCurrentPassword(user, input.password);
  if (input.newEmail === user.email) throw new HttpError(400, "That is already your email address.");
  if (await getUserByEmail(db(), input.newEmail)) throw new HttpError(409, "An account with this email already exists");
  const token = await issueEmailToken(user, "change_email", CONFIRMATION_TTL_MS, input.newEmail);
  const url = `${env().APP_URL}/settings/email?token=${encodeURIComponent(token)}`;
  try {
    await sendMail(emailChangeMail(input.newEmail, url));
  } catch (error) {
    log.error("email change mail failed", { userId, error });
    throw new HttpError(502, "The confirmation mail could not be sent. Please try again later.");
  }
}

const INVALID_CHANGE_LINK = "This link is not valid or was replaced by a newer one. Please ask for the change again from Settings.";

/** Follows the mailed link: the account's address becomes the new one (confirmed), and the old one hears of it. */
export async function confirmEmailChange(token: string): Promise<{ email: string }> {
  const record = await getEmailTokenByHash(db(), hashToken(token));
  if (!record || record.purpose !== "change_email" || record.used_at) throw new HttpError(400, INVALID_CHANGE_LINK);
  if (record.expires_at.getTime() <= Date.now()) throw new HttpError(400, "This link has expired. Please ask for the change again from Settings.");
  const { before, after } = await db()
    .transaction()
    .execute(async (trx) => {
      const user = await lockUser(trx, record.user_id);
      if (!user) throw new HttpError(400, INVALID_CHANGE_LINK);
      if (!(await markEmailTokenUsed(trx, record.id))) throw new HttpError(400, INVALID_CHANGE_LINK);
      if (await getUserByEmail(trx, record.email)) throw new HttpError(409, "An account with this email already exists");
      const updated = (await updateUser(trx, user.id, { email: record.email, email_confirmed: true }))!;
      await recordAudit(
        { kind: "account", action: "account.email-changed", actor: self(user), target: about(updated), before: { email: user.email }, after: { email: updated.email } },
        trx,
      );
      return { before: user, after: updated };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, "users_email_key")) throw new HttpError(409, "An account with this email already exists");
      throw error;
    });
  await sendMail(emailChangedMail(before.email, after.email)).catch((error: unknown) => log.warn("email changed notice failed", { error }));
  return { email: after.email };
}

// ---------------------------------------------------------------------------- password

/** Needs the current password; every other session and token ends (as a reset does). */
export async function changePassword(userId: string, currentSessionId: string, input: { currentPassword: string; newPassword: string }): Promise<void> {
  await updateProfile(userId, currentSessionId, input);
}

// ---------------------------------------------------------------------------- sessions

/**
 * The password again, under the settings' per-user password limit: the session counts as a
 * recent sign-in for `RECENT_SIGN_IN_MS` more (decision 048). Returns how long, in seconds.
 */
export async function reauthenticate(userId: string, sessionId: string, password: string): Promise<{ validForSeconds: number }> {
  const user = await requireAccount(userId);
  await checkCurrentPassword(user, password);
  // Ended while the password was checked (by another device): nothing is left to renew.
  if (!(await markSessionAuthenticated(db(), { id: sessionId, userId }))) throw new HttpError(401, "This session has ended. Please sign in again.");
  return { validForSeconds: Math.floor(env().RECENT_SIGN_IN_MS / 1000) };
}

export async function listSessions(userId: string, currentSessionId: string): Promise<AccountSession[]> {
  const rows = await listLiveSessionsOf(db(), userId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    current: row.id === currentSessionId,
  }));
}

export async function endOtherSessions(userId: string, currentSessionId: string): Promise<{ ended: number }> {
  return { ended: await deleteAuthSessionsForUser(db(), userId, currentSessionId) };
}

/** Ends one of the user's sessions; another user's (or an unknown) id is a 404. */
export async function endSessionOf(userId: string, sessionId: string): Promise<void> {
  if (!(await deleteSessionOf(db(), userId, sessionId))) throw new HttpError(404, "No such session.");
}

// ---------------------------------------------------------------------------- deletion

/**
 * Deletes the account the user is signed in to, after the password and a typed confirmation
 * (checked by the route). A subscription that still renews must be cancelled first, so nobody
 * is charged for an account that is gone. Receipts are kept (terms: about 7 years).
 */
export async function deleteOwnAccount(userId: string, input: { password: string }): Promise<void> {
  const user = await requireAccount(userId);
  await checkCurrentPassword(user, input.password);
  await db()
    .transaction()
    .execute(async (trx) => {
      // Admins first, in the order the admin actions lock them, so the last admin cannot vanish.
      const admins = await lockActiveAdmins(trx);
      const target = await lockUser(trx, userId);
      if (!target) throw new HttpError(404, "Account not found.");
      if (target.role === "Admin" && target.is_active && admins.length <= 1) {
        throw new HttpError(409, "You are the last admin. Make another account an admin first.");
      }
      const renewing = (await listSubscriptionsOf(trx, userId)).filter((s) => grantsAccess(s) && s.status !== "canceled" && !s.cancel_at_period_end);
      if (renewing.length > 0) throw new HttpError(409, DELETE_WITH_SUBSCRIPTION);
      await recordAudit(
        {
          kind: "account",
          action: "account.deleted",
          actor: self(target),
          target: about(target),
          before: { email: target.email, role: target.role, joinedAt: target.created_at.toISOString() },
        },
        trx,
      );
      await removeAccount(trx, target);
    });
  await publishUserEvent(userId, { type: "session-ended" }).catch(() => undefined);
  await sendMail(accountDeletedMail(user.email)).catch((error: unknown) => log.warn("account deleted mail failed", { error }));
}
