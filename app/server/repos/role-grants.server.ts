import type { Database } from "../platform/db.server";
import type { GrantedRole, RoleGrant } from "../platform/db-schema.server";

/** The user's live (not revoked) grant, if any. */
export async function getLiveRoleGrant(db: Database, userId: string): Promise<RoleGrant | undefined> {
  return db.selectFrom("role_grants").selectAll().where("user_id", "=", userId).where("revoked_at", "is", null).executeTakeFirst();
}

export async function listLiveRoleGrants(db: Database, userIds: string[]): Promise<RoleGrant[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom("role_grants").selectAll().where("user_id", "in", userIds).where("revoked_at", "is", null).execute();
}

export async function insertRoleGrant(
  db: Database,
  grant: { userId: string; role: GrantedRole; by: { id: string; label: string } },
): Promise<RoleGrant> {
  return db
    .insertInto("role_grants")
    .values({ user_id: grant.userId, role: grant.role, granted_by_id: grant.by.id, granted_by_label: grant.by.label })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function revokeRoleGrant(db: Database, grantId: string, by: { id: string; label: string }): Promise<void> {
  await db
    .updateTable("role_grants")
    .set({ revoked_at: new Date(), revoked_by_id: by.id, revoked_by_label: by.label })
    .where("id", "=", grantId)
    .where("revoked_at", "is", null)
    .execute();
}
