import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb } from "../../app/server/platform/db.server";
import { migrateToLatest } from "../../app/server/ops/migrator.server";

/** The server tests create their databases on: TEST_DATABASE_URL, else the local Postgres. */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function uniqueName(kind: string): string {
  return `linkwise_${kind}_${process.pid}_${randomBytes(3).toString("hex")}`;
}

export function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database (optionally migrated, optionally under a name chosen earlier) and returns its URL. */
export async function createTestDatabase(kind: string, { migrate = true, name = uniqueName(kind) } = {}): Promise<{ name: string; url: string }> {
  await admin((client) => client.query(`create database "${name}"`));
  const url = urlFor(name);
  if (migrate) {
    const db = createDb(url, 1);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  }
  return { name, url };
}

export async function dropTestDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
}
