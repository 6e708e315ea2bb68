import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db.server";
import { verifyPassword } from "~/server/accounts/password.server";
import { countUsers, getUserByEmail } from "~/server/repos/users.server";
import { seedAdminIfEmpty } from "~/server/seed/seed.server";

describe("seeding the first admin", () => {
  it("creates one Admin with a generated password only when there are no users", async () => {
    const [first, second] = await Promise.all([
      seedAdminIfEmpty(db(), { email: " Owner@Example.COM " }),
      seedAdminIfEmpty(db(), { email: "someone@example.com" }),
    ]);
    const created = [first, second].filter((r) => r.created);
    expect(created).toHaveLength(1);
    expect(await countUsers(db())).toBe(1);

    const result = created[0]!;
    if (!result.created) throw new Error("unreachable");
    const user = await getUserByEmail(db(), result.email);
    expect(user?.role).toBe("Admin");
    expect(user?.email_confirmed).toBe(true);
    expect(result.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(await verifyPassword(result.generatedPassword!, user!.password_hash)).toBe(true);

    expect(await seedAdminIfEmpty(db(), { email: "late@example.com", password: "secret1" })).toEqual({ created: false });
  });
});
