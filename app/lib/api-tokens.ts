import * as z from "zod";

/**
 * Personal API tokens (apiAccess), shared by the settings page and the server. The prefix tells
 * a personal token from a sign-in session's token at a glance (and to secret scanners).
 */
export const API_TOKEN_PREFIX = "lw_pat_";
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/**
 * The browser extension's token (decision 069), made by Settings › Connect the extension: it reads
 * the user's tags and a saved link's status, and saves links. Listed and revoked like any other.
 */
export const EXTENSION_TOKEN = { name: "Browser extension", scopes: ["read", "write"] } as const satisfies { name: string; scopes: readonly ApiTokenScope[] };
/** Enough for every tool a person runs; each one can be revoked on its own. */
export const MAX_API_TOKENS = 25;

/**
 * The account itself (its sessions, password, email, profile, data export, deletion and API
 * tokens) is managed by whoever signed in, never by a personal API token: a leaked token must
 * not be able to lock its owner out, read everything at once, or mint more tokens. Every JSON
 * endpoint under these paths refuses a token in `requireApiUser` (accounts/auth.server.ts), so
 * a new account endpoint is covered without remembering to ask; the API document marks them
 * "session" (a unit test keeps the two in step).
 */
const ACCOUNT_PATHS = /^\/api\/(account|tokens|auth\/profile)(\/|$)/;

/** Routes match whatever the case, encoding or doubled slashes: so does this. */
export function isAccountPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape cannot route anywhere; the raw path is checked as it is.
  }
  return ACCOUNT_PATHS.test(path.toLowerCase().replace(/\/{2,}/g, "/"));
}

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: "scopes must be read and/or write" });

export const createApiTokenSchema = z
  .object({
    name: z.string({ error: "Give the token a name" }).trim().min(1, "Give the token a name").max(80, "The name can be at most 80 characters"),
    scopes: z.array(apiTokenScopeSchema).min(1, "Choose at least one scope").max(2).default(["read"]),
    /** Days until it stops working; none means until revoked. */
    expiresInDays: z.coerce.number().int().min(1, "Expiry must be 1 to 365 days").max(365, "Expiry must be 1 to 365 days").nullable().optional(),
  })
  .meta({ id: "CreateApiToken" });
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

export const apiTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(apiTokenScopeSchema),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
    expired: z.boolean(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to a creation: the only time the secret is ever shown. */
export const createdApiTokenSchema = z.object({ token: z.string(), apiToken: apiTokenSchema }).meta({ id: "CreatedApiToken" });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
