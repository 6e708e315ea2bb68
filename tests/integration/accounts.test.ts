import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { countMail, waitForMail } from "../helpers/outbox";
import { apiClient, startWebServer } from "../helpers/web-server";

let baseUrl: string;
let close: () => Promise<void>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  // Behind a (pretend) proxy, so each test can sign in from an address of its own.
  ({ baseUrl, close } = await startWebServer({ TRUST_PROXY: "true" }));
  const call = apiClient(baseUrl);
  api = (method, path, options = {}) =>
    call(method, path, { ...options, headers: { "X-Forwarded-For": currentIp, ...options.headers } });
});
afterAll(() => close?.());

let counter = 0;
let currentIp = "203.0.113.1";
beforeEach(() => {
  currentIp = `203.0.113.${(counter % 250) + 2}`;
});
const uniqueEmail = () => `user${++counter}-${Date.now()}@example.com`;

async function register(email = uniqueEmail(), password = "secret-pass") {
  const response = await api<{ token: string; user: { id: string; email: string } }>("POST", "/api/auth/register", {
    body: { email, password },
  });
  expect(response.status).toBe(201);
  return { email, password, token: response.body.token, id: response.body.user.id };
}

describe("POST /api/auth/register", () => {
  it("creates a FreeUser with a normalised email, a token, and a welcome notification", async () => {
    const response = await api("POST", "/api/auth/register", { body: { email: "  New.Person@Example.COM ", password: "secret1" } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      token: expect.stringMatching(/^[\w-]{43}$/),
      user: {
        email: "new.person@example.com",
        role: "FreeUser",
        emailConfirmed: false,
        notifications: { unreadCount: 1 },
      },
    });
    const me = await api("GET", "/api/auth/me", { token: response.body.token as string });
    expect(me.body).toMatchObject({ email: "new.person@example.com", role: "FreeUser" });
  });

  it("refuses a duplicate email whatever its case, with 409", async () => {
    const { email } = await register();
    const response = await api("POST", "/api/auth/register", { body: { email: email.toUpperCase(), password: "another1" } });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: "An account with this email already exists" });
  });

  it("refuses short passwords and bad emails with the documented messages, saving nothing", async () => {
    const email = uniqueEmail();
    const short = await api("POST", "/api/auth/register", { body: { email, password: "12345" } });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: "Password must be at least 6 characters long" });
    const bad = await api("POST", "/api/auth/register", { body: { email: "not-an-email", password: "secret1" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "Enter a valid email address" });
    expect(await db().selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("never lets sign-up choose a paid or admin role", async () => {
    for (const role of ["LiteUser", "ProUser", "Admin"]) {
      const email = uniqueEmail();
      const response = await api("POST", "/api/auth/register", { body: { email, password: "secret1", role } });
      expect(response.status, role).toBe(403);
      expect(response.body.message).toMatch(role === "Admin" ? /Administrator/ : /coming soon/);
      expect(await db().selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
    }
    const unknown = await api("POST", "/api/auth/register", { body: { email: uniqueEmail(), password: "secret1", role: "Root" } });
    expect(unknown.status).toBe(400);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const response = await fetch(`${baseUrl}/api/auth/register`, { method: "POST", body: "{nope" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The request body must be valid JSON." });
  });
});

describe("POST /api/auth/login and sessions", () => {
  it("returns a token for the right password and the same 401 for a wrong password or email", async () => {
    const { email, password } = await register();
    const ok = await api("POST", "/api/auth/login", { body: { email, password } });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));

    const wrongPassword = await api("POST", "/api/auth/login", { body: { email, password: "wrong-password" } });
    const wrongEmail = await api("POST", "/api/auth/login", { body: { email: uniqueEmail(), password } });
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: "Invalid email or password" });
    expect(wrongEmail.body).toEqual(wrongPassword.body);
  });

  it("answers /api/auth/me with 401 without a token, with a garbage token, and after logout", async () => {
    expect((await api("GET", "/api/auth/me")).status).toBe(401);
    expect((await api("GET", "/api/auth/me", { token: "garbage" })).status).toBe(401);
    const { token } = await register();
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await api("POST", "/api/auth/logout", { token })).status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(401);
    expect((await api("POST", "/api/auth/logout", { token })).status).toBe(401);
  });

  it("refuses a deactivated account with 403 even with the right password", async () => {
    const { email, password, id } = await register();
    await db().updateTable("users").set({ is_active: false }).where("id", "=", id).execute();
    const response = await api("POST", "/api/auth/login", { body: { email, password } });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/deactivated/);
  });

  it("locks an email out after 10 failures in 15 minutes, with Retry-After, even for the right password", async () => {
    const { email, password } = await register();
    for (let i = 0; i < 10; i++) {
      const attempt = await api("POST", "/api/auth/login", { body: { email, password: `wrong-${i}` } });
      expect(attempt.status).toBe(401);
    }
    const locked = await api("POST", "/api/auth/login", { body: { email, password } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it("evaluates at most 10 of 50 guesses sent at once; the rest get 429 with Retry-After", async () => {
    const { email, password } = await register();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api("POST", "/api/auth/login", { body: { email, password: `guess-${i}` } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/Too many failed sign-in attempts/);
    }
    // Still locked for the right password, from this address or another one.
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(429);
    currentIp = "198.51.100.9";
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(429);
  });

  it("a success clears only its own attempt, not the failures before it", async () => {
    const { email, password } = await register();
    for (let i = 0; i < 9; i++) {
      expect((await api("POST", "/api/auth/login", { body: { email, password: `wrong-${i}` } })).status).toBe(401);
    }
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(200);
    expect((await api("POST", "/api/auth/login", { body: { email, password: "wrong-9" } })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(429);
  });

  it("locks an address out after 10 failures in 15 minutes, whichever emails it tries", async () => {
    const { email, password } = await register();
    for (let i = 0; i < 10; i++) {
      expect((await api("POST", "/api/auth/login", { body: { email: uniqueEmail(), password } })).status).toBe(401);
    }
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(429);
    currentIp = "198.51.100.7";
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(200);
  });
});

describe("email confirmation", () => {
  it("mails a link on sign-up that confirms once, and only once", async () => {
    const { email, token, id } = await register();
    const { link } = await waitForMail(email, /Confirm your email/);
    expect(link?.origin).toBe(process.env.APP_URL ?? "http://127.0.0.1:0");
    expect(link?.pathname).toBe("/confirm-email");
    expect(link?.searchParams.get("userId")).toBe(id);

    const body = { userId: id, token: link!.searchParams.get("token") };
    const confirmed = await api("POST", "/api/auth/confirm-email", { body });
    expect(confirmed.status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token })).body.emailConfirmed).toBe(true);

    const reused = await api("POST", "/api/auth/confirm-email", { body });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/already been used/);
  });

  it("refuses an expired link, a link for another user and a made-up token", async () => {
    const { email, id } = await register();
    const { link } = await waitForMail(email, /Confirm your email/);
    const token = link!.searchParams.get("token")!;
    const other = await register();

    expect((await api("POST", "/api/auth/confirm-email", { body: { userId: other.id, token } })).status).toBe(400);
    const madeUp = await api("POST", "/api/auth/confirm-email", { body: { userId: id, token: "x".repeat(43) } });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.message).toMatch(/not valid/);
    const missing = await api("POST", "/api/auth/confirm-email", { body: { userId: id } });
    expect(missing.body).toEqual({ message: "Invalid confirmation link. Please check your email and try again." });

    await db().updateTable("email_tokens").set({ expires_at: new Date(Date.now() - 1000) }).where("user_id", "=", id).execute();
    const expired = await api("POST", "/api/auth/confirm-email", { body: { userId: id, token } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
  });

  it("resends on request with the documented text, refuses a second one within a minute, and when already confirmed", async () => {
    const { email, token, id } = await register();
    await waitForMail(email, /Confirm your email/);
    await sql`update email_tokens set created_at = now() - interval '2 minutes' where user_id = ${id}`.execute(db());

    const sent = await api("POST", "/api/auth/send-confirmation", { token });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: "Confirmation email sent! Check your inbox." });
    expect(await countMail(email)).toBe(2);
    expect((await api("POST", "/api/auth/send-confirmation", { token })).status).toBe(429);

    await db().updateTable("users").set({ email_confirmed: true }).where("id", "=", id).execute();
    const already = await api("POST", "/api/auth/send-confirmation", { token });
    expect(already.status).toBe(400);
    expect((await api("POST", "/api/auth/send-confirmation")).status).toBe(401);
  });
});

