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

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small JSON client for API tests. */
export function apiClient(baseUrl: string) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const response = await fetch(`${baseUrl}${path}`, {
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
