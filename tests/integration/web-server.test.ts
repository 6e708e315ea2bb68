import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "../helpers/redis-server";
import { startWebServer } from "../helpers/web-server";

// The web server as operators run it (scripts/web.ts), over real HTTP, with a Redis of
// its own that the test can stop. Needs `npm run build` first (npm test does it).
let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  redisServer = await startRedisServer();
  ({ baseUrl, close } = await startWebServer({ REDIS_URL: redisServer.url, BODY_LIMIT: "1kb" }));
});

afterAll(async () => {
  await close?.();
  await redisServer?.stop();
});

describe("the web server", () => {
  it("answers /api/status with 200 when Postgres and Redis are up", async () => {
    const response = await fetch(`${baseUrl}/api/status`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", down: [], postgres: { ok: true }, redis: { ok: true } });
  });

  it("serves the landing page with security headers and a CSP nonce on its inline script", async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toContain("Start Free Today");
  });

  it("redirects unknown pages to / but answers unknown API paths with a JSON 404", async () => {
    const page = await fetch(`${baseUrl}/no/such/page`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/");
    const api = await fetch(`${baseUrl}/api/no-such-endpoint`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: "Not found" });
  });

  it("sends guarded pages to /login and remembers where the visitor was going", async () => {
    const response = await fetch(`${baseUrl}/admin/feature-toggles`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Ffeature-toggles");
  });

  it("refuses request bodies over BODY_LIMIT with 413", async () => {
    const response = await fetch(`${baseUrl}/api/status`, { method: "POST", body: "x".repeat(4096) });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/larger than 1024 bytes/);
  });

  it("answers 503 naming Redis when Redis stops", async () => {
    await redisServer.stop();
    const response = await fetch(`${baseUrl}/api/status`);
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.status).toBe("degraded");
    expect(body.down).toEqual(["redis"]);
    expect(body.postgres.ok).toBe(true);
    expect(body.redis).toMatchObject({ ok: false });
  });
});
