import { describe, expect, it } from "vitest";
import { deleteUserAsAdmin, liveRoleGrant, updateUserAsAdmin, type Actor } from "~/server/admin/users.server";
import { effectiveRole } from "~/server/billing/subscriptions.server";
import { db } from "~/server/platform/db.server";
import type { Role } from "~/server/platform/db-schema.server";
import { HttpError } from "~/server/platform/http.server";

// This file's database starts empty, so it decides how many admins there are.
let counter = 0;
async function makeUser(role: Role): Promise<Actor> {
  const email = `g${++counter}-${role.toLowerCase()}@example.com`;
  const { id } = await db().insertInto("users").values({ email, password_hash: "x", role }).returning("id").executeTakeFirstOrThrow();
  return { id, email };
}

const activeAdmins = async () =>
  (await db().selectFrom("users").select("id").where("role", "=", "Admin").where("is_active", "=", true).execute()).map((r) => r.id).sort();

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, message: (error as HttpError).message };
}

describe("the last admin and the admin themself", () => {
  it("refuses to demote, deactivate or delete the last admin, with 409", async () => {
    const only = await makeUser("Admin");
    const lastAdmin = { status: 409, message: `${only.email} is the last admin. Make another account an admin first.` };
    expect(await refusal(updateUserAsAdmin(only, only.id, { role: "ProUser" }))).toEqual(lastAdmin);
    expect(await refusal(updateUserAsAdmin(only, only.id, { active: false }))).toEqual(lastAdmin);
    expect(await refusal(deleteUserAsAdmin(only, only.id))).toEqual(lastAdmin);
    expect(await activeAdmins()).toEqual([only.id]);
    // Setting one's own role to what it is takes nothing away.
    expect((await updateUserAsAdmin(only, only.id, { role: "Admin" })).role).toBe("Admin");
    expect(await liveRoleGrant(only.id)).toBeNull();
    expect(await db().selectFrom("audit_events").select("id").where("target_id", "=", only.id).execute()).toEqual([]);

    // With a second admin, the refusal is about acting on oneself.
    const other = await makeUser("Admin");
    expect(await refusal(updateUserAsAdmin(only, only.id, { role: "FreeUser" }))).toEqual({
      status: 403,
      message: "You cannot change your own role: ask another admin.",
    });
    expect((await refusal(deleteUserAsAdmin(only, only.id))).status).toBe(403);
    // A deactivated admin is no admin to fall back on.
    await updateUserAsAdmin(only, other.id, { active: false });
    expect((await refusal(updateUserAsAdmin(only, only.id, { active: false }))).status).toBe(409);
    await deleteUserAsAdmin(only, other.id);
  });

  it("never leaves the instance without an admin when two admins remove each other at once", async () => {
    const [first] = await activeAdmins();
    const a: Actor = { id: first!, email: "" };
    for (const patch of [{ role: "LiteUser" as const }, { active: false }]) {
      const b = await makeUser("Admin");
      expect(await activeAdmins()).toHaveLength(2);
      const results = await Promise.allSettled([updateUserAsAdmin(a, b.id, patch), updateUserAsAdmin(b, a.id, patch)]);
      const fulfilled = results.filter((r) => r.status === "fulfilled");
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(1);
      // Whoever came second had already lost the console.
      expect(rejected[0]!.reason).toMatchObject({ status: 403, message: "Only admins can do this." });
      const left = await activeAdmins();
      expect(left).toHaveLength(1);
      // Put the first admin back in charge for the next round.
      if (left[0] !== a.id) {
        const survivor = { id: left[0]!, email: "" };
        await updateUserAsAdmin(survivor, a.id, { role: "Admin", active: true });
        await deleteUserAsAdmin(a, survivor.id);
      } else await deleteUserAsAdmin(a, b.id);
    }
  });

  it("refuses an actor who is not an admin, even through the service", async () => {
    const scout = await makeUser("LiteUser");
    const target = await makeUser("FreeUser");
    expect(await refusal(updateUserAsAdmin(scout, target.id, { role: "ProUser" }))).toEqual({ status: 403, message: "Only admins can do this." });
    expect(await refusal(deleteUserAsAdmin(scout, target.id))).toEqual({ status: 403, message: "Only admins can do this." });
  });
});

describe("the grant rule", () => {
  it("a live manual grant wins over a subscription's role; without one the subscription decides; else Free", async () => {
    expect(effectiveRole({ role: "LiteUser" }, "ProUser")).toBe("LiteUser");
    expect(effectiveRole({ role: "ProUser" }, null)).toBe("ProUser");
    expect(effectiveRole(null, "ProUser")).toBe("ProUser");
    expect(effectiveRole(null, null)).toBe("FreeUser");

    const [adminId] = await activeAdmins();
    const admin: Actor = { id: adminId!, email: "admin@example.com" };
    const user = await makeUser("FreeUser");
    await updateUserAsAdmin(admin, user.id, { role: "LiteUser" });
    expect(effectiveRole(await liveRoleGrant(user.id), "ProUser")).toBe("LiteUser");
    await updateUserAsAdmin(admin, user.id, { role: "FreeUser" });
    expect(await liveRoleGrant(user.id)).toBeNull();
    expect(effectiveRole(await liveRoleGrant(user.id), "ProUser")).toBe("ProUser");
  });
});
