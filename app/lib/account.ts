import * as z from "zod";

/** One signed-in session or API token, as the settings page lists it. */
export const accountSessionSchema = z
  .object({
    id: z.string(),
    kind: z.string().describe("How it signed in: web (a browser), api (POST /api/auth/login) or token (a personal API token)."),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }),
    current: z.boolean().describe("The session that made this request."),
  })
  .meta({ id: "AccountSession" });
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** The word a user types to confirm deleting their account. */
export const DELETE_CONFIRMATION = "DELETE";

export const deleteAccountSchema = z.object({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
  confirm: z.literal(DELETE_CONFIRMATION, { error: `Type ${DELETE_CONFIRMATION} to confirm` }),
});

/**
 * Account actions that ask no password (listing and ending sessions, the account export,
 * creating and revoking API tokens) want a recent sign-in (decision 048). Older, they answer
 * 403 with this message and `reauthenticateUrl`, where the password renews the sign-in.
 */
export const REAUTHENTICATE_PATH = "/api/account/reauthenticate";
export const SIGN_IN_AGAIN = "Sign in again to continue.";

export const reauthenticateSchema = z
  .object({ password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200) })
  .meta({ id: "Reauthenticate" });

export const reauthenticatedSchema = z
  .object({
    message: z.string(),
    validForSeconds: z.number().int().describe("How long this session may now take the account actions that want a recent sign-in."),
  })
  .meta({ id: "Reauthenticated" });
export type Reauthenticated = z.infer<typeof reauthenticatedSchema>;

/** A refusal that a password can lift: 403 with `reauthenticateUrl` (the settings pages then ask for it). */
export function asksToSignInAgain(status: number, body: unknown): boolean {
  return status === 403 && typeof body === "object" && body !== null && (body as { reauthenticateUrl?: unknown }).reauthenticateUrl === REAUTHENTICATE_PATH;
}
