import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, scryptParams, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("uses OWASP's scrypt parameters everywhere but under NODE_ENV=test, where they are cheaper", () => {
    for (const nodeEnv of ["production", "development", undefined]) expect(scryptParams(nodeEnv)).toEqual({ logN: 17, r: 8, p: 1 });
    expect(scryptParams("test").logN).toBeLessThan(17);
  });

  it("stores scrypt at OWASP parameters with a random salt, and verifies only the right password", async () => {
    const production = scryptParams("production");
    const [first, second] = await Promise.all([hashPassword("correct horse", production), hashPassword("correct horse", production)]);
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse", first)).toBe(true);
    expect(await verifyPassword("correct horse!", first)).toBe(false);
    expect(await verifyPassword("correct horse", "plain-text")).toBe(false);
    // Four hashes at full strength (128 MiB each): seconds on a busy two-core machine.
  }, 30_000);

  it("records the cheaper test parameters in the hash, so it verifies whatever NODE_ENV says later", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(new RegExp(`^scrypt\\$${scryptParams("test").logN}\\$8\\$1\\$`));
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("wrong horse", hash)).toBe(false);
  });

  it("generates distinct passwords of 16 url-safe characters", () => {
    const passwords = new Set(Array.from({ length: 20 }, generatePassword));
    expect(passwords.size).toBe(20);
    for (const password of passwords) expect(password).toMatch(/^[\w-]{16}$/);
  });
});
