/**
 * Personal API tokens (apiAccess): created with a name, scopes and an optional expiry, shown
 * once, stored as a SHA-256 hash, listed with their last use, revoked one by one. The auth
 * module accepts them on the JSON API (auth.server.ts); web.server.ts rate-limits each one.
 */
import { API_TOKEN_PREFIX, MAX_API_TOKENS, type ApiToken, type CreateApiToken, type CreatedApiToken } from "~/lib/api-tokens";
import { isUuid } from "~/lib/ids";
import { generateToken, hashToken } from "./tokens.server";
import { requireFeature } from "../billing/entitlements.server";
import { db } from "../platform/db.server";
import type { ApiTokenRow, User } from "../platform/db-schema.server";
import { HttpError } from "../platform/http.server";
import { countActiveApiTokens, insertApiToken, listApiTokens, revokeApiToken } from "../repos/api-tokens.server";

const DAY_MS = 24 * 60 * 60 * 1000;

function toApiToken(row: ApiTokenRow, now = Date.now()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    expired: row.expires_at !== null && row.expires_at.getTime() <= now,
  };
}

export async function createApiToken(user: Pick<User, "id" | "role">, input: CreateApiToken): Promise<CreatedApiToken> {
  await requireFeature(user.role, "apiAccess");
  if ((await countActiveApiTokens(db(), user.id)) >= MAX_API_TOKENS) {
    throw new HttpError(409, `You have ${MAX_API_TOKENS} tokens already. Revoke one you no longer use first.`);
  }
  const secret = `${API_TOKEN_PREFIX}${generateToken()}`;
  const row = await insertApiToken(db(), {
    userId: user.id,
    name: input.name,
    tokenHash: hashToken(secret),
    scopes: [...new Set(input.scopes)].sort(),
    expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null,
  });
  return { token: secret, apiToken: toApiToken(row) };
}

/** Listed whatever the plan, so that someone who lost API access can still see and revoke tokens. */
export async function listUserApiTokens(userId: string): Promise<ApiToken[]> {
  const now = Date.now();
  return (await listApiTokens(db(), userId)).map((row) => toApiToken(row, now));
}

export async function revokeUserApiToken(userId: string, id: string): Promise<void> {
  const revoked = isUuid(id) && (await revokeApiToken(db(), { id, userId }));
  if (!revoked) throw new HttpError(404, "Token not found");
}
