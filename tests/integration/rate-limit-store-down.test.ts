/**
 * The abuse limits live in Redis and fail open: with Redis gone, sign-ups and contact
 * messages are still taken (the sign-in throttle is in Postgres and is not affected).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRedisServer } from "../helpers/redis-server";
import { apiClient, startWebServer } from "../helpers/web-server";

let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
let web: Awaited<ReturnType<typeof startWebServer>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  redisServer = await startRedisServer();
  web = await startWebServer({ REDIS_URL: redisServer.url, RATE_LIMIT_MULTIPLIER: "1" });
  api = apiClient(web.baseUrl);
});
afterAll(async () => {
  await web?.close();
  await redisServer?.stop();
});

let n = 0;
const signUp = () => api("POST", "/api/auth/register", { body: { email: `down${++n}-${Date.now()}@example.com`, password: "secret-pass" } });

it("limits sign-ups while Redis is up, and lets them through once it is down", async () => {
  for (let i = 0; i < 5; i++) expect((await signUp()).status).toBe(201);
  expect((await signUp()).status).toBe(429);

  await redisServer.stop();
  expect((await signUp()).status).toBe(201);
  const contact = await fetch(`${web.baseUrl}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: web.baseUrl },
    body: new URLSearchParams({ name: "Ada", email: "ada@example.com", subject: "bug", message: "Redis is down" }),
  });
  expect(contact.status).toBe(200);
});
