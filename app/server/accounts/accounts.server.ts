import type { PublicUser } from "~/lib/user";
import { db, isUniqueViolation, type Database } from "../platform/db.server";
import { recordAudit } from "../audit/audit.server";
import type { EmailTokenPurpose, Role, User } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { HttpError } from "../platform/http.server";
import { log } from "../platform/logger.server";
import { confirmationMail, passwordChangedMail, passwordResetMail } from "../mail/mail-templates.server";
import { sendMail } from "../mail/mailer.server";
import { createNotification } from "../notifications/notifications.server";
import { hashPassword, verifyPassword } from "./password.server";
import { rateLimit } from "../platform/rate-limit.server";
import {
  deleteAuthAttempt,
  deleteAuthFailuresBefore,
  deleteAuthFailuresForEmail,
  reserveAuthAttempt,
} from "../repos/auth-failures.server";
import { deleteAuthSessionsForUser, markSessionAuthenticated, deleteExpiredAuthSessions } from "../repos/auth-sessions.server";
import {
  deleteSpentEmailTokens,
  getEmailTokenByHash,
  getLatestEmailTokenTime,
  insertEmailToken,
  markEmailTokenUsed,
  retireEmailTokens,
} from "../repos/email-tokens.server";
import { deleteNotifySignupsOf, deleteUserRow } from "../repos/admin-users.server";
import { countUnreadNotifications } from "../repos/notifications.server";
import { getUserByEmail, getUserById, insertUser, updateUser } from "../repos/users.server";
import { generateToken, hashToken } from "./tokens.server";

export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;
/** One confirmation mail a minute is plenty; more is someone pressing the button in a loop. */
const CONFIRMATION_RESEND_INTERVAL_MS = 60 * 1000;

export const INVALID_CREDENTIALS = "Invalid email or password";
export const WRONG_PASSWORD = "Your current password is not correct.";
export const RESET_REQUESTED = "If an account exists for that email, we have sent a link to reset its password.";

export async function toPublicUser(user: User): Promise<PublicUser> {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    emailConfirmed: user.email_confirmed,
    createdAt: user.created_at.toISOString(),
    notifications: { unreadCount: await countUnreadNotifications(db(), user.id) },
  };
}

// ---------------------------------------------------------------------------- sign-up

/** Self-registration creates Free accounts only: paid roles come from checkout or an admin. */
export async function registerUser(input: { email: string; password: string; role?: Role; ip: string }): Promise<User> {
  const role = input.role ?? "FreeUser";
  if (role === "Admin") throw new HttpError(403, "Administrator accounts cannot be created by signing up.");
  if (role !== "FreeUser") {
    throw new HttpError(
      403,
      "Scout and Creator are coming soon and cannot be chosen at sign-up. Create a Free account; paid plans are bought from the Upgrade page.",
    );
  }
  // Counted before the costly hash, whether or not the email turns out to be free.
  await rateLimit("signUp", input.ip);
  const passwordHash = await hashPassword(input.password);
  const user = await db()
    .transaction()
    .execute(async (trx) => {
      if (await getUserByEmail(trx, input.email)) throw new HttpError(409, "An account with this email already exists");
      const created = await insertUser(trx, { email: input.email, password_hash: passwordHash, role: "FreeUser" });
      await recordAudit(
        { kind: "account", action: "account.signed-up", actor: { id: created.id, label: created.email }, target: { type: "user", id: created.id, label: created.email }, after: { role: created.role } },
        trx,
      );
      await createNotification(trx, {
        userId: created.id,
        type: "welcome",
        title: "Welcome to Linkwise!",
        body: "Save your first link from the dashboard and we will enrich it for you. Please confirm your email address.",
        link: "/dashboard",
      });
      return created;
    })
    .catch((error: unknown) => {
      // Two sign-ups racing for one email: the unique index decides.
      if (isUniqueViolation(error, "users_email_key")) {
        throw new HttpError(409, "An account with this email already exists");
      }
      throw error;
    });
  // Not awaited: a slow mail server must not slow down signing up.
  sendConfirmation(user).catch((error: unknown) => log.warn("confirmation mail after sign-up failed", { userId: user.id, error }));
  return user;
}

// ---------------------------------------------------------------------------- sign-in

let dummyHash: Promise<string> | undefined;

/**
 * Reserves a sign-in attempt before the password is checked: at most LOGIN_MAX_FAILURES per
 * email and per address in LOGIN_WINDOW_MS go on to be checked, however many arrive at once.
 * A checked attempt stays as a failure unless it succeeds.
 */
