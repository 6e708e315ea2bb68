import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser, AdminUserPage } from "~/lib/admin-users";
import { hashPassword, scryptParams } from "~/server/accounts/password.server";
import { db } from "~/server/platform/db.server";
import type { Role } from "~/server/platform/db-schema.server";
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
const PASSWORD = "admin-users-pass";
let passwordHash: string | undefined;

interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** An account made directly in the database, signed in through the API. */
async function makeUser(role: Role, { email, confirmed = true, signIn = true }: { email?: string; confirmed?: boolean; signIn?: boolean } = {}): Promise<TestUser> {
  passwordHash ??= await hashPassword(PASSWORD, scryptParams("test"));
  const address = email ?? `u${++counter}-${role.toLowerCase()}@example.com`;
  const { id } = await db()
    .insertInto("users")
    .values({ email: address, password_hash: passwordHash, role, email_confirmed: confirmed })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (!signIn) return { id, email: address, token: "" };
  const login = await api<{ token: string }>("POST", "/api/auth/login", { body: { email: address, password: PASSWORD } });
  expect(login.status).toBe(200);
  return { id, email: address, token: login.body.token };
}

async function signInWithCookie(email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({ intent: "login", email, password: PASSWORD, redirectTo: "/dashboard" }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

const auditFor = (targetId: string) =>
  db().selectFrom("audit_events").selectAll().where("target_id", "=", targetId).orderBy("id").execute();

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser("Admin");
});

describe("who may call /api/admin/users", () => {
  it("answers 401 without a session and 403 to Free, Scout and Creator for every call, changing nothing", async () => {
    const target = await makeUser("FreeUser", { confirmed: false, signIn: false });
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/users"],
      ["GET", `/api/admin/users/${target.id}`],
      ["PATCH", `/api/admin/users/${target.id}`, { role: "ProUser" }],
      ["PATCH", `/api/admin/users/${target.id}`, { active: false }],
      ["DELETE", `/api/admin/users/${target.id}`],
      ["POST", `/api/admin/users/${target.id}/resend-confirmation`],
      ["POST", `/api/admin/users/${target.id}/send-reset`],
    ];
    const callers: Array<[string, string | undefined, number]> = [["nobody", undefined, 401]];
    for (const role of ["FreeUser", "LiteUser", "ProUser"] as const) callers.push([role, (await makeUser(role)).token, 403]);

    for (const [who, token, status] of callers) {
      for (const [method, path, body] of calls) {
        const response = await api(method, path, { token, body });
        expect(response.status, `${who} ${method} ${path}`).toBe(status);
        expect(typeof response.body.message, `${who} ${method} ${path}`).toBe("string");
      }
    }
    const after = await db().selectFrom("users").selectAll().where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ role: "FreeUser", is_active: true });
    expect(await db().selectFrom("email_tokens").select("id").where("user_id", "=", target.id).execute()).toEqual([]);
    expect(await auditFor(target.id)).toEqual([]);
    // The refusal comes before any validation: a non-admin learns nothing from a bad query.
    expect((await api("GET", "/api/admin/users?role=Root", { token: callers[1]![1] })).status).toBe(403);
  });

  it("keeps the Origin check for cookie-borne writes", async () => {
    const target = await makeUser("FreeUser", { signIn: false });
    const cookie = await signInWithCookie(admin.email);
    const path = `/api/admin/users/${target.id}`;
    expect((await api("PATCH", path, { body: { role: "LiteUser" }, headers: { Cookie: cookie } })).status).toBe(403);
    expect((await api("PATCH", path, { body: { role: "LiteUser" }, headers: { Cookie: cookie, Origin: "https://evil.example" } })).status).toBe(403);
    expect((await db().selectFrom("users").select("role").where("id", "=", target.id).executeTakeFirstOrThrow()).role).toBe("FreeUser");
    const same = await api("PATCH", path, { body: { role: "LiteUser" }, headers: { Cookie: cookie, Origin: baseUrl } });
    expect(same.status).toBe(200);
    expect((await api("GET", "/api/admin/users?limit=1", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("answers 400 for an id that is not a UUID and 404 for an unknown one, on every call", async () => {
    const unknown = crypto.randomUUID();
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { active: false }],
      ["DELETE", "", undefined],
      ["POST", "/resend-confirmation", undefined],
      ["POST", "/send-reset", undefined],
    ] as const) {
      const bad = await api(method, `/api/admin/users/not-a-uuid${suffix}`, { token: admin.token, body });
      expect(bad.status, `${method} ${suffix}`).toBe(400);
      expect(bad.body).toEqual({ message: "The user id must be a UUID." });
      const missing = await api(method, `/api/admin/users/${unknown}${suffix}`, { token: admin.token, body });
      expect(missing.status, `${method} ${suffix}`).toBe(404);
      expect(missing.body).toEqual({ message: "No user with this id." });
    }
  });

  it("validates the query and the patch with clear messages", async () => {
    const target = await makeUser("FreeUser", { signIn: false });
    const query = (q: string) => api("GET", `/api/admin/users?${q}`, { token: admin.token });
    expect((await query("role=Root")).body.message).toMatch(/^role must be one of/);
    expect((await query("status=gone")).body.message).toMatch(/^status must be one of/);
    expect((await query("sort=random")).body.message).toMatch(/^sort must be one of/);
    expect((await query("limit=0")).body.message).toBe("limit must be at least 1.");
    expect((await query("limit=101")).body.message).toBe("limit must be at most 100.");
    expect((await query("cursor=garbage")).status).toBe(400);
    expect((await query(`q=${"a".repeat(255)}`)).status).toBe(400);
    const forged = Buffer.from(JSON.stringify(["joined", "'; drop table users; --", target.id])).toString("base64url");
    expect((await query(`cursor=${forged}`)).body).toEqual({ message: "The cursor is not valid (start again from the first page)." });

    const patch = (body: unknown) => api("PATCH", `/api/admin/users/${target.id}`, { token: admin.token, body });
    expect((await patch({})).body).toEqual({ message: "Send role, active, or both." });
    expect((await patch({ role: "Root" })).body.message).toMatch(/^role must be one of/);
    expect((await patch({ active: "no" })).body).toEqual({ message: "active must be true or false." });
    expect((await patch({ email: "x@example.com" })).status).toBe(400);
    expect((await api("PUT", `/api/admin/users/${target.id}`, { token: admin.token, body: { role: "LiteUser" } })).status).toBe(405);
    for (const action of ["send-reset", "resend-confirmation"]) {
      const get = await api("GET", `/api/admin/users/${target.id}/${action}`, { token: admin.token });
      expect(get.status, action).toBe(405);
      expect(get.headers.get("allow"), action).toBe("POST");
    }
    expect(await auditFor(target.id)).toEqual([]);
  });
});

