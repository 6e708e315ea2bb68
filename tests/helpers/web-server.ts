import { afterAll, beforeAll, expect } from "vitest";

/**
 * The web server as operators run it, in this test process, over real HTTP. Call from a
 * test file's beforeAll after adjusting process.env. Needs `npm run build` first.
 */
export async function startWebServer(overrides: Record<string, string> = {}) {
  Object.assign(process.env, { PORT: "0", NODE_ENV: "production", SESSION_SECRET: "integration-test-secret-0123456789abcdef", ...overrides });
  const { env } = await import("~/server/platform/env.server");
  const { createWebServer } = await import("~/server/web/web.server");
  const server = await createWebServer(env());
  const { port } = await server.listen();
  const baseUrl = `http://127.0.0.1:${port}`;
  return { baseUrl, close: () => server.close() };
}

/**
 * One web server for a test file, started before its tests and closed after them. `baseUrl` is
 * set once it has started; `api` may be taken at once (it reads `baseUrl` at each call).
 */
export function webServerForFile(overrides: Record<string, string> = {}) {
  const server: { baseUrl: string; api: ReturnType<typeof apiClient>; close: () => Promise<void> } = {
    baseUrl: "",
    api: apiClient(() => server.baseUrl),
    close: async () => undefined,
  };
  beforeAll(async () => {
    const started = await startWebServer(overrides);
    server.baseUrl = started.baseUrl;
    server.close = started.close;
  });
  afterAll(() => server.close());
  return server;
}

/** A new account through POST /api/auth/register (`prefix` starts its address): its bearer token and id. */
export async function registerThroughApi(api: ReturnType<typeof apiClient>, prefix: string): Promise<{ token: string; id: string; email: string }> {
  const email = `${prefix}${++registered}-${Date.now()}@example.com`;
  const response = await api<{ token: string; user: { id: string } }>("POST", "/api/auth/register", { body: { email, password: "secret-pass" } });
  expect(response.status).toBe(201);
  return { token: response.body.token, id: response.body.user.id, email };
}
let registered = 0;

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small JSON client for API tests; `baseUrl` may be a function read at each call. */
export function apiClient(baseUrl: string | (() => string)) {
  const base = typeof baseUrl === "string" ? () => baseUrl : baseUrl;
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
  };
}
