import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "~/server/accounts/tokens.server";
import { routePath } from "~/server/api/openapi.server";
import { API_ROUTES } from "~/server/api/routes.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { waitForMail } from "../helpers/outbox";
import { apiClient, startWebServer } from "../helpers/web-server";

let baseUrl: string;
let close: () => Promise<void>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  ({ baseUrl, close } = await startWebServer());
  api = apiClient(baseUrl);
});
afterAll(() => close?.());

let counter = 0;
const uniqueEmail = () => `settings${++counter}-${Date.now()}@example.com`;

async function register(email = uniqueEmail(), password = "secret-pass") {
  const response = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password } });
  expect(response.status).toBe(201);
  return { email, password, token: response.body.token, id: response.body.user.id };
}

const signIn = async (email: string, password: string) =>
  (await api<{ token: string }>("POST", "/api/auth/login", { body: { email, password }, headers: { "User-Agent": "Second device" } })).body.token;

const auditActions = async (userId: string) =>
  (await db().selectFrom("audit_events").select("action").where("target_id", "=", userId).orderBy("created_at").execute()).map((e) => e.action);

async function addLink(userId: string, url: string) {
  return (
    await db()
      .insertInto("links")
      .values({ user_id: userId, url, normalized_url: url, status: "enriched", title: `Title of ${url}`, summary: "A summary", tags: ["a"], is_public: true, shared_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

describe("change email", () => {
  it("changes the address only when the link mailed to the new one is followed, and tells the old one", async () => {
    const { email, password, token, id } = await register();
    const next = uniqueEmail();

    const wrong = await api("POST", "/api/account/email", { token, body: { newEmail: next, password: "nope" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: "Your current password is not correct." });
    const taken = await register();
    expect((await api("POST", "/api/account/email", { token, body: { newEmail: taken.email, password } })).status).toBe(409);
    expect((await api("POST", "/api/account/email", { token, body: { newEmail: "not-an-email", password } })).status).toBe(400);

    const asked = await api("POST", "/api/account/email", { token, body: { newEmail: next, password } });
    expect(asked.status).toBe(202);
    // Nothing changes until the link is followed.
    expect((await api("GET", "/api/auth/me", { token })).body).toMatchObject({ email });
    const { link } = await waitForMail(next, /Confirm your new email/);
    expect(link?.pathname).toBe("/settings/email");
    const mailedToken = link!.searchParams.get("token")!;

    expect((await api("POST", "/api/account/email/confirm", { body: { token: "forged" } })).status).toBe(400);
    const confirmed = await api("POST", "/api/account/email/confirm", { body: { token: mailedToken } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: next });
    expect((await api("GET", "/api/auth/me", { token })).body).toMatchObject({ email: next, emailConfirmed: true });
    await waitForMail(email, /email address was changed/);
    // Single use.
    expect((await api("POST", "/api/account/email/confirm", { body: { token: mailedToken } })).status).toBe(400);
    expect(await auditActions(id)).toContain("account.email-changed");
  });

  it("refuses the link when someone else took the address meanwhile, changing nothing", async () => {
    const { email, password, token } = await register();
    const next = uniqueEmail();
    expect((await api("POST", "/api/account/email", { token, body: { newEmail: next, password } })).status).toBe(202);
    const { link } = await waitForMail(next, /Confirm your new email/);
    await register(next);
    const response = await api("POST", "/api/account/email/confirm", { body: { token: link!.searchParams.get("token") } });
    expect(response.status).toBe(409);
    expect((await api("GET", "/api/auth/me", { token })).body).toMatchObject({ email });
  });
});

describe("change password", () => {
  it("needs the current password, keeps this session and signs out the others", async () => {
    const { email, password, token, id } = await register();
    const other = await signIn(email, password);

    const wrong = await api("POST", "/api/account/password", { token, body: { currentPassword: "wrong-one", newPassword: "next-pass" } });
    expect(wrong.status).toBe(400);
    expect((await api("GET", "/api/auth/me", { token: other })).status).toBe(200);
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(200);
    expect((await api("POST", "/api/account/password", { token, body: { currentPassword: password, newPassword: "123" } })).status).toBe(400);

    const ok = await api("POST", "/api/account/password", { token, body: { currentPassword: password, newPassword: "next-pass" } });
    expect(ok.status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token: other })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email, password: "next-pass" } })).status).toBe(200);
    await waitForMail(email, /password was changed/);
    expect(await auditActions(id)).toContain("account.password-changed");
  });

  it("needs a session", async () => {
    expect((await api("POST", "/api/account/password", { body: { currentPassword: "a", newPassword: "bbbbbb" } })).status).toBe(401);
  });
});

