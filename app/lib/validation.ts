import * as z from "zod";

/** Rules shared by the forms and the API, so both refuse the same input with the same words. */
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

/** Any whitespace or control character, and the backslash browsers read as "/". */
const UNSAFE_IN_REDIRECT = /[\s\u0000-\u001f\u007f-\u009f\\]/u;
/** A stand-in origin: a target must resolve to a path on it, so to our own site whatever it is called. */
const REDIRECT_BASE = "http://linkwise.invalid";

/**
 * Where to go after signing in: a path on this site, else `fallback`. Browsers drop tabs and
 * newlines from URLs and read "\" as "/", so "/\t/evil.test" would become "//evil.test" (another
 * site): such characters are refused outright, raw or percent-encoded in the path. The target is
 * then resolved against a stand-in origin and must stay on it; the normalised path is returned,
 * as dot segments can collapse to "//" ("/.//evil.test").
 */
export function safeRedirect(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || target.length > 2048) return fallback;
  if (!target.startsWith("/") || UNSAFE_IN_REDIRECT.test(target)) return fallback;
  let url: URL;
  let path: string;
  try {
    url = new URL(target, REDIRECT_BASE);
    path = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE || path.startsWith("//") || UNSAFE_IN_REDIRECT.test(path)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * An address we send requests to on a user's behalf (a webhook, a feed): http(s), at most 2,000
 * characters, no user name or password in it. `missing` is what an empty one is told.
 */
export function outboundUrlSchema(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(2000, "The address can be at most 2,000 characters")
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
      } catch {
        return false;
      }
    }, "Enter an http:// or https:// address without a user name or password");
}
