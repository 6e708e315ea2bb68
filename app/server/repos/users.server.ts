import type { Database } from "../platform/db.server";
import type { NewUser, User, UserUpdate } from "../platform/db-schema.server";

export async function countUsers(db: Database): Promise<number> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function getUserByEmail(db: Database, email: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function getUserById(db: Database, id: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertUser(db: Database, user: NewUser): Promise<User> {
  return db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Database, id: string, patch: UserUpdate): Promise<User | undefined> {
  return db
    .updateTable("users")
    .set({ ...patch, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function insertUsers(db: Database, users: NewUser[]): Promise<Array<{ id: string }>> {
  return db.insertInto("users").values(users).returning("id").execute();
}

export async function hasDemoUsers(db: Database): Promise<boolean> {
  return (await db.selectFrom("users").select("id").where("is_demo", "=", true).executeTakeFirst()) !== undefined;
}

/** The emails of these users (those that still exist), by id, in one query. */
export async function listUserEmails(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("users").select(["id", "email"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}
