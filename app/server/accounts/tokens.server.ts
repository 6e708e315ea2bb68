import { createHash, randomBytes } from "node:crypto";

/** An opaque secret of 256 random bits, url-safe. Only its hash is ever stored. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 is enough here: the tokens are long random values, not passwords. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
