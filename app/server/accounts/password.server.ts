import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (about 128 MiB per hash). */
const OWASP_PARAMS: ScryptParams = { logN: 17, r: 8, p: 1 };
/**
 * Under NODE_ENV=test only: at N=2^17 one sign-in takes seconds on a busy test machine, and
 * the test suites sign in hundreds of times. Each hash records its parameters, so a hash
 * made either way stays verifiable.
 */
const TEST_PARAMS: ScryptParams = { logN: 12, r: 8, p: 1 };

/** The parameters new hashes get: OWASP's everywhere but in tests. */
export function scryptParams(nodeEnv: string | undefined): ScryptParams {
  return nodeEnv === "test" ? TEST_PARAMS : OWASP_PARAMS;
}

/**
 * NODE_ENV, or "test" inside the test runner (vitest sets VITEST in its workers and the
 * processes they start): the integration tests run the server as in production, and at OWASP's
 * cost their sign-ups and sign-ins alone took minutes of CPU.
 */
const hashingEnv = () => (process.env.VITEST ? "test" : process.env.NODE_ENV);
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function options(logN: number, r: number, p: number): ScryptOptions {
  const N = 2 ** logN;
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

/** `scrypt$logN$r$p$salt$hash`, base64url parts, so parameters can be raised later. */
export async function hashPassword(password: string, params = scryptParams(hashingEnv())): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, options(params.logN, params.r, params.p));
  return ["scrypt", params.logN, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !logN || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), options(Number(logN), Number(r), Number(p)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A readable random password for generated admin accounts. */
export function generatePassword(): string {
  return randomBytes(12).toString("base64url");
}