describe("the list", () => {
  it("shows each user's links, enrichments this month, joined and last active, counting only this month", async () => {
    const owner = await makeUser("ProUser", { email: "counted-owner@example.com", signIn: false });
    const links = await db()
      .insertInto("links")
      .values([1, 2, 3].map((n) => ({ user_id: owner.id, url: `https://example.com/${n}`, normalized_url: `https://example.com/${n}` })))
      .returning("id")
      .execute();
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    await db()
      .insertInto("enrichment_usage")
      .values([
        { user_id: owner.id, link_id: links[0]!.id, kind: "basic", source: "unlimited" },
        { user_id: owner.id, link_id: links[1]!.id, kind: "quiz", source: "unlimited" },
        { user_id: owner.id, link_id: null, kind: "basic", source: "credit" },
        { user_id: owner.id, link_id: null, kind: "basic", source: "unlimited", created_at: new Date(monthStart.getTime() - 1000) },
      ])
      .execute();
    const lastActive = new Date(Date.now() - 3_600_000);
    await db().updateTable("users").set({ last_active_at: lastActive, pack_credits: 12 }).where("id", "=", owner.id).execute();

    const response = await api<AdminUserPage>("GET", "/api/admin/users?q=counted-owner", { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body.users).toEqual([
      {
        id: owner.id,
        email: "counted-owner@example.com",
        role: "ProUser",
        active: true,
        emailConfirmed: true,
        status: "active",
        linksCount: 3,
        enrichmentsThisMonth: 3,
        credits: 12,
        joinedAt: expect.any(String),
        lastActiveAt: lastActive.toISOString(),
        grant: null,
      },
    ]);
    const one = await api<{ user: AdminUser }>("GET", `/api/admin/users/${owner.id}`, { token: admin.token });
    expect(one.body.user).toEqual(response.body.users[0]);
  });

  it("filters by role (all by default, paid = Scout and Creator) and by status", async () => {
    const tag = `filt${Date.now()}`;
    const free = await makeUser("FreeUser", { email: `${tag}-free@example.com`, signIn: false });
    const scout = await makeUser("LiteUser", { email: `${tag}-scout@example.com`, signIn: false });
    const creator = await makeUser("ProUser", { email: `${tag}-creator@example.com`, signIn: false, confirmed: false });
    const boss = await makeUser("Admin", { email: `${tag}-admin@example.com`, signIn: false });
    await db().updateTable("users").set({ is_active: false }).where("id", "=", scout.id).execute();

    const ids = async (params: string) =>
      (await api<AdminUserPage>("GET", `/api/admin/users?q=${tag}&sort=email&${params}`, { token: admin.token })).body.users.map((u) => u.id);
    expect(await ids("")).toEqual([boss.id, creator.id, free.id, scout.id]);
    expect(await ids("role=paid")).toEqual([creator.id, scout.id]);
    expect(await ids("role=FreeUser")).toEqual([free.id]);
    expect(await ids("role=Admin")).toEqual([boss.id]);
    expect(await ids("status=deactivated")).toEqual([scout.id]);
    expect(await ids("status=unconfirmed")).toEqual([creator.id]);
    expect(await ids("status=active")).toEqual([boss.id, free.id]);
    expect(await ids("role=paid&status=active")).toEqual([]);
  });

  it("searches by any part of the email, case-insensitively, with % and _ taken literally", async () => {
    const a = await makeUser("FreeUser", { email: "jane_doe@searchco.example", signIn: false });
    const b = await makeUser("FreeUser", { email: "janexdoe@searchco.example", signIn: false });
    const c = await makeUser("FreeUser", { email: "other@elsewhere.example", signIn: false });
    const search = async (q: string) =>
      (await api<AdminUserPage>("GET", `/api/admin/users?sort=email&q=${encodeURIComponent(q)}`, { token: admin.token })).body.users.map((u) => u.id);
    expect(await search("searchco")).toEqual([a.id, b.id]);
    expect(await search("  SEARCHCO.Example ")).toEqual([a.id, b.id]);
    expect(await search("jane_")).toEqual([a.id]);
    expect(await search("%")).toEqual([]);
    expect(await search("elsewhere")).toEqual([c.id]);
  });

  it("finds emails through an index, not by reading every row", async () => {
    await sql`analyze users`.execute(db());
    const plan = await db()
      .transaction()
      .execute(async (trx) => {
        // On a small table the planner rightly prefers a scan; forbid it to see that an index can answer.
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await sql<{ "QUERY PLAN": string }>`explain select id from users where email like '%searchco%'`.execute(trx);
        return rows.rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
    expect(plan).toContain("users_email_trgm_idx");
  });

  it("pages with a keyset in every sort order: each user exactly once, in order, ties and equal timestamps included", async () => {
    const tag = `page${Date.now()}`;
    const made: TestUser[] = [];
    for (let i = 0; i < 23; i++) made.push(await makeUser("LiteUser", { email: `${tag}-${String(i).padStart(2, "0")}@example.com`, signIn: false }));
    const ids = made.map((u) => u.id);
    // Equal timestamps, timestamps a microsecond apart (finer than a JavaScript date), and never active.
    await sql`update users set created_at = '2026-01-01 10:00:00.000001+00' where id = any(${ids.slice(0, 8)}::uuid[])`.execute(db());
    await sql`update users set created_at = '2026-01-01 10:00:00.000002+00' where id = any(${ids.slice(8, 12)}::uuid[])`.execute(db());
    await sql`update users set last_active_at = '2026-02-01 10:00:00.000005+00' where id = any(${ids.slice(0, 10)}::uuid[])`.execute(db());
    await sql`update users set last_active_at = now() - interval '1 day' * random() where id = any(${ids.slice(20)}::uuid[])`.execute(db());

    const expected = {
      joined: await sql<{ id: string }>`select id from users where email like ${`${tag}%`} order by created_at desc, id desc`.execute(db()),
      lastActive: await sql<{ id: string }>`select id from users where email like ${`${tag}%`} order by last_active_at desc nulls last, id desc`.execute(db()),
      email: await sql<{ id: string }>`select id from users where email like ${`${tag}%`} order by email, id`.execute(db()),
    };
    for (const sort of ["joined", "lastActive", "email"] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `/api/admin/users?q=${tag}&sort=${sort}&limit=5${cursor ? `&cursor=${cursor}` : ""}`;
        const page: { status: number; body: AdminUserPage } = await api<AdminUserPage>("GET", query, { token: admin.token });
        expect(page.status, sort).toBe(200);
        expect(page.body.users.length, sort).toBeLessThanOrEqual(5);
        seen.push(...page.body.users.map((u) => u.id));
        cursor = page.body.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      expect(seen, sort).toEqual(expected[sort].rows.map((row) => row.id));
      expect(pages, sort).toBe(5);
    }
    // A cursor belongs to its sort order.
    const first = await api<AdminUserPage>("GET", `/api/admin/users?q=${tag}&sort=email&limit=5`, { token: admin.token });
    const mixed = await api("GET", `/api/admin/users?q=${tag}&sort=joined&cursor=${first.body.nextCursor}`, { token: admin.token });
    expect(mixed.status).toBe(400);
  });
});

describe("changing a role", () => {
  it("stores a manual grant with who and when, replaces it, and revokes it when set back to Free; each change audited", async () => {
    const user = await makeUser("FreeUser");
    const patch = (role: Role) => api<{ user: AdminUser }>("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { role } });

    const scout = await patch("LiteUser");
    expect(scout.status).toBe(200);
    expect(scout.body.user).toMatchObject({ role: "LiteUser", grant: { role: "LiteUser", grantedBy: admin.email } });
    expect((await api("GET", "/api/auth/me", { token: user.token })).body.role).toBe("LiteUser");
    expect((await patch("ProUser")).body.user).toMatchObject({ role: "ProUser", grant: { role: "ProUser" } });
    expect((await patch("ProUser")).status).toBe(200);
    expect((await patch("FreeUser")).body.user).toMatchObject({ role: "FreeUser", grant: null });

    const grants = await db().selectFrom("role_grants").selectAll().where("user_id", "=", user.id).orderBy("granted_at").execute();
    expect(grants).toHaveLength(2);
    expect(grants[0]).toMatchObject({ role: "LiteUser", granted_by_id: admin.id, granted_by_label: admin.email, revoked_by_id: admin.id });
    expect(grants[0]!.revoked_at).toBeInstanceOf(Date);
    expect(grants[1]).toMatchObject({ role: "ProUser", granted_by_id: admin.id, revoked_by_label: admin.email });
    expect(grants[1]!.revoked_at).toBeInstanceOf(Date);

    // Setting the same role twice changed nothing and wrote no second event.
    const events = await auditFor(user.id);
    expect(events.map((e) => [e.kind, e.action, e.actor_id, e.before, e.after])).toEqual([
      ["user", "user.role-changed", admin.id, { role: "FreeUser", grant: null }, { role: "LiteUser", grant: "LiteUser" }],
      ["user", "user.role-changed", admin.id, { role: "LiteUser", grant: "LiteUser" }, { role: "ProUser", grant: "ProUser" }],
      ["user", "user.role-changed", admin.id, { role: "ProUser", grant: "ProUser" }, { role: "FreeUser", grant: null }],
    ]);
  });

  it("turns a role that came from elsewhere into a grant when an admin confirms it by hand", async () => {
    const user = await makeUser("ProUser", { signIn: false });
    const response = await api<{ user: AdminUser }>("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { role: "ProUser" } });
    expect(response.body.user.grant).toMatchObject({ role: "ProUser", grantedBy: admin.email });
    expect((await auditFor(user.id)).map((e) => e.after)).toEqual([{ role: "ProUser", grant: "ProUser" }]);
  });

  it("lets an admin make another admin, and refuses to let them demote themselves", async () => {
    const second = await makeUser("FreeUser");
    expect((await api("PATCH", `/api/admin/users/${second.id}`, { token: admin.token, body: { role: "Admin" } })).status).toBe(200);
    expect((await api("GET", "/api/admin/users?limit=1", { token: second.token })).status).toBe(200);
    const self = await api("PATCH", `/api/admin/users/${second.id}`, { token: second.token, body: { role: "LiteUser" } });
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ message: "You cannot change your own role: ask another admin." });
    expect((await api("PATCH", `/api/admin/users/${second.id}`, { token: second.token, body: { active: false } })).body).toEqual({
      message: "You cannot deactivate your own account.",
    });
    expect((await api("DELETE", `/api/admin/users/${second.id}`, { token: second.token })).body).toEqual({
      message: "You cannot delete your own account here.",
    });
    expect(await db().selectFrom("users").select(["role", "is_active"]).where("id", "=", second.id).executeTakeFirstOrThrow()).toEqual({
      role: "Admin",
      is_active: true,
    });
    // Demoted by the other admin, they lose the console at once.
    expect((await api("PATCH", `/api/admin/users/${second.id}`, { token: admin.token, body: { role: "FreeUser" } })).status).toBe(200);
    expect((await api("GET", "/api/admin/users", { token: second.token })).status).toBe(403);
  });
});

describe("deactivating and reactivating", () => {
  it("ends every session at once: the API answers 403 Account deactivated, the page session is gone, open event streams close", async () => {
    const user = await makeUser("LiteUser");
    const cookie = await signInWithCookie(user.email);
    expect((await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(200);
    const stream = await fetch(`${baseUrl}/api/events`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("connected");

    const response = await api<{ user: AdminUser }>("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { active: false } });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ active: false, status: "deactivated" });

    const me = await api("GET", "/api/auth/me", { token: user.token });
    expect(me.status).toBe(403);
    expect(me.body).toEqual({ message: "Account deactivated" });
    expect((await api("GET", "/api/links", { headers: { Cookie: cookie } })).body).toEqual({ message: "Account deactivated" });
    const page = await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard");
    // The stream hears why and ends.
    let text = "";
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    expect(text).toContain("event: session-ended");

    const sessions = await db().selectFrom("auth_sessions").select("revoked_at").where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.revoked_at instanceof Date)).toBe(true);
    const login = await api("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(login.status).toBe(403);

    const events = await auditFor(user.id);
    expect(events.map((e) => [e.action, e.actor_id, e.before, e.after])).toEqual([
      ["user.deactivated", admin.id, { active: true }, { active: false, sessionsEnded: 2 }],
    ]);

    // Reactivated, the account signs in again; the ended sessions stay ended.
    const back = await api<{ user: AdminUser }>("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { active: true } });
    expect(back.body.user).toMatchObject({ active: true, status: "active" });
    expect((await api("GET", "/api/auth/me", { token: user.token })).status).toBe(401);
    const again = await api<{ token: string }>("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(again.status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token: again.body.token })).status).toBe(200);
    expect((await auditFor(user.id)).map((e) => e.action)).toEqual(["user.deactivated", "user.reactivated"]);
  });

  it("changes role and state together in one request, one event each", async () => {
    const user = await makeUser("FreeUser", { signIn: false });
    const response = await api<{ user: AdminUser }>("PATCH", `/api/admin/users/${user.id}`, {
      token: admin.token,
      body: { role: "LiteUser", active: false },
    });
    expect(response.body.user).toMatchObject({ role: "LiteUser", active: false, grant: { role: "LiteUser" } });
    expect((await auditFor(user.id)).map((e) => e.action)).toEqual(["user.role-changed", "user.deactivated"]);
  });
});

describe("mails on an admin's behalf", () => {
  it("resends the confirmation mail to an unconfirmed account, and refuses a confirmed one", async () => {
    const user = await makeUser("FreeUser", { confirmed: false, signIn: false });
    const sent = new Date(Date.now() - 1000);
    const response = await api("POST", `/api/admin/users/${user.id}/resend-confirmation`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: `Confirmation email sent to ${user.email}.` });
    const { link } = await waitForMail(user.email, /confirm/i, { after: sent });
    expect(link?.pathname).toBe("/confirm-email");
    expect(link?.searchParams.get("userId")).toBe(user.id);
    expect((await auditFor(user.id)).map((e) => [e.action, e.actor_id, e.after])).toEqual([
      ["user.confirmation-sent", admin.id, { to: user.email }],
    ]);

    const confirmed = await makeUser("FreeUser", { signIn: false });
    const refused = await api("POST", `/api/admin/users/${confirmed.id}/resend-confirmation`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "This email address is already confirmed." });
    expect(await auditFor(confirmed.id)).toEqual([]);
  });

  it("sends a password reset mail whose link sets a new password, and refuses a deactivated account", async () => {
    const user = await makeUser("FreeUser", { signIn: false });
    const sent = new Date(Date.now() - 1000);
    const response = await api("POST", `/api/admin/users/${user.id}/send-reset`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: `Password reset email sent to ${user.email}.` });
    const { link } = await waitForMail(user.email, /reset/i, { after: sent });
    expect(link?.pathname).toBe("/reset-password");
    const reset = await api("POST", "/api/auth/reset-password", {
      body: { email: user.email, token: link!.searchParams.get("token"), newPassword: "brand-new-pass" },
    });
    expect(reset.status).toBe(200);
    expect((await api("POST", "/api/auth/login", { body: { email: user.email, password: "brand-new-pass" } })).status).toBe(200);
    expect((await auditFor(user.id)).map((e) => e.action)).toEqual(["user.password-reset-sent"]);

    await db().updateTable("users").set({ is_active: false }).where("id", "=", user.id).execute();
    const refused = await api("POST", `/api/admin/users/${user.id}/send-reset`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/deactivated/);
  });
});

describe("deleting an account", () => {
  it("removes the account and everything it owns, keeps the audit trail, and the token stops working", async () => {
    const user = await makeUser("ProUser");
    const { id: linkId } = await db()
      .insertInto("links")
      .values({ user_id: user.id, url: "https://example.com/gone", normalized_url: "https://example.com/gone", is_public: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().insertInto("link_artifacts").values({ link_id: linkId, user_id: user.id, kind: "quiz" }).execute();
    await db().insertInto("enrichment_usage").values({ user_id: user.id, link_id: linkId, kind: "basic", source: "unlimited" }).execute();
    await db().insertInto("share_views").values({ link_id: linkId, visitor: "v1", day: "2026-01-01" }).execute();
    await db().insertInto("notifications").values({ user_id: user.id, type: "welcome", title: "Hi" }).execute();
    await db().insertInto("user_preferences").values({ user_id: user.id }).execute();
    await db().insertInto("plan_notify_signups").values({ email: user.email, plans: ["scout"], user_id: user.id }).execute();
    expect((await api("PATCH", `/api/admin/users/${user.id}`, { token: admin.token, body: { role: "ProUser" } })).status).toBe(200);

    const response = await api("DELETE", `/api/admin/users/${user.id}`, { token: admin.token });
    expect(response.status).toBe(204);

    for (const table of ["users", "links", "link_artifacts", "enrichment_usage", "notifications", "user_preferences", "auth_sessions", "role_grants"] as const) {
      const column = table === "users" ? "id" : "user_id";
      const rows = await sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${user.id}`.execute(db());
      expect(rows.rows, table).toEqual([]);
    }
    expect((await sql`select 1 from share_views where link_id = ${linkId}`.execute(db())).rows).toEqual([]);
    expect((await sql`select 1 from plan_notify_signups where email = ${user.email}`.execute(db())).rows).toEqual([]);
    expect((await api("GET", "/api/auth/me", { token: user.token })).status).toBe(401);
    expect((await api("GET", `/api/admin/users/${user.id}`, { token: admin.token })).status).toBe(404);
    const events = await auditFor(user.id);
    expect(events.map((e) => e.action)).toEqual(["user.role-changed", "user.deleted"]);
    expect(events[1]).toMatchObject({ actor_id: admin.id, target_label: user.email, before: { email: user.email, role: "ProUser", active: true } });
  });

  it("keeps grants an admin made when that admin's account is deleted", async () => {
    const granter = await makeUser("Admin");
    const user = await makeUser("FreeUser", { signIn: false });
    expect((await api("PATCH", `/api/admin/users/${user.id}`, { token: granter.token, body: { role: "LiteUser" } })).status).toBe(200);
    expect((await api("DELETE", `/api/admin/users/${granter.id}`, { token: admin.token })).status).toBe(204);
    const grant = await db().selectFrom("role_grants").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ role: "LiteUser", granted_by_id: null, granted_by_label: granter.email, revoked_at: null });
  });
});

describe("last active", () => {
  it("records a session's last request at most once a minute", async () => {
    const user = await makeUser("FreeUser");
    const past = new Date(Date.now() - 5 * 60_000);
    await db().updateTable("users").set({ last_active_at: past }).where("id", "=", user.id).execute();
    await db().updateTable("auth_sessions").set({ last_used_at: past }).where("user_id", "=", user.id).execute();

    expect((await api("GET", "/api/auth/me", { token: user.token })).status).toBe(200);
    const first = await db().selectFrom("users").select("last_active_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    const session = await db().selectFrom("auth_sessions").select("last_used_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(first.last_active_at!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect(session.last_used_at.getTime()).toBe(first.last_active_at!.getTime());

    // A second request within the minute writes nothing.
    expect((await api("GET", "/api/auth/me", { token: user.token })).status).toBe(200);
    const second = await db().selectFrom("users").select("last_active_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(second.last_active_at!.getTime()).toBe(first.last_active_at!.getTime());

    const listed = await api<{ user: AdminUser }>("GET", `/api/admin/users/${user.id}`, { token: admin.token });
    expect(listed.body.user.lastActiveAt).toBe(first.last_active_at!.toISOString());
  });
});