describe("password reset", () => {
  it("answers the same for unknown and known emails, and mails only the known one", async () => {
    const unknown = uniqueEmail();
    const { email } = await register();
    const a = await api("POST", "/api/auth/request-password-reset", { body: { email: unknown } });
    const b = await api("POST", "/api/auth/request-password-reset", { body: { email } });
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
    await waitForMail(email, /Reset your/);
    await sleep(200);
    expect(await countMail(unknown)).toBe(0);
  });

  it("sets the new password, ends every session, and the link works once", async () => {
    const { email, password, token } = await register();
    const second = (await api("POST", "/api/auth/login", { body: { email, password } })).body.token as string;
    await api("POST", "/api/auth/request-password-reset", { body: { email } });
    const { link } = await waitForMail(email, /Reset your/);
    expect(link?.pathname).toBe("/reset-password");
    expect(link?.searchParams.get("email")).toBe(email);
    const body = { email, token: link!.searchParams.get("token"), newPassword: "brand-new-pass" };

    const reset = await api("POST", "/api/auth/reset-password", { body });
    expect(reset.status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(401);
    expect((await api("GET", "/api/auth/me", { token: second })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email, password: "brand-new-pass" } })).status).toBe(200);

    const again = await api("POST", "/api/auth/reset-password", { body: { ...body, newPassword: "third-pass" } });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already been used/);
  });

  it("refuses an expired or wrong token and a short new password", async () => {
    const { email, id } = await register();
    await api("POST", "/api/auth/request-password-reset", { body: { email } });
    const { link } = await waitForMail(email, /Reset your/);
    const token = link!.searchParams.get("token")!;

    const short = await api("POST", "/api/auth/reset-password", { body: { email, token, newPassword: "123" } });
    expect(short.body).toEqual({ message: "Password must be at least 6 characters long" });
    const wrong = await api("POST", "/api/auth/reset-password", { body: { email, token: "nope", newPassword: "123456" } });
    expect(wrong.status).toBe(400);
    const otherEmail = await api("POST", "/api/auth/reset-password", { body: { email: uniqueEmail(), token, newPassword: "123456" } });
    expect(otherEmail.status).toBe(400);

    await db().updateTable("email_tokens").set({ expires_at: new Date(Date.now() - 1) }).where("user_id", "=", id).execute();
    const expired = await api("POST", "/api/auth/reset-password", { body: { email, token, newPassword: "123456" } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
  });
});

