import * as z from "zod";
import { ROLE_LABELS } from "./user";
import { ROLES } from "./vocabulary";

/**
 * The admin user list's contract, shared by `/api/admin/users` and the panel that calls it.
 * Statuses split every account three ways: deactivated, else unconfirmed (email not confirmed
 * yet), else active.
 */
export const USER_STATUSES = ["active", "unconfirmed", "deactivated"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_SORTS = ["joined", "lastActive", "email"] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** `paid` is Scout and Creator together: the panel's default, as the admin page lists paying users first. */
export const ROLE_FILTERS = ["paid", "all", ...ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/**
 * A search looks through every role: an admin typing an email wants that account, not the
 * paid accounts that match (the panel starts on Paid plans). The role filter applies again once
 * the search is empty; the status filter always applies.
 */
export function roleFilterFor(filters: { q: string; role: RoleFilter }): RoleFilter {
  return filters.q.trim() ? "all" : filters.role;
}

export const USER_PAGE_MAX = 100;
export const USER_PAGE_DEFAULT = 25;

export const userListQuerySchema = z.object({
  q: z.string().trim().toLowerCase().max(254, "The search is too long (254 characters at most).").optional(),
  role: z.enum(ROLE_FILTERS, { error: `role must be one of ${ROLE_FILTERS.join(", ")}.` }).default("all"),
  status: z.enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(", ")}.` }).optional(),
  sort: z.enum(USER_SORTS, { error: `sort must be one of ${USER_SORTS.join(", ")}.` }).default("joined"),
  cursor: z.string().max(500, "The cursor is not valid.").optional(),
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(USER_PAGE_MAX, `limit must be at most ${USER_PAGE_MAX}.`)
    .default(USER_PAGE_DEFAULT),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userPatchSchema = z
  .strictObject(
    {
      role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}.` }).optional(),
      active: z.boolean({ error: "active must be true or false." }).optional(),
    },
    { error: "Only role and active can be changed." },
  )
  .refine((patch) => patch.role !== undefined || patch.active !== undefined, { message: "Send role, active, or both." });
export type UserPatch = z.infer<typeof userPatchSchema>;

const roleSchema = z.enum(ROLES);
export const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    active: z.boolean(),
    emailConfirmed: z.boolean(),
    status: z.enum(USER_STATUSES),
    linksCount: z.number().int(),
    enrichmentsThisMonth: z.number().int(),
    credits: z.number().int().describe("Pack credits left (the credits ledger's balance)."),
    joinedAt: z.iso.datetime({ offset: true }),
    lastActiveAt: z.iso.datetime({ offset: true }).nullable(),
    grant: z
      .object({ role: roleSchema, grantedAt: z.iso.datetime({ offset: true }), grantedBy: z.string().nullable() })
      .nullable()
      .describe("The live manual grant, if an admin set this role by hand."),
  })
  .meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({ users: z.array(adminUserSchema), nextCursor: z.string().nullable() }).meta({ id: "AdminUserPage" });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export function userStatus(user: { active: boolean; emailConfirmed: boolean }): UserStatus {
  if (!user.active) return "deactivated";
  return user.emailConfirmed ? "active" : "unconfirmed";
}

export const STATUS_LABELS: Record<UserStatus, string> = { active: "Active", unconfirmed: "Unconfirmed", deactivated: "Deactivated" };
export const SORT_LABELS: Record<UserSort, string> = { joined: "Newest first", lastActive: "Recently active", email: "Email A–Z" };
export const ROLE_FILTER_LABELS: Record<RoleFilter, string> = {
  paid: "Paid plans (Scout and Creator)",
  all: "All roles",
  FreeUser: ROLE_LABELS.FreeUser,
  LiteUser: ROLE_LABELS.LiteUser,
  ProUser: ROLE_LABELS.ProUser,
  Admin: ROLE_LABELS.Admin,
};
