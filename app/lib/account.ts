import { z } from "zod";

/** One signed-in session or API token, as the settings page lists it. */
export interface AccountSession {
  id: string;
  kind: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** The word a user types to confirm deleting their account. */
export const DELETE_CONFIRMATION = "DELETE";

export const deleteAccountSchema = z.object({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
  confirm: z.literal(DELETE_CONFIRMATION, { error: `Type ${DELETE_CONFIRMATION} to confirm` }),
});
