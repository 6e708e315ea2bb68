import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import * as z from "zod";
import { REAUTHENTICATE_PATH, SIGN_IN_AGAIN } from "~/lib/account";
import { API_TOKEN_PREFIX, isAccountPath, type ApiTokenScope } from "~/lib/api-tokens";
import { emailSchema, safeRedirect } from "~/lib/validation";
import { authenticate } from "./accounts.server";
import { db } from "../platform/db.server";
import type { Role, SessionKind, User } from "../platform/db-schema.server";
import { env } from "../platform/env.server";
import { CLIENT_IP_HEADER, HttpError, firstIssue } from "../platform/http.server";
import { singleton } from "../platform/singleton.server";
import {
  deleteAuthSession,
  getSessionWithUser,
  insertAuthSession,
  touchAuthSession,
} from "../repos/auth-sessions.server";
import { generateToken, hashToken } from "./tokens.server";
import { requireFeature } from "../billing/entitlements.server";
import { getApiTokenWithUser, touchApiToken } from "../repos/api-tokens.server";

/**
 * Who is asking. Pages ride on a cookie session, API clients on a bearer token; both are
 * opaque tokens whose hash is a row in auth_sessions, so either can be revoked.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's last use and its user's last activity are written at most this often. */
export const ACTIVITY_INTERVAL_MS = 60 * 1000;
export const ACCOUNT_DEACTIVATED = "Account deactivated";

export interface Auth {
  user: User;
  /** The auth_sessions row, or for a personal API token the api_tokens row. */
  sessionId: string;
  /** "token": a personal API token (apiAccess), which only the JSON API accepts. */
  via: "bearer" | "cookie" | "token";
  /** The personal API token's scopes; null for sign-in sessions, which may do everything. */
  scopes: ApiTokenScope[] | null;
  /** When the sign-in session's owner last typed the password (decision 048); null for a personal API token. */
  authenticatedAt: Date | null;
}

function sessionStorage() {
  return singleton("session-storage", () =>
    createCookieSessionStorage<{ token: string }>({
      cookie: {
        name: "__session",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: env().APP_URL.startsWith("https://"),
        secrets: [env().SESSION_SECRET],
        maxAge: SESSION_TTL_MS / 1000,
      },
    }),
  );
}

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

const loginFormSchema = z.object({ email: emailSchema, password: z.string().min(1, "Enter your password") });

/** remix-auth's form strategy checks the credentials; sessions are ours (remix-auth v4 leaves them to the app). */
export const authenticator = new Authenticator<User>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginFormSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    return authenticate({ ...parsed.data, ip: clientIp(request) });
  }),
  "password",
);

/** Creates a session row and returns its token (shown once, stored only as a hash). */
export async function startSession(userId: string, kind: SessionKind, request: Request): Promise<string> {
  const token = generateToken();
  await insertAuthSession(db(), {
    userId,
    tokenHash: hashToken(token),
    kind,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(request),
  });
  return token;
}

/** A fresh cookie session (a new token each sign-in, so a planted cookie is worthless). */
export async function commitWebSession(userId: string, request: Request): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession();
  session.set("token", await startSession(userId, "web", request));
  return storage.commitSession(session);
}

export async function destroyWebSessionCookie(request: Request): Promise<string> {
  const storage = sessionStorage();
  return storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
}

async function tokenFrom(request: Request): Promise<{ token: string; via: "bearer" | "cookie" } | null> {
  const header = request.headers.get("Authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? { token: match[1]!, via: "bearer" } : null;
  }
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__session=")) return null;
  const session = await sessionStorage().getSession(cookie);
  const token = session.get("token");
  return token ? { token, via: "cookie" } : null;
}

/** A request's identity: signed in, or not, and then whether because the account was deactivated. */
type Resolved = { auth: Auth } | { auth: null; deactivated: boolean };

const cache = new WeakMap<Request, Promise<Resolved>>();