describe("sessions", () => {
  it("lists the sessions with this one marked, signs out one, then all the others; another user's is a 404", async () => {
    const { email, password, token } = await register();
    const second = await signIn(email, password);
    const third = await signIn(email, password);
    const listed = await api<{ sessions: Array<{ id: string; current: boolean; userAgent: string | null; ip: string | null; lastUsedAt: string }> }>(
      "GET",
      "/api/account/sessions",
      { token },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(3);
    expect(listed.body.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(listed.body.sessions.filter((s) => s.userAgent === "Second device")).toHaveLength(2);
    expect(listed.body.sessions.every((s) => s.ip && !Number.isNaN(Date.parse(s.lastUsedAt)))).toBe(true);

    const secondId = (await api<{ sessions: Array<{ id: string; current: boolean }> }>("GET", "/api/account/sessions", { token: second })).body.sessions.find(
      (s) => s.current,
    )!.id;
    const stranger = await register();
    expect((await api("DELETE", `/api/account/sessions/${secondId}`, { token: stranger.token })).status).toBe(404);
    expect((await api("DELETE", "/api/account/sessions/not-a-uuid", { token })).status).toBe(400);
    expect((await api("GET", "/api/auth/me", { token: second })).status).toBe(200);

    expect((await api("DELETE", `/api/account/sessions/${secondId}`, { token })).status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token: second })).status).toBe(401);
    expect((await api("GET", "/api/auth/me", { token: third })).status).toBe(200);

    const ended = await api("DELETE", "/api/account/sessions", { token });
    expect(ended.body).toEqual({ ended: 1 });
    expect((await api("GET", "/api/auth/me", { token: third })).status).toBe(401);
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await api<{ sessions: unknown[] }>("GET", "/api/account/sessions", { token })).body.sessions).toHaveLength(1);
  });
});

