import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { waitForMail } from "../helpers/outbox";
import { apiClient, startWebServer } from "../helpers/web-server";

// As under `npm start`: production mode and no SMTP_URL, so mail lands in the dev outbox.
let baseUrl: string;
let close: () => Promise<void>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  ({ baseUrl, close } = await startWebServer());
  api = apiClient(baseUrl);
});
afterAll(() => close?.());

const stamp = Date.now();

async function register(name: string) {
  const email = `${name}-${stamp}@example.com`;
  const response = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
  expect(response.status).toBe(201);
  await waitForMail(email, /Confirm your email/);
  return { email, token: response.body.token, id: response.body.user.id };
}

function openOutbox(token?: string) {
  return fetch(`${baseUrl}/dev/outbox`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, redirect: "manual" });
}

describe("/dev/outbox without SMTP in production", () => {
  it("sends a visitor to sign in first", async () => {
    const response = await openOutbox();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fdev%2Foutbox");
  });

  it("shows a signed-in user their own mail and nobody else's; an admin sees all", async () => {
    const alice = await register("alice");
    const bob = await register("bob");

    const own = await openOutbox(alice.token);
    expect(own.status).toBe(200);
    const page = await own.text();
    expect(page).toContain(alice.email);
    expect(page).toContain("Confirm your email");
    expect(page).not.toContain(bob.email);

    await db().updateTable("users").set({ role: "Admin" }).where("id", "=", bob.id).execute();
    const all = await (await openOutbox(bob.token)).text();
    expect(all).toContain(alice.email);
    expect(all).toContain(bob.email);
  });
});
