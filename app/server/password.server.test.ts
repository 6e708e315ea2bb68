import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("stores scrypt at OWASP parameters with a random salt, and verifies only the right password", async () => {
    const [first, second] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse", first)).toBe(true);
    expect(await verifyPassword("correct horse!", first)).toBe(false);
    expect(await verifyPassword("correct horse", "plain-text")).toBe(false);
  });

  it("generates distinct passwords of 16 url-safe characters", () => {
    const passwords = new Set(Array.from({ length: 20 }, generatePassword));
    expect(passwords.size).toBe(20);
    for (const password of passwords) expect(password).toMatch(/^[\w-]{16}$/);
  });
});
