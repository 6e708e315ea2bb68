import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { apiClient, startWebServer } from "../helpers/web-server";

// Hostile but well-formed HTTP: every answer is a clear 4xx with {message}, never a 500.
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  web = await startWebServer();
  api = apiClient(web.baseUrl);
  const registered = await api<{ token: string }>("POST", "/api/auth/register", {
    body: { email: `input-${Date.now()}@example.com`, password: "secret-pass" },
  });
  token = registered.body.token;
  // A Creator, so plan gates do not answer before the id check.
  await db().updateTable("users").set({ role: "ProUser" }).where("email", "like", "input-%").execute();
});

/** fetch() refuses TRACE; node:http sends any method. */
function rawRequest(method: string, path: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${web.baseUrl}${path}`, { method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
afterAll(() => web?.close());

const DASHES = "-".repeat(36);
const NOT_A_UUID = "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz";

describe("ids that are not UUIDs", () => {
  it("answer 404 on every route that takes an id, with or without a session", async () => {
    for (const id of [DASHES, NOT_A_UUID, "0".repeat(36), "../etc/passwd"]) {
      const encoded = encodeURIComponent(id);
      const calls: Array<[string, string, boolean]> = [
        ["GET", `/api/share/${encoded}`, false],
        ["GET", `/api/links/${encoded}`, true],
        ["DELETE", `/api/links/${encoded}`, true],
        ["POST", `/api/links/${encoded}/retry`, true],
        ["POST", `/api/links/${encoded}/share`, true],
        ["DELETE", `/api/links/${encoded}/share`, true],
        ["GET", `/api/links/${encoded}/enrichment`, true],
        ["POST", `/api/links/${encoded}/quiz`, true],
        ["POST", `/api/links/${encoded}/tags`, true],
        ["GET", `/api/links/${encoded}/export.md`, true],
        ["POST", `/api/notifications/${encoded}/read`, true],
      ];
      for (const [method, path, signedIn] of calls) {
        const response = await api(method, path, signedIn ? { token, body: method === "GET" || method === "DELETE" ? undefined : {} } : {});
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(typeof response.body?.message, `${method} ${path}`).toBe("string");
      }
    }
    const page = await fetch(`${web.baseUrl}/share/${DASHES}`);
    expect(page.status).toBe(404);
  });
});

describe("control characters", () => {
  it("refuses a URL with a NUL or another control character at the door, saving nothing", async () => {
    for (const url of ["https://example.com/a\u0000b", "https://exa\u0000mple.com/", "https://example.com/\u0001", "https://example.com/a\tb"]) {
      const response = await api("POST", "/api/links", { token, body: { url } });
      expect(response.status, JSON.stringify(url)).toBe(400);
      expect(response.body).toEqual({ message: "Enter a valid URL starting with http:// or https://" });
    }
    const preview = await api("GET", `/api/links/preview?url=${encodeURIComponent("https://example.com/\u0000")}`, { token });
    expect(preview.status).toBe(400);
    const count = await db().selectFrom("links").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("stores a contact message whose fields hold NUL bytes, without them", async () => {
    const form = new URLSearchParams({ name: "Null\u0000 Person", email: "nul@example.com", subject: "general", message: "Hello\u0000 there" });
    const response = await fetch(`${web.baseUrl}/contact`, {
      method: "POST",
      body: form,
      headers: { Origin: web.baseUrl },
    });
    expect(response.status).toBe(200);
    const row = await db().selectFrom("contact_messages").selectAll().where("email", "=", "nul@example.com").executeTakeFirstOrThrow();
    expect(row.name).toBe("Null Person");
    expect(row.message).toBe("Hello there");
  });
});

describe("methods and bodies the app does not take", () => {
  it("answers TRACE and other unknown methods with 405 and JSON, on pages and the API", async () => {
    for (const [method, path] of [["TRACE", "/"], ["TRACE", "/api/links"], ["TRACE", "/login"], ["PROPFIND", "/api/links"]] as const) {
      const response = await rawRequest(method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.allow).toMatch(/GET/);
      expect(JSON.parse(response.body).message).toMatch(/not allowed/i);
    }
  });

  it("answers a JSON body posted to a page's form action with 415, not 500", async () => {
    const response = await fetch(`${web.baseUrl}/login`, {
      method: "POST",
      headers: { "content-type": "application/json", Origin: web.baseUrl },
      body: JSON.stringify({ email: "a@example.com", password: "x" }),
    });
    expect(response.status).toBe(415);
    expect((await response.json()).message).toMatch(/form/i);
  });
});