function resolve(request: Request): Promise<Resolved> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolveAuth(request);
    cache.set(request, pending);
  }
  return pending;
}

/**
 * The signed-in user of a request, or null. One lookup per request however many loaders ask.
 * Pages ignore personal API tokens: those are for the JSON API, whose gate checks their scopes.
 */
export async function getAuth(request: Request): Promise<Auth | null> {
  const { auth } = await resolve(request);
  return auth?.via === "token" ? null : auth;
}

async function resolveApiToken(secret: string): Promise<Resolved> {
  const found = await getApiTokenWithUser(db(), hashToken(secret));
  if (!found) return { auth: null, deactivated: false };
  if (!found.user.is_active) return { auth: null, deactivated: true };
  if (!found.token.last_used_at || Date.now() - found.token.last_used_at.getTime() > ACTIVITY_INTERVAL_MS) {
    await touchApiToken(db(), found.token.id, ACTIVITY_INTERVAL_MS);
  }
  return { auth: { user: found.user, sessionId: found.token.id, via: "token", scopes: found.token.scopes, authenticatedAt: null } };
}

async function resolveAuth(request: Request): Promise<Resolved> {
  const found = await tokenFrom(request);
  if (!found) return { auth: null, deactivated: false };
  if (found.via === "bearer" && found.token.startsWith(API_TOKEN_PREFIX)) return resolveApiToken(found.token);
  const session = await getSessionWithUser(db(), hashToken(found.token));
  if (!session) return { auth: null, deactivated: false };
  // Deactivation revokes the sessions too; the account's state decides what to tell the client.
  if (!session.user.is_active) return { auth: null, deactivated: true };
  if (session.revoked) return { auth: null, deactivated: false };
  if (Date.now() - session.lastUsedAt.getTime() > ACTIVITY_INTERVAL_MS) {
    await touchAuthSession(db(), { id: session.sessionId, userId: session.user.id }, ACTIVITY_INTERVAL_MS);
  }
  return { auth: { user: session.user, sessionId: session.sessionId, via: found.via, scopes: null, authenticatedAt: session.authenticatedAt } };
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const READ_ONLY_TOKEN = "This API token can only read. Create a token with the write scope to make changes.";
export const WRITE_ONLY_TOKEN = "This API token can only make changes. Create a token with the read scope to read.";

/**
 * For JSON endpoints: the user, or a 401 (a 403 for a deactivated account's session or token).
 * A personal API token is refused on the account's own endpoints (`isAccountPath`), needs the
 * plan's API access, the read scope to read and the write scope for anything else (its rate limit is taken
 * before Remix, in web.server.ts, so every answer carries it).
 */
export async function requireApiUser(request: Request): Promise<Auth> {
  const resolved = await resolve(request);
  if (resolved.auth) {
    if (resolved.auth.via === "token") {
      if (isAccountPath(new URL(request.url).pathname)) throw new HttpError(403, NOT_WITH_API_TOKEN);
      await requireFeature(resolved.auth.user.role, "apiAccess");
      const reads = READ_METHODS.has(request.method);
      if (!reads && !resolved.auth.scopes?.includes("write")) throw new HttpError(403, READ_ONLY_TOKEN);
      if (reads && !resolved.auth.scopes?.includes("read")) throw new HttpError(403, WRITE_ONLY_TOKEN);
    }
    return resolved.auth;
  }
  if (resolved.deactivated) throw new HttpError(403, ACCOUNT_DEACTIVATED);
  throw new HttpError(401, "Please sign in first (a session cookie or a bearer token is required).");
}

export const API_TOKEN_ONLY =
  "Send a personal API token as Authorization: Bearer lw_pat_… (Settings → API & integrations, Creator plan). Sign-in sessions are not accepted here.";

/** A personal API token's auth: its scopes are always there. */
export type TokenAuth = Auth & { via: "token"; scopes: ApiTokenScope[] };

const PERSONAL_TOKEN_HEADER = new RegExp(`^Bearer\\s+${API_TOKEN_PREFIX}\\S+$`, "i");

/**
 * For the MCP endpoint (decision 066): a personal API token and nothing else, with the plan's
 * API access. No cookie is even read, so a page open in the browser cannot drive it. Its scopes
 * are the caller's to check per tool: every MCP call is a POST, so the method says nothing.
 * 401 carries `WWW-Authenticate: Bearer`, as MCP clients expect.
 */
export async function requireApiToken(request: Request): Promise<TokenAuth> {
  const unauthorized = () => new HttpError(401, API_TOKEN_ONLY, { "WWW-Authenticate": 'Bearer realm="Linkwise"' });
  if (!PERSONAL_TOKEN_HEADER.test(request.headers.get("Authorization") ?? "")) throw unauthorized();
  const resolved = await resolve(request);
  if (!resolved.auth) throw resolved.deactivated ? new HttpError(403, ACCOUNT_DEACTIVATED) : unauthorized();
  if (resolved.auth.via !== "token" || !resolved.auth.scopes) throw unauthorized();
  await requireFeature(resolved.auth.user.role, "apiAccess");
  return resolved.auth as TokenAuth;
}

export const NOT_WITH_API_TOKEN =
  "An API token cannot manage the account (sessions, password, email, export, deletion or API tokens). Sign in to do this.";

/**
 * How much longer a sign-in session counts as recent (decision 048): 0 once `RECENT_SIGN_IN_MS`
 * has passed since its owner last typed the password, and always for a personal API token.
 */
export function recentSignInLeftMs(auth: Auth, now = Date.now()): number {
  if (!auth.authenticatedAt) return 0;
  return Math.max(0, auth.authenticatedAt.getTime() + env().RECENT_SIGN_IN_MS - now);
}

/**
 * For the account actions that ask no password (listing and ending sessions, the account
 * export, creating and revoking API tokens): a sign-in session whose owner typed the password
 * within `RECENT_SIGN_IN_MS`. A personal API token is refused first, as on every account path;
 * an older session gets 403 `{message, reauthenticateUrl}`, and the password posted there
 * renews it. A stolen session, however it was taken, cannot do these long after the sign-in.
 */
export async function requireRecentSignIn(request: Request): Promise<Auth> {
  const auth = await requireApiUser(request);
  if (recentSignInLeftMs(auth) === 0) throw new HttpError(403, SIGN_IN_AGAIN, {}, { reauthenticateUrl: REAUTHENTICATE_PATH });
  return auth;
}


export const ADMIN_ONLY = "Only admins can do this.";

/** For admin-only JSON endpoints: 401 without a session, 403 for every role but Admin. */
export async function requireApiAdmin(request: Request): Promise<Auth> {
  const auth = await requireApiUser(request);
  if (auth.user.role !== "Admin") throw new HttpError(403, ADMIN_ONLY);
  return auth;
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const target = safeRedirect(`${url.pathname}${url.search}`, "");
  return target ? `/login?redirectTo=${encodeURIComponent(target)}` : "/login";
}

/** For pages: the user, or a redirect to /login that remembers where they were going. */
export async function requireUser(request: Request): Promise<User> {
  const auth = await getAuth(request);
  if (!auth) throw redirect(loginUrl(request));
  return auth.user;
}

/** For pages limited to some roles: anyone else is sent to /dashboard, not shown a 403. */
export async function requireRole(request: Request, roles: Role[]): Promise<User> {
  const user = await requireUser(request);
  if (!roles.includes(user.role)) throw redirect("/dashboard");
  return user;
}

/** /login and /register send a signed-in user on to where they were going, or the dashboard. */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  if (await getAuth(request)) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
}

export async function endSession(auth: Auth): Promise<void> {
  // A personal API token is revoked on the settings page, not by a logout call.
  if (auth.via === "token") return;
  await deleteAuthSession(db(), auth.sessionId);
}
