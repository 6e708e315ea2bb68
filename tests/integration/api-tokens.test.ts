import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiToken, CreatedApiToken } from "~/lib/api-tokens";
import { db } from "~/server/platform/db.server";
import type { Role } from "~/server/platform/db-schema.server";
import { apiClient, startWebServer } from "../helpers/web-server";

// Personal API tokens against the web server in this process: scopes, revocation, expiry, the
// plan gate and the per-token rate limit (6 a minute here, so the test can reach it).
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  web = await startWebServer({ API_TOKEN_RATE_LIMIT: "6" });
  api = apiClient(web.baseUrl);
});
afterAll(() => web?.close());

const NOT_WITH_TOKEN = "An API token cannot manage the account (sessions, password, email, export, deletion or API tokens). Sign in to do this.";

let n = 0;
async function signUp(role: Role) {
  const email = `tokens${++n}-${Date.now()}@example.com`;
  const r = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
  expect(r.status).toBe(201);
  await db().updateTable("users").set({ role }).where("id", "=", r.body.user.id).execute();
  return { session: r.body.token, id: r.body.user.id };
}

async function mint(session: string, body: Record<string, unknown>) {
  const created = await api<CreatedApiToken>("POST", "/api/tokens", { token: session, body });
  expect(created.status).toBe(201);
  return created.body;
}

