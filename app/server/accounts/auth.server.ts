import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
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

/**
 * Who is asking. Pages ride on a cookie session, API clients on a bearer token; both are
 * opaque tokens whose hash is a row in auth_sessions, so either can be revoked.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface Auth {
  user: User;
  sessionId: string;
  via: "bearer" | "cookie";
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

async function tokenFrom(request: Request): Promise<{ token: string; via: Auth["via"] } | null> {
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

const cache = new WeakMap<Request, Promise<Auth | null>>();

/** The signed-in user of a request, or null. One lookup per request however many loaders ask. */
export function getAuth(request: Request): Promise<Auth | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolveAuth(request);
    cache.set(request, pending);
  }
  return pending;
}

async function resolveAuth(request: Request): Promise<Auth | null> {
  const found = await tokenFrom(request);
  if (!found) return null;
  const session = await getSessionWithUser(db(), hashToken(found.token));
  if (!session || !session.user.is_active) return null;
  if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await touchAuthSession(db(), session.sessionId);
  return { user: session.user, sessionId: session.sessionId, via: found.via };
}

/** For JSON endpoints: the user, or a 401. */
export async function requireApiUser(request: Request): Promise<Auth> {
  const auth = await getAuth(request);
  if (!auth) throw new HttpError(401, "Please sign in first (a session cookie or a bearer token is required).");
  return auth;
}

/** For admin JSON endpoints: 401 without a session, 403 for any role but Admin. */
export async function requireApiAdmin(request: Request): Promise<Auth> {
  const auth = await requireApiUser(request);
  if (auth.user.role !== "Admin") throw new HttpError(403, "Only an admin may do this.");
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
  await deleteAuthSession(db(), auth.sessionId);
}