describe("a recent sign-in (decision 048)", () => {
  /** Moves a session's last password back by `ms` (its sign-in, or its last re-authentication). */
  const typedPasswordAgo = (token: string, ms: number) =>
    db()
      .updateTable("auth_sessions")
      .set({ authenticated_at: sql<Date>`now() - make_interval(secs => ${ms / 1000})` })
      .where("token_hash", "=", hashToken(token))
      .execute();
  const SIGN_IN_AGAIN = { message: "Sign in again to continue.", reauthenticateUrl: "/api/account/reauthenticate" };

  it("refuses an old sign-in every account action that asks no password, changing nothing, until the password is typed again", async () => {
    const { email, password, token, id } = await register();
    await db().updateTable("users").set({ role: "ProUser" }).where("id", "=", id).execute();
    const second = await signIn(email, password);
    const secondId = (await db().selectFrom("auth_sessions").select("id").where("token_hash", "=", hashToken(second)).executeTakeFirstOrThrow()).id;
    const minted = await api<{ apiToken: { id: string } }>("POST", "/api/tokens", { token, body: { name: "Script", scopes: ["read"] } });
    expect(minted.status).toBe(201);
    const window = env().RECENT_SIGN_IN_MS;

    // Inside the window an older session still may; a minute past it, it may not.
    await typedPasswordAgo(token, window - 60_000);
    expect((await api("GET", "/api/account/sessions", { token })).status).toBe(200);
    await typedPasswordAgo(token, window + 60_000);
    await typedPasswordAgo(second, window + 60_000);

    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/account/sessions"],
      ["DELETE", "/api/account/sessions"],
      ["DELETE", `/api/account/sessions/${secondId}`],
      ["GET", "/api/account/export"],
      ["POST", "/api/tokens", { name: "Taken over", scopes: ["read", "write"] }],
      ["DELETE", `/api/tokens/${minted.body.apiToken.id}`],
    ];
    // Exactly the calls the API document marks as wanting a recent sign-in.
    const documented = Object.entries(API_ROUTES).flatMap(([file, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.auth === "recent")
        .map(([method]) => `${method.toUpperCase()} ${routePath(file)}`),
    );
    expect(calls.map(([method, path]) => `${method} ${path.replace(/[0-9a-f-]{36}$/, "{id}")}`).sort()).toEqual(documented.sort());
    for (const [method, path, body] of calls) {
      const answer = await api(method, path, { token, body });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({ method, path, status: 403, body: SIGN_IN_AGAIN });
    }
    // Nothing changed; the old session still reads links and its token list, which ask nothing more.
    expect((await api("GET", "/api/auth/me", { token: second })).status).toBe(200);
    const tokens = await api<{ tokens: Array<{ id: string }> }>("GET", "/api/tokens", { token });
    expect(tokens.status).toBe(200);
    expect(tokens.body.tokens.map((t) => t.id)).toEqual([minted.body.apiToken.id]);
    expect((await api("GET", "/api/links", { token })).status).toBe(200);

    // A wrong password renews nothing.
    const wrong = await api("POST", "/api/account/reauthenticate", { token, body: { password: "not-it" } });
    expect(wrong).toMatchObject({ status: 400, body: { message: "Your current password is not correct." } });
    expect((await api("GET", "/api/account/sessions", { token })).status).toBe(403);
    expect((await api("POST", "/api/account/reauthenticate", { token, body: {} })).status).toBe(400);

    const renewed = await api("POST", "/api/account/reauthenticate", { token, body: { password } });
    expect(renewed).toMatchObject({ status: 200, body: { validForSeconds: window / 1000 } });
    // This session only: the other one, as old, is still refused.
    expect((await api("GET", "/api/account/sessions", { token: second })).body).toEqual(SIGN_IN_AGAIN);
    expect((await api("GET", "/api/account/sessions", { token })).status).toBe(200);
    expect((await fetch(`${baseUrl}/api/account/export`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await api("POST", "/api/tokens", { token, body: { name: "Mine", scopes: ["read"] } })).status).toBe(201);
    expect((await api("DELETE", `/api/tokens/${minted.body.apiToken.id}`, { token })).status).toBe(200);
    expect((await api("DELETE", `/api/account/sessions/${secondId}`, { token })).status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token: second })).status).toBe(401);
    expect((await api("DELETE", "/api/account/sessions", { token })).status).toBe(200);
  });

  it("counts a password change as typing the password again, for the session that changed it", async () => {
    const { password, token } = await register();
    await typedPasswordAgo(token, 24 * 60 * 60_000);
    expect((await api("GET", "/api/account/sessions", { token })).status).toBe(403);
    // A wrong current password renews nothing.
    expect((await api("POST", "/api/account/password", { token, body: { currentPassword: "not-it", newPassword: "next-pass" } })).status).toBe(400);
    expect((await api("GET", "/api/account/sessions", { token })).status).toBe(403);
    expect((await api("POST", "/api/account/password", { token, body: { currentPassword: password, newPassword: "next-pass" } })).status).toBe(200);
    expect((await api("GET", "/api/account/sessions", { token })).status).toBe(200);
  });

  it("counts a fresh sign-in as recent, and needs a session to re-authenticate", async () => {
    const { email, password, token } = await register();
    await typedPasswordAgo(token, 24 * 60 * 60_000);
    expect((await api("GET", "/api/account/sessions", { token })).status).toBe(403);
    const fresh = await signIn(email, password);
    expect((await api("GET", "/api/account/sessions", { token: fresh })).status).toBe(200);
    expect((await api("POST", "/api/account/reauthenticate", { body: { password } })).status).toBe(401);
  });
});