describe("PUT /api/auth/profile", () => {
  it("changes the password only with the current one, keeping this session and ending the others", async () => {
    const { email, password, token } = await register();
    const other = (await api("POST", "/api/auth/login", { body: { email, password } })).body.token as string;
    const wrong = await api("PUT", "/api/auth/profile", { token, body: { currentPassword: "nope", newPassword: "next-pass" } });
    expect(wrong.status).toBe(400);
    const ok = await api("PUT", "/api/auth/profile", { token, body: { currentPassword: password, newPassword: "next-pass" } });
    expect(ok.status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token: other })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email, password: "next-pass" } })).status).toBe(200);
  });

  it("changes the email only from a link mailed to the new address, with the password, and refuses one already taken", async () => {
    const { token, id, email, password } = await register();
    await db().updateTable("users").set({ email_confirmed: true }).where("id", "=", id).execute();
    const taken = await register();
    expect((await api("PUT", "/api/auth/profile", { token, body: { email: taken.email, currentPassword: password } })).status).toBe(409);
    const fresh = uniqueEmail();
    // Without the password (a stolen session), nothing moves.
    expect((await api("PUT", "/api/auth/profile", { token, body: { email: fresh } })).status).toBe(400);

    const asked = await api<{ message: string }>("PUT", "/api/auth/profile", { token, body: { email: fresh, currentPassword: password } });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toContain(fresh);
    expect((await db().selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email).toBe(email);
    await waitForMail(fresh, /.+/);
  });
});

