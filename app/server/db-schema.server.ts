import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * The one description of the database for Kysely. Each table's interface matches its
 * migration in migrations/; change both together.
 */
export interface DB {
  users: UsersTable;
  worker_heartbeats: WorkerHeartbeatsTable;
}

export const ROLES = ["FreeUser", "LiteUser", "ProUser", "Admin"] as const;
export type Role = (typeof ROLES)[number];

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  email_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  last_active_at: Date | null;
}
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface WorkerHeartbeatsTable {
  worker_id: string;
  hostname: string;
  pid: number;
  started_at: Date;
  last_beat_at: Date;
  jobs_processed: ColumnType<number, number | undefined, number>;
}
export type WorkerHeartbeat = Selectable<WorkerHeartbeatsTable>;