describe("data export", () => {
  it("streams every link of a 10,000-link library with its results, and nothing of other users", async () => {
    const { email, token, id } = await register();
    const stranger = await register();
    await addLink(stranger.id, "https://stranger.example/");
    // Forty read batches (250 each), inserted in one statement.
    await sql`insert into links (user_id, url, normalized_url, status, title)
      select ${id}::uuid, 'https://example.com/' || g, 'https://example.com/' || g, 'enriched', 'Link ' || g from generate_series(1, 10000) g`.execute(db());
    const withQuiz = await addLink(id, "https://quiz.example/");
    await db().insertInto("link_artifacts").values({ link_id: withQuiz, user_id: id, kind: "quiz", status: "ready", payload: JSON.stringify({ questions: ["Q1"] }) }).execute();
    await db().insertInto("user_preferences").values({ user_id: id, summary_length: "long" }).execute();
    await db().insertInto("webhooks").values({ user_id: id, url: "https://hooks.example/in", secret: "lw_whsec_never-exported", events: ["link.saved"] }).execute();

    const response = await fetch(`${baseUrl}/api/account/export`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="linkwise-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await response.json()) as {
      account: { email: string };
      preferences: { summary_length: string };
      links: Array<{ id: string; url: string; user_id?: string; results: Array<{ kind: string; payload: unknown }> }>;
      notifications: Array<{ title: string }>;
      creditLedger: unknown[];
      receipts: unknown[];
      subscriptions: unknown[];
      webhooks: Array<{ url: string; events: string[] }>;
    };
    expect(data.account.email).toBe(email);
    expect(data.webhooks).toMatchObject([{ url: "https://hooks.example/in", events: ["link.saved"], instance: false }]);
    expect(JSON.stringify(data.webhooks)).not.toContain("lw_whsec_");
    expect(data.preferences.summary_length).toBe("long");
    expect(data.links).toHaveLength(10_001);
    expect(new Set(data.links.map((l) => l.id)).size).toBe(10_001);
    expect(data.links.some((l) => l.url.includes("stranger"))).toBe(false);
    expect(data.links.every((l) => l.user_id === undefined)).toBe(true);
    expect(data.links.find((l) => l.id === withQuiz)!.results).toMatchObject([{ kind: "quiz", payload: { questions: ["Q1"] } }]);
    expect(data.notifications.map((n) => n.title)).toContain("Welcome to Linkwise!");
    expect(data).toMatchObject({ creditLedger: [], receipts: [], subscriptions: [] });

    expect((await api("GET", "/api/account/export")).status).toBe(401);
  });
});

describe("delete account", () => {
  it("needs the password and the typed confirmation, and leaves everything in place when either is wrong", async () => {
    const { email, password, token, id } = await register();
    await addLink(id, "https://kept.example/");
    const wrong = await api("DELETE", "/api/account", { token, body: { password: "nope", confirm: "DELETE" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: "Your current password is not correct." });
    const unconfirmed = await api("DELETE", "/api/account", { token, body: { password, confirm: "delete" } });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toEqual({ message: "Type DELETE to confirm" });
    expect((await api("GET", "/api/auth/me", { token })).body).toMatchObject({ email });
    expect(await db().selectFrom("links").select("id").where("user_id", "=", id).execute()).toHaveLength(1);
  });

  it("refuses while a subscription renews (409, pointing to billing), and deletes once it is cancelled", async () => {
    const { password, token, id } = await register();
    await db()
      .insertInto("subscriptions")
      .values({ id: `sub_${id}`, user_id: id, provider: "test", plan: "creator", status: "active", current_period_end: new Date(Date.now() + 86_400_000) })
      .execute();
    const refused = await api("DELETE", "/api/account", { token, body: { password, confirm: "DELETE" } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/\/settings\/billing/);
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(200);

    await db().updateTable("subscriptions").set({ cancel_at_period_end: true }).where("user_id", "=", id).execute();
    expect((await api("DELETE", "/api/account", { token, body: { password, confirm: "DELETE" } })).status).toBe(200);
    expect(await db().selectFrom("users").select("id").where("id", "=", id).execute()).toEqual([]);
  });

  it("removes links, results, shares and sessions, keeps receipts, mails a confirmation and audits it", async () => {
    const { email, password, token, id } = await register();
    const other = await signIn(email, password);
    const linkId = await addLink(id, "https://shared.example/");
    await db().insertInto("link_artifacts").values({ link_id: linkId, user_id: id, kind: "course" }).execute();
    await db()
      .insertInto("receipts")
      .values({ user_id: id, customer_email: email, provider: "test", provider_ref: `ref-${id}`, description: "Pack", amount_cents: 500, currency: "eur", status: "paid" })
      .execute();
    expect((await api("GET", `/api/share/${linkId}`)).status).toBe(200);

    const response = await api("DELETE", "/api/account", { token, body: { password, confirm: "DELETE" } });
    expect(response.status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(401);
    expect((await api("GET", "/api/auth/me", { token: other })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(401);
    expect((await api("GET", `/api/share/${linkId}`)).status).toBe(404);
    expect(await db().selectFrom("links").select("id").where("user_id", "=", id).execute()).toEqual([]);
    expect(await db().selectFrom("link_artifacts").select("id").where("user_id", "=", id).execute()).toEqual([]);
    expect(await db().selectFrom("auth_sessions").select("id").where("user_id", "=", id).execute()).toEqual([]);
    expect(await db().selectFrom("receipts").select(["user_id", "customer_email"]).where("provider_ref", "=", `ref-${id}`).execute()).toEqual([
      { user_id: null, customer_email: email },
    ]);
    await waitForMail(email, /account was deleted/);
    expect(await auditActions(id)).toContain("account.deleted");
  });
});