describe("notifications", () => {
  it("lists newest first with a cursor, marks one or all read, and hides other users' ones", async () => {
    const alice = await register();
    const bob = await register();
    const { createNotification } = await import("~/server/notifications/notifications.server");
    for (let i = 1; i <= 3; i++) {
      await createNotification(db(), { userId: alice.id, type: "test", title: `Note ${i}` });
      await sleep(5);
    }
    const first = await api<{ notifications: Array<{ id: string; title: string }>; unreadCount: number; nextCursor: string }>(
      "GET",
      "/api/notifications?limit=2",
      { token: alice.token },
    );
    expect(first.body.notifications.map((n) => n.title)).toEqual(["Note 3", "Note 2"]);
    expect(first.body.unreadCount).toBe(4);
    const second = await api<{ notifications: Array<{ title: string }>; nextCursor: string | null }>(
      "GET",
      `/api/notifications?limit=2&before=${encodeURIComponent(first.body.nextCursor)}`,
      { token: alice.token },
    );
    expect(second.body.notifications.map((n) => n.title)).toEqual(["Note 1", "Welcome to Linkwise!"]);
    expect(second.body.nextCursor).toBeNull();

    const id = first.body.notifications[0]!.id;
    expect((await api("POST", `/api/notifications/${id}/read`, { token: bob.token })).status).toBe(404);
    expect((await api("POST", `/api/notifications/not-a-uuid/read`, { token: bob.token })).status).toBe(404);
    const read = await api("POST", `/api/notifications/${id}/read`, { token: alice.token });
    expect(read.body).toMatchObject({ id, read: true });
    expect((await api("GET", "/api/auth/me", { token: alice.token })).body.notifications).toEqual({ unreadCount: 3 });

    expect((await api("POST", "/api/notifications/read-all", { token: alice.token })).body).toMatchObject({ unreadCount: 0 });
    expect((await api("GET", "/api/auth/me", { token: alice.token })).body.notifications).toEqual({ unreadCount: 0 });
    expect((await api("GET", "/api/auth/me", { token: bob.token })).body.notifications).toEqual({ unreadCount: 1 });
    expect((await api("GET", "/api/notifications?limit=0", { token: bob.token })).status).toBe(400);
  });
});

