import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "~/server/platform/db.server";
import { listMigrations, migrateDown, migrateToLatest, migrateToNothing } from "~/server/platform/migrator.server";
import { migrations } from "../../migrations/index";
import { createTestDatabase, dropTestDatabase } from "../helpers/test-database";

const ALL_TABLES = [
  "audit_events",
  "auth_failures",
  "auth_sessions",
  "contact_messages",
  "email_tokens",
  "enrichment_usage",
  "link_artifacts",
  "links",
  "mail_outbox",
  "notifications",
  "plan_notify_signups",
  "share_views",
  "user_preferences",
  "users",
  "worker_heartbeats",
];

const database = await createTestDatabase("mig", { migrate: false });
const db = createDb(database.url, 1);

afterAll(async () => {
  await db.destroy();
  await dropTestDatabase(database.name);
});

async function tables(): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(db);
  return result.rows.map((row) => row.table_name);
}

async function columns(table: string): Promise<string[]> {
  const result = await sql<{ column_name: string }>`
    select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`.execute(db);
  return result.rows.map((row) => row.column_name);
}

describe("migrations", () => {
  it("lists every migration file in the index, in name order", async () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    expect((await listMigrations(db)).map((m) => m.name)).toEqual(names);
  });

  it("apply from nothing to latest, and a second run does nothing", async () => {
    const applied = await migrateToLatest(db);
    expect(applied).toHaveLength(Object.keys(migrations).length);
    expect(await tables()).toEqual(ALL_TABLES);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("revert one step at a time, then all the way down, then up again", async () => {
    const names = Object.keys(migrations);
    expect(await migrateDown(db, 1)).toEqual([`reverted ${names.at(-1)}`]);
    expect(await columns("links")).not.toContain("reenrich_requested_at");
    expect(await tables()).toContain("audit_events");
    expect(await migrateDown(db, 1)).toEqual([`reverted ${names.at(-2)}`]);
    expect(await tables()).not.toContain("audit_events");
    expect(await migrateDown(db, 1)).toEqual([`reverted ${names.at(-3)}`]);
    expect(await tables()).not.toContain("plan_notify_signups");
    expect(await tables()).toContain("share_views");
    expect(await tables()).toContain("link_artifacts");
    await migrateToNothing(db);
    expect(await tables()).toEqual([]);
    await migrateToLatest(db);
    expect(await tables()).toEqual(ALL_TABLES);
  });

  it("enforce the role check and unique emails", async () => {
    await db.insertInto("users").values({ email: "a@example.com", password_hash: "x" }).execute();
    await expect(db.insertInto("users").values({ email: "a@example.com", password_hash: "y" }).execute()).rejects.toThrow(
      /users_email_key/,
    );
    await expect(
      db.insertInto("users").values({ email: "b@example.com", password_hash: "x", role: "Root" as never }).execute(),
    ).rejects.toThrow(/check constraint/);
  });
});