describe("creating and listing tokens", () => {
  it("shows the secret once, stores only its hash, and lists the token with its last use", async () => {
    const creator = await signUp("ProUser");
    const { token, apiToken } = await mint(creator.session, { name: "Reader", scopes: ["read"] });
    expect(token).toMatch(/^lw_pat_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({ name: "Reader", scopes: ["read"], expiresAt: null, lastUsedAt: null, expired: false });
    const row = await db().selectFrom("api_tokens").selectAll().where("id", "=", apiToken.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.slice(7));

    expect((await api("GET", "/api/links", { token })).status).toBe(200);
    const listed = await api<{ tokens: ApiToken[] }>("GET", "/api/tokens", { token: creator.session });
    expect(listed.body.tokens).toHaveLength(1);
    expect(listed.body.tokens[0]!.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(token);
  });

  it("refuses Free and Scout (403 with the upgrade URL), and a token cannot mint or list tokens", async () => {
    for (const role of ["FreeUser", "LiteUser"] as const) {
      const user = await signUp(role);
      const refused = await api("POST", "/api/tokens", { token: user.session, body: { name: "x", scopes: ["read"] } });
      expect(refused).toMatchObject({ status: 403, body: { upgradeUrl: "/upgrade?feature=apiAccess" } });
    }
    const creator = await signUp("ProUser");
    const { token } = await mint(creator.session, { name: "Writer", scopes: ["read", "write"] });
    expect(await api("POST", "/api/tokens", { token, body: { name: "child", scopes: ["read"] } })).toMatchObject({ status: 403, body: { message: NOT_WITH_TOKEN } });
    expect((await api("GET", "/api/tokens", { token })).status).toBe(403);
    expect((await api("POST", "/api/tokens", { token: creator.session, body: { name: "", scopes: ["read"] } })).status).toBe(400);
    expect((await api("POST", "/api/tokens", { token: creator.session, body: { name: "x", scopes: ["admin"] } })).status).toBe(400);
  });

  it("stops a Creator's token working when the plan no longer has API access, and lets it be revoked still", async () => {
    const user = await signUp("ProUser");
    const { token, apiToken } = await mint(user.session, { name: "Old plan", scopes: ["read"] });
    await db().updateTable("users").set({ role: "FreeUser" }).where("id", "=", user.id).execute();
    expect(await api("GET", "/api/links", { token })).toMatchObject({ status: 403, body: { upgradeUrl: "/upgrade?feature=apiAccess" } });
    expect((await api("DELETE", `/api/tokens/${apiToken.id}`, { token: user.session })).status).toBe(200);
  });
});

describe("scopes", () => {
  it("lets a read token read but answers 403 to every write, changing nothing", async () => {
    const creator = await signUp("ProUser");
    const { token } = await mint(creator.session, { name: "Reader", scopes: ["read"] });
    expect((await api("GET", "/api/links", { token })).status).toBe(200);
    const write = await api("POST", "/api/links", { token, body: { url: "https://read-only.example/a" } });
    expect(write).toMatchObject({ status: 403, body: { message: "This API token can only read. Create a token with the write scope to make changes." } });
    expect((await api("DELETE", "/api/account/sessions", { token })).status).toBe(403);
    expect(await db().selectFrom("links").select("id").where("user_id", "=", creator.id).execute()).toEqual([]);
  });

  it("lets a write-only token change but not read, as the API document says", async () => {
    const creator = await signUp("ProUser");
    const { token } = await mint(creator.session, { name: "Drop box", scopes: ["write"] });
    expect((await api("POST", "/api/links", { token, body: { url: "https://write-only.example/a" } })).status).toBe(201);
    expect(await api("GET", "/api/links", { token })).toMatchObject({ status: 403, body: { message: "This API token can only make changes. Create a token with the read scope to read." } });
  });

  it("lets a write token add a link without cookies or an Origin (no CSRF check applies)", async () => {
    const creator = await signUp("ProUser");
    const { token } = await mint(creator.session, { name: "Writer", scopes: ["read", "write"] });
    const added = await api<{ id: string; url: string }>("POST", "/api/links", { token, body: { url: "https://write.example/page?utm_source=x" } });
    expect(added.status).toBe(201);
    expect(added.body.url).toBe("https://write.example/page");
    expect((await api("GET", `/api/links/${added.body.id}`, { token })).status).toBe(200);
  });

  it("refuses every account-level action to a write token (403), changing nothing; the sign-in session still may", async () => {
    const password = "secret-pass";
    const creator = await signUp("ProUser");
    const { apiToken } = await mint(creator.session, { name: "Other", scopes: ["read"] });
    const sessionId = (await db().selectFrom("auth_sessions").select("id").where("user_id", "=", creator.id).executeTakeFirstOrThrow()).id;
    const email = `moved${++n}-${Date.now()}@example.com`;
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/account/sessions"],
      ["DELETE", "/api/account/sessions"],
      ["DELETE", `/api/account/sessions/${sessionId}`],
      ["POST", "/api/account/password", { currentPassword: password, newPassword: "taken-over-1" }],
      ["PUT", "/api/auth/profile", { currentPassword: password, newPassword: "taken-over-2" }],
      ["POST", "/api/account/email", { newEmail: email, password }],
      ["GET", "/api/account/export"],
      ["DELETE", "/api/account", { password, confirm: "DELETE" }],
      ["DELETE", `/api/tokens/${apiToken.id}`],
      ["GET", "/api/tokens"],
      ["POST", "/api/tokens", { name: "Minted by a token", scopes: ["read", "write"] }],
      ["POST", "/api/account/reauthenticate", { password }],
    ];
    for (const [method, path, body] of calls) {
      // A token of its own for each call: this file's token budget is 6 a minute.
      const { token } = await mint(creator.session, { name: `Writer ${method} ${path}`, scopes: ["read", "write"] });
      const answer = await api(method, path, { token, body });
      expect({ method, path, answer: answer.status, body: answer.body }).toEqual({ method, path, answer: 403, body: { message: NOT_WITH_TOKEN } });
    }
    // Nothing changed: the session and the other token live, the password and the address are the old ones.
    expect((await api("GET", "/api/account/sessions", { token: creator.session })).status).toBe(200);
    expect((await api<{ tokens: ApiToken[] }>("GET", "/api/tokens", { token: creator.session })).body.tokens.map((t) => t.id)).toContain(apiToken.id);
    const user = await db().selectFrom("users").select("email").where("id", "=", creator.id).executeTakeFirstOrThrow();
    expect(user.email).not.toBe(email);
    const login = await api("POST", "/api/auth/login", { body: { email: user.email, password } });
    expect(login.status).toBe(200);
  });

  it("does not sign anyone in to pages with a personal token", async () => {
    const creator = await signUp("ProUser");
    const { token } = await mint(creator.session, { name: "Pages", scopes: ["read", "write"] });
    const page = await fetch(`${web.baseUrl}/settings`, { headers: { Authorization: `Bearer ${token}` }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("revocation and expiry", () => {
  it("answers 401 at once after a revoke; another user cannot revoke it (404)", async () => {
    const owner = await signUp("ProUser");
    const other = await signUp("ProUser");
    const { token, apiToken } = await mint(owner.session, { name: "Short-lived", scopes: ["read"] });
    expect((await api("DELETE", `/api/tokens/${apiToken.id}`, { token: other.session })).status).toBe(404);
    expect((await api("GET", "/api/links", { token })).status).toBe(200);
    expect((await api("DELETE", `/api/tokens/${apiToken.id}`, { token: owner.session })).status).toBe(200);
    expect((await api("GET", "/api/links", { token })).status).toBe(401);
    expect((await api<{ tokens: ApiToken[] }>("GET", "/api/tokens", { token: owner.session })).body.tokens).toEqual([]);
  });

  it("answers 401 once a token has expired, and lists it as expired", async () => {
    const owner = await signUp("ProUser");
    const { token, apiToken } = await mint(owner.session, { name: "A day", scopes: ["read"], expiresInDays: 1 });
    expect(new Date(apiToken.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await api("GET", "/api/links", { token })).status).toBe(200);
    await db().updateTable("api_tokens").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", apiToken.id).execute();
    expect((await api("GET", "/api/links", { token })).status).toBe(401);
    const listed = await api<{ tokens: ApiToken[] }>("GET", "/api/tokens", { token: owner.session });
    expect(listed.body.tokens[0]).toMatchObject({ id: apiToken.id, expired: true });
  });
});

describe("the per-token rate limit", () => {
  it("reports RateLimit and RateLimit-Policy on every answer and refuses beyond the budget with 429 and Retry-After", async () => {
    const owner = await signUp("ProUser");
    const { token } = await mint(owner.session, { name: "Busy", scopes: ["read"] });
    const { token: other } = await mint(owner.session, { name: "Calm", scopes: ["read"] });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await api("GET", "/api/links", { token }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(answers[0]!.headers.get("ratelimit-policy")).toBe('"token";q=6;w=60');
    expect(answers[0]!.headers.get("ratelimit")).toMatch(/^"token";r=5;t=\d+$/);
    expect(answers[5]!.headers.get("ratelimit")).toMatch(/^"token";r=0;t=\d+$/);
    const refused = answers[6]!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.body.message).toMatch(/^Too many requests with this API token\. Please try again in \d+ seconds?\.$/);
    // Each token has its own budget; sign-in sessions have none of these headers.
    expect((await api("GET", "/api/links", { token: other })).status).toBe(200);
    const session = await api("GET", "/api/links", { token: owner.session });
    expect(session.headers.get("ratelimit")).toBeNull();
  });
});
