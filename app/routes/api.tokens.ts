import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createApiTokenSchema } from "~/lib/api-tokens";
import { createApiToken, listUserApiTokens } from "~/server/accounts/api-tokens.server";
import { requireApiUser, requireRecentSignIn } from "~/server/accounts/auth.server";
import { handleJson, readJson, requireMethod } from "~/server/platform/http.server";

/** GET /api/tokens → {tokens}: the user's personal API tokens (never their secrets). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleJson(async () => {
    const { user } = await requireApiUser(request);
    return Response.json({ tokens: await listUserApiTokens(user.id) }, { headers: { "Cache-Control": "no-store" } });
  });

/** POST /api/tokens {name, scopes, expiresInDays?} → 201 {token, apiToken}; the secret is shown only here. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleJson(async () => {
    requireMethod(request, "POST");
    const { user } = await requireRecentSignIn(request);
    const created = await createApiToken(user, await readJson(request, createApiTokenSchema));
    return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
  });
