import type { HeadersFunction } from "@remix-run/node";
import type * as z from "zod";
import { isDatabaseUnavailable } from "./db.server";
import { log } from "./logger.server";
import { isRedisUnavailable } from "./redis.server";

/** Set by our Express server from the socket (or a trusted proxy); never taken from the client. */
export const CLIENT_IP_HEADER = "x-linkwise-client-ip";

/** An error with the HTTP status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function jsonError(status: number, message: string, headers: Record<string, string> = {}) {
  return Response.json({ message }, { status, headers });
}

export const UNAVAILABLE_MESSAGE = "Linkwise is briefly unavailable. Please try again in a moment.";
/** Seconds a client should wait before trying again while the database is out. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

let lastOutageLogAt = 0;

/** The answer while Postgres is down or restarting: nothing was saved, try again shortly. */
export function unavailableResponse(error: unknown): Response {
  // One line every few seconds is enough; an outage under load would otherwise flood the log.
  if (Date.now() - lastOutageLogAt > 5_000) {
    lastOutageLogAt = Date.now();
    log.warn("database unavailable; answering 503", { error });
  }
  return jsonError(503, UNAVAILABLE_MESSAGE, { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S), "Cache-Control": "no-store" });
}

export const QUEUE_UNAVAILABLE_MESSAGE = "The job queue is not reachable right now. Please try again in a few seconds.";

/**
 * Runs a JSON endpoint: HttpErrors become `{ message }` with their status, a lost database or
 * Redis a 503 with Retry-After; anything else a 500.
 */
export async function handleJson(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof HttpError) {
      return Response.json({ message: error.message, ...error.extra }, { status: error.status, headers: error.headers });
    }
    if (isDatabaseUnavailable(error)) return unavailableResponse(error);
    if (isRedisUnavailable(error)) {
      log.warn("Redis unavailable; answering 503", { error });
      return jsonError(503, QUEUE_UNAVAILABLE_MESSAGE, { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S), "Cache-Control": "no-store" });
    }
    console.error(error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

/**
 * For pages: Remix drops an action's headers from the page it renders unless the route
 * exports `headers`. Passes on Retry-After, so a 429 page says when to come back.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }): Record<string, string> => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
};

/** The first problem zod found, as one sentence for the user. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "The request is not valid.";
}

/** Reads a JSON body and validates it; 400 with a clear message otherwise. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new HttpError(400, "The request body must be valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  return parsed.data;
}

/**
 * Validates a request's query string; 400 with a clear message otherwise. With `omitEmpty`, a
 * parameter given empty (`?tag=`, as a form with a blank field sends) counts as not given.
 */
export function readQuery<S extends z.ZodType>(request: Request, schema: S, options: { omitEmpty?: boolean } = {}): z.infer<S> {
  const params = [...new URL(request.url).searchParams].filter(([, value]) => !options.omitEmpty || value.trim() !== "");
  const parsed = schema.safeParse(Object.fromEntries(params));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  return parsed.data;
}

export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) {
    throw new HttpError(405, `Use ${methods.join(" or ")} for this endpoint.`, { Allow: methods.join(", ") });
  }
}

/**
 * Headers of one page of a keyset-paged list whose body stays a plain array: `X-Next-Cursor`
 * (opaque; pass it back as `before`) when there is a next page.
 */
export function pageHeaders(nextCursor: string | null): HeadersInit {
  return nextCursor ? { "Cache-Control": "no-store", "X-Next-Cursor": nextCursor } : { "Cache-Control": "no-store" };
}
