/**
 * The abuse limits of sign-up, password-reset mail, the contact form and link previews, at
 * their production values (the other integration files raise them, see integration-setup).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { listOutboxMail } from "~/server/repos/mail-outbox.server";
import { waitForMail } from "../helpers/outbox";
import { apiClient, startWebServer, type JsonResponse } from "../helpers/web-server";

let baseUrl: string;
let close: () => Promise<void>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  // Behind a (pretend) proxy, so each test comes from an address of its own.
  ({ baseUrl, close } = await startWebServer({ TRUST_PROXY: "true", RATE_LIMIT_MULTIPLIER: "1" }));
  const call = apiClient(baseUrl);
  api = (method, path, options = {}) =>
    call(method, path, { ...options, headers: { "X-Forwarded-For": currentIp, ...options.headers } });
});
afterAll(() => close?.());

let tests = 0;
let currentIp = "";
beforeEach(() => {
  currentIp = `198.18.${++tests}.1`;
});
let emails = 0;
const uniqueEmail = () => `limits${++emails}-${Date.now()}@example.com`;

/** Counts answers by status; every 429 must say why and when to come back. */
function tally(answers: JsonResponse[]) {
  const byStatus: Record<number, number> = {};
  for (const answer of answers) {
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    if (answer.status === 429) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(answer.body.message).toMatch(/Please try again in \d+ (minute|second)s?\./);
    }
  }
  return byStatus;
}

function postForm(path: string, fields: Record<string, string>) {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, "X-Forwarded-For": currentIp },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function register(email = uniqueEmail()) {
  const response = await api<{ token: string }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
  expect(response.status).toBe(201);
  return { email, token: response.body.token };
}

describe("sign-up", () => {
  it("lets 5 of 60 sign-ups sent at once from one address through; the rest get 429 with Retry-After", async () => {
    const emailsSent = Array.from({ length: 60 }, uniqueEmail);
    const answers = await Promise.all(
      emailsSent.map((email) => api("POST", "/api/auth/register", { body: { email, password: "secret-pass" } })),
    );
    expect(tally(answers)).toEqual({ 201: 5, 429: 55 });
    expect(answers.find((a) => a.status === 429)?.body.message).toMatch(/^Too many sign-ups from your network\./);
    const created = await db().selectFrom("users").select("id").where("email", "in", emailsSent).execute();
    expect(created).toHaveLength(5);

    // The page says so in the form, and another address is not affected.
    const page = await postForm("/register", { plan: "free", email: uniqueEmail(), password: "secret-1", confirmPassword: "secret-1" });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await page.text()).toContain("Too many sign-ups from your network.");
    currentIp = "198.18.250.1";
    await register();
  });
});

describe("password reset mail", () => {
  const ask = (email: string) => api("POST", "/api/auth/request-password-reset", { body: { email } });
  const resetMails = async (to: string) => (await listOutboxMail(db(), { limit: 100, to })).filter((m) => /Reset your/.test(m.subject)).length;

  it("mails one email at most 3 times an hour, and answers unknown emails exactly alike", async () => {
    const { email } = await register();
    const known = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(i % 2 ? email.toUpperCase() : email)));
    expect(tally(known)).toEqual({ 200: 3, 429: 5 });
    // Only the three answered requests send a mail (each retiring the one before).
    await expect.poll(() => resetMails(email), { timeout: 10_000 }).toBe(3);
    await waitForMail(email, /Reset your/);

    currentIp = "198.18.251.1";
    const unknown = uniqueEmail();
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(unknown)));
    expect(tally(answers)).toEqual({ 200: 3, 429: 5 });
    expect(answers.find((a) => a.status === 200)?.body).toEqual(known.find((a) => a.status === 200)?.body);
    expect(answers.find((a) => a.status === 429)?.body).toEqual(known.find((a) => a.status === 429)?.body);
    expect(await resetMails(unknown)).toBe(0);
  });

  it("takes at most 10 requests an hour from one address, whichever emails they name", async () => {
    const answers = await Promise.all(Array.from({ length: 14 }, () => ask(uniqueEmail())));
    expect(tally(answers)).toEqual({ 200: 10, 429: 4 });
    expect(answers.find((a) => a.status === 429)?.body.message).toMatch(/^Too many password reset requests from your network\./);

    // The sign-in page's "forgot" form shows the same message.
    const page = await postForm("/login", { intent: "forgot", email: uniqueEmail() });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many password reset requests from your network.");
  });
});

describe("contact form", () => {
  it("takes 5 messages an hour from one address and shows why it refuses the 6th", async () => {
    const email = uniqueEmail();
    const send = () => postForm("/contact", { name: "Ada", email, subject: "bug", message: "Hello" });
    const statuses = (await Promise.all(Array.from({ length: 8 }, send))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many messages from your network.");
    const stored = await db().selectFrom("contact_messages").select("id").where("email", "=", email).execute();
    expect(stored).toHaveLength(5);
  });
});

describe("link previews", () => {
  it("answers 30 previews a minute per user, then 429 with Retry-After; other users are not affected", async () => {
    const { token } = await register();
    // Not URLs at all: the limit counts every request, and no page is fetched.
    const preview = (as: string) => api("GET", "/api/links/preview?url=not-a-url", { token: as });
    const answers = await Promise.all(Array.from({ length: 36 }, () => preview(token)));
    expect(tally(answers)).toEqual({ 400: 30, 429: 6 });
    expect(answers.find((a) => a.status === 429)?.body.message).toMatch(/^Too many previews\./);

    const other = await register();
    expect((await preview(other.token)).status).toBe(400);
  });
});

describe("settings that check the password", () => {
  it("count every check of the current password per user, PUT /api/auth/profile and re-authentication too: 10 an hour, then 429 even with the right one", async () => {
    const { email, token } = await register();
    const wrong = (path: string, method = "POST") =>
      api(method, path, { token, body: path.endsWith("reauthenticate") ? { password: "not-my-password" } : { currentPassword: "not-my-password", newPassword: "taken-over" } });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await wrong("/api/auth/profile", "PUT"));
    for (let i = 0; i < 3; i++) answers.push(await wrong("/api/account/password"));
    for (let i = 0; i < 3; i++) answers.push(await wrong("/api/account/reauthenticate"));
    expect(tally(answers)).toEqual({ 400: 10 });

    const right = await api("PUT", "/api/auth/profile", { token, body: { currentPassword: "secret-pass", newPassword: "taken-over" } });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many attempts with your password\./);
    expect((await api("POST", "/api/account/password", { token, body: { currentPassword: "secret-pass", newPassword: "taken-over" } })).status).toBe(429);
    // Guessing through re-authentication is stopped the same way, and renews nothing.
    const signedIn = () =>
      db().selectFrom("auth_sessions as s").innerJoin("users as u", "u.id", "s.user_id").select("s.authenticated_at").where("u.email", "=", email).executeTakeFirstOrThrow();
    const before = await signedIn();
    expect((await api("POST", "/api/account/reauthenticate", { token, body: { password: "secret-pass" } })).status).toBe(429);
    expect(await signedIn()).toEqual(before);
    // The password is still the old one.
    expect((await api("POST", "/api/auth/login", { body: { email, password: "secret-pass" } })).status).toBe(200);
  });
});