async function reserveAttempt(email: string, ip: string): Promise<number> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const reserved = await reserveAuthAttempt(db(), { email, ip }, since, LOGIN_MAX_FAILURES);
  if ("id" in reserved) return reserved.id;
  const blocked = [reserved.refused.email, reserved.refused.ip].filter((c) => c.count >= LOGIN_MAX_FAILURES && c.oldest);
  const freesAt = Math.max(...blocked.map((c) => c.oldest!.getTime() + LOGIN_WINDOW_MS));
  const seconds = Math.max(1, Math.ceil((freesAt - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new HttpError(
    429,
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { "Retry-After": String(seconds) },
  );
}

/**
 * Checks an email and password. Wrong email and wrong password get the same answer and
 * take the same time; ten failures for one email or one address in 15 minutes lock it out.
 * A success removes only its own attempt: earlier failures keep counting.
 */
export async function authenticate(input: { email: string; password: string; ip: string }): Promise<User> {
  const attempt = await reserveAttempt(input.email, input.ip);
  const user = await getUserByEmail(db(), input.email);
  dummyHash ??= hashPassword("timing-equaliser");
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash));
  if (!user || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
  await deleteAuthAttempt(db(), attempt);
  if (!user.is_active) throw new HttpError(403, "This account has been deactivated. Contact support if you think this is a mistake.");
  await updateUser(db(), user.id, { last_active_at: new Date() });
  return user;
}

/** Housekeeping run by the worker every hour; returns what it removed. */
export async function cleanupAccounts(): Promise<{ sessions: number; tokens: number }> {
  await deleteAuthFailuresBefore(db(), new Date(Date.now() - LOGIN_WINDOW_MS));
  const sessions = await deleteExpiredAuthSessions(db());
  const tokens = await deleteSpentEmailTokens(db(), new Date(Date.now() - 7 * 24 * 60 * 60 * 1000));
  return { sessions, tokens };
}

// ---------------------------------------------------------------------------- email confirmation

/**
 * A fresh single-use token for a mailed link; the user's older ones of that purpose stop working.
 * `email` is the address it is for (a change of email: the new one).
 */
export async function issueEmailToken(user: User, purpose: EmailTokenPurpose, ttlMs: number, email = user.email): Promise<string> {
  const token = generateToken();
  await db()
    .transaction()
    .execute(async (trx) => {
      await retireEmailTokens(trx, user.id, purpose);
      await insertEmailToken(trx, {
        userId: user.id,
        purpose,
        tokenHash: hashToken(token),
        email,
        expiresAt: new Date(Date.now() + ttlMs),
      });
    });
  return token;
}

/** Mails a fresh confirmation link (older ones stop working). */
export async function sendConfirmation(user: User): Promise<void> {
  const token = await issueEmailToken(user, "confirm_email", CONFIRMATION_TTL_MS);
  const url = `${env().APP_URL}/confirm-email?userId=${encodeURIComponent(user.id)}&token=${encodeURIComponent(token)}`;
  await sendMail(confirmationMail(user.email, url));
}

export async function resendConfirmation(userId: string): Promise<void> {
  const user = await getUserById(db(), userId);
  if (!user) throw new HttpError(404, "Account not found.");
  if (user.email_confirmed) throw new HttpError(400, "Your email address is already confirmed.");
  const latest = await getLatestEmailTokenTime(db(), user.id, "confirm_email");
  if (latest && Date.now() - latest.getTime() < CONFIRMATION_RESEND_INTERVAL_MS) {
    throw new HttpError(429, "We just sent you a confirmation email. Please wait a minute before asking for another.", {
      "Retry-After": "60",
    });
  }
  try {
    await sendConfirmation(user);
  } catch (error) {
    log.error("confirmation mail failed", { userId, error });
    throw new HttpError(502, "Failed to send confirmation email");
  }
}

export async function confirmEmail(input: { userId: string; token: string }): Promise<User> {
  const record = await getEmailTokenByHash(db(), hashToken(input.token));
  if (!record || record.purpose !== "confirm_email" || record.user_id !== input.userId) {
    throw new HttpError(400, "This confirmation link is not valid. Please request a new one.");
  }
  if (record.used_at) throw new HttpError(400, "This confirmation link has already been used or replaced by a newer one.");
  if (record.expires_at.getTime() <= Date.now()) {
    throw new HttpError(400, "This confirmation link has expired. Please request a new one.");
  }
  const user = await getUserById(db(), record.user_id);
  if (!user || user.email !== record.email) {
    throw new HttpError(400, "This confirmation link was sent to an address the account no longer uses.");
  }
  if (!(await markEmailTokenUsed(db(), record.id))) {
    throw new HttpError(400, "This confirmation link has already been used or replaced by a newer one.");
  }
  return (await updateUser(db(), user.id, { email_confirmed: true }))!;
}

// ---------------------------------------------------------------------------- password reset

/**
 * Always the same answer, whether or not the account exists: the limits count every email
 * alike (so a 429 says nothing about the account either), and the mail is sent after the
 * answer, so its timing tells nothing. Over a limit, no mail is sent.
 */
export async function requestPasswordReset(input: { email: string; ip: string }): Promise<void> {
  await rateLimit("resetPerAddress", input.ip);
  await rateLimit("resetPerEmail", input.email);
  sendPasswordReset(input.email).catch((error: unknown) => log.error("password reset mail failed", { error }));
}

async function sendPasswordReset(email: string): Promise<void> {
  const user = await getUserByEmail(db(), email);
  if (!user || !user.is_active) return;
  await sendPasswordResetMail(user);
}

/** Mails a fresh reset link to the account (older ones stop working); throws if the mail fails. */
export async function sendPasswordResetMail(user: User): Promise<void> {
  const token = await issueEmailToken(user, "reset_password", RESET_TTL_MS);
  const url = `${env().APP_URL}/reset-password?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
  await sendMail(passwordResetMail(user.email, url));
}

/** Sets a new password from a mailed link, and signs the account out everywhere. */
export async function resetPassword(input: { email: string; token: string; newPassword: string }): Promise<void> {
  const record = await getEmailTokenByHash(db(), hashToken(input.token));
  if (!record || record.purpose !== "reset_password" || record.email !== input.email) {
    throw new HttpError(400, "This reset link is not valid. Please request a new password reset.");
  }
  if (record.used_at) throw new HttpError(400, "This reset link has already been used. Please request a new password reset.");
  if (record.expires_at.getTime() <= Date.now()) {
    throw new HttpError(400, "This reset link has expired. Please request a new password reset.");
  }
  const passwordHash = await hashPassword(input.newPassword);
  const user = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await markEmailTokenUsed(trx, record.id))) {
        throw new HttpError(400, "This reset link has already been used. Please request a new password reset.");
      }
      // Whoever can read the mailbox has proved the address too.
      const updated = await updateUser(trx, record.user_id, { password_hash: passwordHash, email_confirmed: true });
      await deleteAuthSessionsForUser(trx, record.user_id);
      return updated;
    });
  if (user) {
    await deleteAuthFailuresForEmail(db(), user.email);
    await sendMail(passwordChangedMail(user.email)).catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------- profile

/**
 * The one check of a signed-in user's current password (profile, password, email change,
 * deletion): counted per user before the (costly) hash is compared, so a stolen session
 * cannot guess the password, whichever endpoint it tries.
 */
export async function checkCurrentPassword(user: User, password: string | undefined): Promise<void> {
  await rateLimit("accountPassword", user.id);
  if (!password || !(await verifyPassword(password, user.password_hash))) throw new HttpError(400, WRONG_PASSWORD);
}

/**
 * Changes the password (the current one is required, checked by `checkCurrentPassword`; every
 * other session ends). `passwordChecked`: the caller has just checked it in this request.
 */
export async function updateProfile(
  userId: string,
  currentSessionId: string,
  input: { currentPassword?: string; newPassword?: string },
  { passwordChecked = false }: { passwordChecked?: boolean } = {},
): Promise<User> {
  const user = await getUserById(db(), userId);
  if (!user) throw new HttpError(404, "Account not found.");
  let updated = user;

  if (input.newPassword !== undefined) {
    if (!passwordChecked) await checkCurrentPassword(user, input.currentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    updated = (await db()
      .transaction()
      .execute(async (trx) => {
        const sessionsEnded = await deleteAuthSessionsForUser(trx, user.id, currentSessionId);
        // The current password was just typed: this session counts as a recent sign-in (decision 048).
        await markSessionAuthenticated(trx, { id: currentSessionId, userId: user.id });
        await recordAudit(
          { kind: "account", action: "account.password-changed", actor: { id: user.id, label: user.email }, target: { type: "user", id: user.id, label: user.email }, after: { sessionsEnded } },
          trx,
        );
        return updateUser(trx, user.id, { password_hash: passwordHash });
      }))!;
    await sendMail(passwordChangedMail(user.email)).catch(() => undefined);
  }

  return updated;
}

/**
 * Removes an account (locked by the caller) and what it owns: links, results, shares, sessions
 * and tokens cascade; receipts stay with user_id set null (billing records are kept).
 * Shared by an admin's delete and the user's own (settings).
 */
export async function removeAccount(trx: Database, target: Pick<User, "id" | "email">): Promise<void> {
  await deleteNotifySignupsOf(trx, target);
  await deleteUserRow(trx, target.id);
}
