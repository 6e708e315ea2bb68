import { z } from "zod";

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
