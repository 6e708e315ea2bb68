/**
 * The browser's JSON client: JSON in and out, the server's message on
 * failure, else 'API Error: {status} {statusText}', and 'Network error' when offline.
 * Pages ride on the session cookie, so no token is stored in the browser.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "Network error");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data.message === "string" ? data.message : `API Error: ${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message);
  }
  return data as T;
}

/** One page of a keyset-paged list: the body, and the `X-Next-Cursor` to pass back as `before` (null at the end). */
export async function apiFetchPage<T>(path: string): Promise<{ items: T[]; nextCursor: string | null }> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "Network error");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data.message === "string" ? data.message : `API Error: ${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message);
  }
  return { items: data as T[], nextCursor: response.headers.get("X-Next-Cursor") };
}