describe("cookie sessions", () => {
  async function signInWithForm(email: string, password: string) {
    const response = await fetch(`${baseUrl}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, "X-Forwarded-For": currentIp },
      body: new URLSearchParams({ intent: "login", email, password, redirectTo: "/upgrade" }),
      redirect: "manual",
    });
    return response;
  }

  it("signs in through the login form, redirects to the remembered page, and recognises the cookie", async () => {
    const { email, password } = await register();
    const response = await signInWithForm(email, password);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/upgrade");
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/__session=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
    const session = cookie.split(";")[0]!;
    const me = await api("GET", "/api/auth/me", { headers: { Cookie: session } });
    expect(me.body.email).toBe(email);
    const login = await fetch(`${baseUrl}/login`, { headers: { Cookie: session }, redirect: "manual" });
    expect(login.headers.get("location")).toBe("/dashboard");
  });

  it("after signing in, sends a hostile redirectTo to /dashboard, never elsewhere and never with a 500", async () => {
    const { email, password } = await register();
    for (const redirectTo of ["/\t/evil.test/x", "/%09/evil.test/x", "/\n/evil.test", "//evil.test", "https://evil.test", "/.//evil.test"]) {
      const response = await fetch(`${baseUrl}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, "X-Forwarded-For": currentIp },
        body: new URLSearchParams({ intent: "login", email, password, redirectTo }),
        redirect: "manual",
      });
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      expect(response.headers.get("location"), JSON.stringify(redirectTo)).toBe("/dashboard");
    }
    const page = await fetch(`${baseUrl}/login?redirectTo=%0a%09//evil.test`);
    expect(page.status).toBe(200);
  });

  it("the register form goes on to a redirectTo on this site only", async () => {
    const signUp = (redirectTo: string) =>
      fetch(`${baseUrl}/register`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, "X-Forwarded-For": currentIp },
        body: new URLSearchParams({ plan: "free", email: uniqueEmail(), password: "secret-1", confirmPassword: "secret-1", redirectTo }),
        redirect: "manual",
      });
    expect((await signUp("/upgrade?feature=quizGenerator")).headers.get("location")).toBe("/upgrade?feature=quizGenerator");
    expect((await signUp("/\t/evil.test/x")).headers.get("location")).toBe("/dashboard");
  });

  it("the register form refuses a mismatched confirmation and saves nothing", async () => {
    const email = uniqueEmail();
    const response = await fetch(`${baseUrl}/register`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, "X-Forwarded-For": currentIp },
      body: new URLSearchParams({ plan: "free", email, password: "secret-1", confirmPassword: "secret-2" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Passwords do not match");
    expect(await db().selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("refuses cookie-borne writes from another origin or with no origin (CSRF), but not bearer ones", async () => {
    const { email, password, token } = await register();
    const session = (await signInWithForm(email, password)).headers.get("set-cookie")!.split(";")[0]!;
    const foreign = await api("POST", "/api/notifications/read-all", { headers: { Cookie: session, Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const noOrigin = await api("POST", "/api/notifications/read-all", { headers: { Cookie: session } });
    expect(noOrigin.status).toBe(403);
    const same = await api("POST", "/api/notifications/read-all", { headers: { Cookie: session, Origin: baseUrl } });
    expect(same.status).toBe(200);
    expect((await api("POST", "/api/notifications/read-all", { token })).status).toBe(200);
  });

  it("sends a FreeUser away from /admin to /dashboard and a visitor to /login", async () => {
    const { email, password } = await register();
    const session = (await signInWithForm(email, password)).headers.get("set-cookie")!.split(";")[0]!;
    const admin = await fetch(`${baseUrl}/admin`, { headers: { Cookie: session }, redirect: "manual" });
    expect(admin.headers.get("location")).toBe("/dashboard");
    const dashboard = await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: session }, redirect: "manual" });
    expect(dashboard.status).toBe(200);
    const visitor = await fetch(`${baseUrl}/admin`, { redirect: "manual" });
    expect(visitor.headers.get("location")).toBe("/login?redirectTo=%2Fadmin");
  });
});

describe("hourly cleanup", () => {
  it("removes expired sessions and spent mail tokens, keeping live ones", async () => {
    const { cleanupAccounts } = await import("~/server/accounts/accounts.server");
    const live = await register();
    const stale = await register();
    // The confirmation mail (and its token) is written after sign-up answers: wait for it.
    await expect.poll(async () => (await db().selectFrom("email_tokens").select("id").where("user_id", "=", stale.id).execute()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await db().updateTable("auth_sessions").set({ expires_at: new Date(Date.now() - 1000) }).where("user_id", "=", stale.id).execute();
    await sql`update email_tokens set used_at = now(), created_at = now() - interval '8 days' where user_id = ${stale.id}`.execute(db());

    const removed = await cleanupAccounts();
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.tokens).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom("auth_sessions").select("id").where("user_id", "=", stale.id).execute()).toEqual([]);
    expect(await db().selectFrom("email_tokens").select("id").where("user_id", "=", stale.id).execute()).toEqual([]);
    expect((await api("GET", "/api/auth/me", { token: live.token })).status).toBe(200);
  });
});
