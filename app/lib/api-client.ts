/**
 * The browser's JSON client: JSON in and out, the server's message on
 * failure, else 'API Error: {status} {statusText}', and 'Network error' when offline.
 * Pages ride on the session cookie, so no token is stored in the browser.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's JSON body, for the fields beside `message` (`upgradeUrl`, `reauthenticateUrl`, a 409's link). */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await send(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await answerOf(response)) as T;
}

/** One page of a keyset-paged list: the body, and the `X-Next-Cursor` to pass back as `before` (null at the end). */
export async function apiFetchPage<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<{ items: T[]; nextCursor: string | null }> {
  const response = await send(path, { headers: { Accept: "application/json" }, signal: init.signal });
  return { items: (await answerOf(response)) as T[], nextCursor: response.headers.get("X-Next-Cursor") };
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "Network error");
  }
}

/** The parsed body of a successful answer; the server's message (or the status) as an ApiError otherwise. */
async function answerOf(response: Response): Promise<unknown> {
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data.message === "string" ? data.message : `API Error: ${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, data);
  }
  return data;
}
