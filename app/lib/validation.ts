import { z } from "zod";

/** Rules shared by the forms and the API (spec section 5). */
export const MIN_PASSWORD_LENGTH = 6;
export const MESSAGES = {
  email: "Enter a valid email address",
  passwordLength: "Password must be at least 6 characters long",
  passwordMismatch: "Passwords do not match",
} as const;

export const emailSchema = z
  .string({ error: MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(254, MESSAGES.email)
  .pipe(z.email({ error: MESSAGES.email }));

export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordLength })
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordLength)
  .max(200, "Password must be at most 200 characters long");

/** Where to go after signing in: only paths on this site, never another origin. */
export function safeRedirect(target: string | null | undefined, fallback = "/dashboard"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
